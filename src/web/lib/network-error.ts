/** A call that never reached the server (offline, refused), as opposed to one the server answered with an error. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof Error && /fetch|network/i.test(error.message);
}
