/** The bridge's connection state, for the banner that tells the user when web mode is unreachable. */

/** `open` is the normal state; desktop is always open. */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'offline';

/** A source of connection changes; `onReconnect` fires after the link came back, so mirrors can be reloaded. */
export interface ConnectionSource {
  state(): ConnectionState;
  onState(listener: (state: ConnectionState) => void): () => void;
  onReconnect(listener: () => void): () => void;
}

/** A connection that is always open (the Electron preload bridge). */
export const alwaysOpen: ConnectionSource = {
  state: () => 'open',
  onState: () => () => {},
  onReconnect: () => () => {},
};
