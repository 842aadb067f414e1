import crypto from 'node:crypto';

// The one-click unsubscribe link of an alert email names its user with a signed token: it works
// without signing in (RFC 8058), and nobody can turn off someone else's alerts by guessing ids.

const sign = (secret: string, userId: string) => crypto.createHmac('sha256', secret).update(`unsubscribe:${userId}`).digest('base64url');

export function unsubscribeToken(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${sign(secret, userId)}`;
}

/** The user a token names, or null when it was not made with this secret. */
export function userOfUnsubscribeToken(secret: string, token: string): string | null {
  const [encoded, mac, ...rest] = token.split('.');
  if (!encoded || !mac || rest.length > 0) return null;
  const userId = Buffer.from(encoded, 'base64url').toString();
  const expected = Buffer.from(sign(secret, userId));
  const given = Buffer.from(mac);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? userId : null;
}
