import crypto from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
const ALGORITHM = 'HS256';
const ISSUER = 'blood-donation';
const AUDIENCE = 'blood-donation-api';

/**
 * The spec's access token: a short-lived JWT (1 h), HMAC-signed with a key derived from the auth
 * secret, verified with the algorithm, issuer and audience pinned, so `alg: none` or a swapped
 * algorithm never passes. fast-jwt verifies with Node's native HMAC in a few microseconds (jose's
 * WebCrypto path cost ~100-200 µs on every authenticated request: docs/decisions/004-performance.md).
 */
export function createTokenService(secret: string, now?: () => number) {
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, 'blood-donation', 'access-token-v1', 32));
  const verifierOptions = { key, algorithms: [ALGORITHM] as ['HS256'], allowedIss: ISSUER, allowedAud: AUDIENCE, requiredClaims: ['sub', 'exp', 'iat'] };
  const verifier = createVerifier(verifierOptions);
  // A test clock needs a verifier that reads it; production uses the real clock.
  const verifyAt = now ? (token: string) => createVerifier({ ...verifierOptions, clockTimestamp: now() })(token) : verifier;

  return {
    async sign(user: { id: string; email: string }): Promise<string> {
      const sign = createSigner({
        key,
        algorithm: ALGORITHM,
        iss: ISSUER,
        aud: AUDIENCE,
        sub: user.id,
        expiresIn: ACCESS_TOKEN_TTL_SECONDS * 1000,
        ...(now ? { clockTimestamp: now() } : {}),
      });
      return sign({ email: user.email });
    },
    /** The user id of a valid token, or null (malformed, wrong signature, expired, other algorithm). */
    async verify(token: string): Promise<string | null> {
      try {
        const payload = verifyAt(token) as { sub?: unknown };
        return typeof payload.sub === 'string' && payload.sub ? payload.sub : null;
      } catch (err) {
        if (err instanceof TokenError) return null;
        throw err;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
