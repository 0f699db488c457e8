/** The two IPC channels between preload and main; written here once so neither side spells them by hand. */

/** Renderer -> main: `invoke(INVOKE_CHANNEL, callName, params)` answers a `Result`. */
export const INVOKE_CHANNEL = 'switchboard:invoke';

/** Main -> renderer: `send(EVENT_CHANNEL, eventName, payload)` for every host event. */
export const EVENT_CHANNEL = 'switchboard:event';

/** The name under which the preload exposes the bridge on `window`. */
export const BRIDGE_GLOBAL = 'switchboard';
