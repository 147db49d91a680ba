/** Events about one browser session, shared by all its tabs. */
export type SessionEvent = { type: 'signed-out' };

export function sessionChannel(sessionId: string): string {
  return `session:${sessionId}`;
}
