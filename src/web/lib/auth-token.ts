/**
 * Whether a stored access token may be used as it is: a page load of a signed-in user reuses it
 * instead of exchanging the session again (POST /api/jwt) while it is for the signed-in email and
 * has more than a minute left (docs/decisions/062-limits-for-shared-addresses.md). Only its
 * claims are read here; the server still checks signature and session on every call, and a 401
 * gets a fresh token from the session (api-client.ts).
 */
export const TOKEN_REUSE_MARGIN_MS = 60_000;

export function isReusableToken(token: string | null, email: string, now = Date.now()): boolean {
  const payload = token?.split('.')[1];
  if (!payload) return false;
  try {
    const bytes = Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as { email?: unknown; exp?: unknown } | null;
    return (
      typeof claims?.email === 'string' &&
      claims.email.toLowerCase() === email.toLowerCase() &&
      typeof claims.exp === 'number' &&
      claims.exp * 1000 > now + TOKEN_REUSE_MARGIN_MS
    );
  } catch {
    return false;
  }
}
