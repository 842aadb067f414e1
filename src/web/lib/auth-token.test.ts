import { describe, expect, it } from 'vitest';
import { isReusableToken, TOKEN_REUSE_MARGIN_MS } from './auth-token';

// A page load reuses a stored token instead of exchanging the session again (issue 38, decision 062).

/** A JWT as the server's token service writes it (HS256; the signature is not read here). */
const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const jwt = (claims: object) => `${base64url('{"alg":"HS256","typ":"JWT"}')}.${base64url(JSON.stringify(claims))}.c2lnbmF0dXJl`;

describe('isReusableToken', () => {
  const issuedAt = Date.UTC(2026, 10, 27, 8, 0, 0);
  const expiry = issuedAt + 60 * 60 * 1000;
  const tokenOf = (email: string) =>
    jwt({ email, sid: 's1', iat: issuedAt / 1000, exp: expiry / 1000, sub: 'u1', iss: 'blood-donation', aud: 'blood-donation-api' });

  it('takes a token of the signed-in email with more than a minute left, whatever the case of the email', () => {
    const token = tokenOf('Donor@Example.com');
    expect(isReusableToken(token, 'donor@example.com', issuedAt)).toBe(true);
    expect(isReusableToken(token, 'donor@example.com', expiry - TOKEN_REUSE_MARGIN_MS - 1000)).toBe(true);
  });

  it('refuses a token about to expire or expired, another email, a missing or malformed token', () => {
    const token = tokenOf('donor@example.com');
    expect(isReusableToken(token, 'donor@example.com', expiry - TOKEN_REUSE_MARGIN_MS)).toBe(false);
    expect(isReusableToken(token, 'donor@example.com', expiry + 1)).toBe(false);
    expect(isReusableToken(token, 'other@example.com', issuedAt)).toBe(false);
    expect(isReusableToken(null, 'donor@example.com', issuedAt)).toBe(false);
    const noExpiry = jwt({ email: 'donor@example.com' });
    const textExpiry = jwt({ email: 'donor@example.com', exp: String(expiry / 1000) });
    for (const bad of ['', 'abc', 'a.b.c', 'a.!!!.c', `x.${base64url('null')}.y`, noExpiry, textExpiry]) {
      expect(isReusableToken(bad, 'donor@example.com', issuedAt)).toBe(false);
    }
  });

  it('reads a token whose email is not ASCII (base64url with - and _)', () => {
    const token = tokenOf('রহিম.দাস@example.com');
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(isReusableToken(token, 'রহিম.দাস@example.com', issuedAt)).toBe(true);
  });
});
