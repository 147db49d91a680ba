/**
 * The WebSocket close code the server uses when the socket's session ended (sign-out, password change, deletion):
 * the client then asks whether this browser still has a session (it may hold a new one) before signing the tab out.
 */
export const SESSION_ENDED_CLOSE_CODE = 4001;

/**
 * The calls a tab sends over its open WebSocket rather than HTTP: the chats' own traffic. A message goes out on the
 * socket that delivers the conversation's (or room's) live events, and marking read and typing follow on it, with
 * no headers, cookie or session to read per call (bench/README.md, messaging). The server checks them there exactly
 * as over HTTP (tests/security/object-access.test.ts).
 */
export const SOCKET_CALLS: ReadonlySet<string> = new Set([
  'conversations.send',
  'conversations.markRead',
  'roomMessages.send',
  'roomMessages.markRead',
  'roomMessages.typing',
]);
