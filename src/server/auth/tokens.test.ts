import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, createTokenService } from './tokens';

const SECRET = 's'.repeat(48);

describe('access tokens', () => {
  it('verify while fresh, and not after an hour', async () => {
    let now = Date.parse('2026-11-21T10:00:00Z');
    const tokens = createTokenService(SECRET, () => now);
    const token = await tokens.sign({ id: 'user-1', email: 'a@b.co' }, 'session-1');
    expect(await tokens.verify(token)).toEqual({ userId: 'user-1', sessionId: 'session-1' });
    now += (ACCESS_TOKEN_TTL_SECONDS - 5) * 1000;
    expect(await tokens.verify(token)).toEqual({ userId: 'user-1', sessionId: 'session-1' });
    now += 10 * 1000;
    expect(await tokens.verify(token)).toBeNull();
  });

  it('are bound to the secret', async () => {
    const token = await createTokenService(SECRET).sign({ id: 'u', email: 'a@b.co' }, 's');
    expect(await createTokenService('t'.repeat(48)).verify(token)).toBeNull();
  });

  it('refuse a token without a session (issued before tokens were tied to sessions)', async () => {
    const tokens = createTokenService(SECRET);
    const { createSigner } = await import('fast-jwt');
    const key = Buffer.from(crypto.hkdfSync('sha256', SECRET, 'blood-donation', 'access-token-v1', 32));
    const old = createSigner({ key, algorithm: 'HS256', iss: 'blood-donation', aud: 'blood-donation-api', sub: 'u', expiresIn: 60_000 })({ email: 'a@b.co' });
    expect(await tokens.verify(old)).toBeNull();
  });

  it('refuse another algorithm, a wrong audience and garbage', async () => {
    const tokens = createTokenService(SECRET);
    const rawKey = new TextEncoder().encode(SECRET);
    const hs512 = await new SignJWT({}).setProtectedHeader({ alg: 'HS512' }).setSubject('u').setExpirationTime('1h').sign(rawKey);
    expect(await tokens.verify(hs512)).toBeNull();
    for (const garbage of ['', 'a.b.c', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1In0.', '\u0000'.repeat(10)]) {
      expect(await tokens.verify(garbage)).toBeNull();
    }
  });
});
