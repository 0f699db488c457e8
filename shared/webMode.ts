/** What web mode's server and the renderer's WebSocket bridge must agree on (electron/web, renderer/src/bridge). */

/** Paths served by web mode besides the renderer's files. */
export const webPaths = {
  /** The WebSocket; authorised by `?token=`. */
  socket: '/ws',
  /** POST `{ code }` -> `{ token }`, once per one-time code (`--open`). */
  session: '/session',
  /** A page telling the user to open the printed link; where a tab without a valid token is sent. */
  linkNeeded: '/link-needed',
} as const;

/** Close code of a socket refused for a missing or wrong token (4000-4999: application codes, RFC 6455 §7.4.2). */
export const unauthorizedCloseCode = 4401;
