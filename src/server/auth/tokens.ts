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
 * WebCrypto path cost ~100-200 µs on every authenticated request: docs/decisions/013-fast-jwt.md).
 */
export function createTokenService(secret: string, now?: () => number) {
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, 'blood-donation', 'access-token-v1', 32));
  const verifierOptions = { key, algorithms: [ALGORITHM] as ['HS256'], allowedIss: ISSUER, allowedAud: AUDIENCE, requiredClaims: ['sub', 'sid', 'exp', 'iat'] };
  // The verified tokens of the last 1,000 callers are kept (by a hash of the token, until its
  // expiry): a token's next call skips the signature check and parsing. The guard still reads
  // the session on every call, so sign-out and blocks apply at once.
  const verifier = createVerifier({ ...verifierOptions, cache: 1000 });
  // A test clock needs a verifier that reads it; production uses the real clock.
  const verifyAt = now ? (token: string) => createVerifier({ ...verifierOptions, clockTimestamp: now() })(token) : verifier;

  return {
    /** A token of this user for this session: it ends with the session (sign-out, block). */
    async sign(user: { id: string; email: string }, sessionId: string): Promise<string> {
      const sign = createSigner({
        key,
        algorithm: ALGORITHM,
        iss: ISSUER,
        aud: AUDIENCE,
        sub: user.id,
        expiresIn: ACCESS_TOKEN_TTL_SECONDS * 1000,
        ...(now ? { clockTimestamp: now() } : {}),
      });
      return sign({ email: user.email, sid: sessionId });
    },
    /**
     * The user and session of a valid token, or null (malformed, wrong signature, expired, other
     * algorithm, no session). Whether the session still exists is the guard's question.
     */
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const payload = verifyAt(token) as { sub?: unknown; sid?: unknown };
        const ok = typeof payload.sub === 'string' && payload.sub && typeof payload.sid === 'string' && payload.sid;
        return ok ? { userId: payload.sub as string, sessionId: payload.sid as string } : null;
      } catch (err) {
        if (err instanceof TokenError) return null;
        throw err;
      }
    },
  };
}

export interface TokenClaims {
  userId: string;
  sessionId: string;
}

export type TokenService = ReturnType<typeof createTokenService>;
