/**
 * The server's error code (src/server/errors.ts `APP_ERRORS`) of a failed call, or null (a dropped connection, a
 * failure outside our procedures). Screens switch on this, never on the English text of the message.
 */
export function appCodeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const data = (error as { data?: { appCode?: unknown } | null }).data;
  return typeof data?.appCode === 'string' ? data.appCode : null;
}
