/**
 * The bench's users come from the server's test-only route (`POST /api/test/users`, in the NODE_ENV=test build
 * only), which signs the new user up and answers with their session cookies: no sign-up form to drive.
 */

export interface SignedInUser {
  /** The session's cookies as a `Cookie` header. */
  cookie: string;
  /** The same cookies one by one, for a browser's cookie jar. */
  cookies: { name: string; value: string }[];
}

export async function signUpTestUser(base: string, email: string, firstName: string): Promise<SignedInUser> {
  const response = await fetch(`${base}/api/test/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, firstName }),
  });
  if (!response.ok) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((header) => {
    const pair = header.split(';')[0]!;
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
  return { cookie: cookies.map(({ name, value }) => `${name}=${value}`).join('; '), cookies };
}
