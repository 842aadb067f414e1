import crypto from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
const ALGORITHM = 'HS256';
const ISSUER = 'blood-donation';
const AUDIENCE = 'blood-donation-api';

/**
 * The spec's access token: a short-lived JWT (1 h), HMAC-signed with a key derived from the auth
 * secret, verified with the algorithm pinned, so `alg: none` or a swapped algorithm never passes.
 */
export function createTokenService(secret: string, now: () => number = () => Date.now()) {
  const key = new Uint8Array(crypto.hkdfSync('sha256', secret, 'blood-donation', 'access-token-v1', 32));
  return {
    async sign(user: { id: string; email: string }): Promise<string> {
      const iat = Math.floor(now() / 1000);
      return new SignJWT({ email: user.email })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    /** The user id of a valid token, or null (malformed, wrong signature, expired, other algorithm). */
    async verify(token: string): Promise<string | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: new Date(now()),
        });
        return typeof payload.sub === 'string' && payload.sub ? payload.sub : null;
      } catch (err) {
        if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
