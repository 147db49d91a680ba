/**
 * The WebSocket close code the server uses when the socket's session ended (sign-out, password change, deletion):
 * the client then asks whether this browser still has a session (it may hold a new one) before signing the tab out.
 */
export const SESSION_ENDED_CLOSE_CODE = 4001;
