import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/**
 * Local stand-ins for Google (OAuth 2.0 + OpenID Connect) and GitHub (OAuth 2.0 + REST API): a
 * real HTTP server on 127.0.0.1 that speaks the providers' protocols, so the tests run the real
 * better-auth code path (authorize -> callback -> code exchange -> profile) without the network.
 *
 * As a real provider, it checks what it is sent: the client id and secret, the registered
 * redirect URI, PKCE (S256 only), single-use codes bound to their client, redirect URI and code
 * challenge, and bearer access tokens. Every request is recorded for the tests to inspect.
 */

export interface StandInClient {
  clientId: string;
  clientSecret: string;
  /** The redirect URIs registered for this client; anything else is refused. */
  redirectUris: string[];
}

export interface GoogleProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture: string;
}

export interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
  visibility: 'public' | 'private' | null;
}

export interface GitHubProfile {
  id: number;
  login: string;
  name: string | null;
  /** The public email of /user: null when the user keeps it private. */
  email: string | null;
  avatar_url: string;
  /** What /user/emails answers. */
  emails: GitHubEmail[];
}

export interface RecordedRequest {
  method: string;
  /** Path without the query, e.g. `/google/token`. */
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  /** The raw body. */
  body: string;
  /** The body's parameters (form-encoded or JSON), as strings. */
  params: Record<string, string>;
  /** The status the stand-in answered. */
  status: number;
  /** The JSON or form body the stand-in answered, as text (empty for redirects). */
  response: string;
}

interface ProviderState<P> {
  readonly client: StandInClient;
  /** The profile that the next authorizations return (the user who "signs in" at the provider). */
  nextUser: P;
  /** false: the user refuses consent on the next authorizations (`error=access_denied`). */
  consent: boolean;
}

export interface OAuthStandIn {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly google: ProviderState<GoogleProfile>;
  readonly github: ProviderState<GitHubProfile>;
  /** Every request the stand-in received, in order. */
  readonly requests: RecordedRequest[];
  /** The recorded requests whose path starts with `prefix`. */
  requestsTo(prefix: string): RecordedRequest[];
  /** The public JWK set of the key that signs Google ID tokens. */
  jwks(): Promise<{ keys: Record<string, unknown>[] }>;
  /** The app's environment variables that point both providers here. */
  env(overrides?: { google?: Partial<StandInClient>; github?: Partial<StandInClient> }): Record<string, string>;
  close(): Promise<void>;
}

interface IssuedCode {
  provider: 'google' | 'github';
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  nonce?: string;
  profile: GoogleProfile | GitHubProfile;
  expiresAt: number;
  used: boolean;
}

interface IssuedToken {
  provider: 'google' | 'github';
  scope: string;
  profile: GoogleProfile | GitHubProfile;
  expiresAt: number;
}

const GOOGLE_ISSUER = 'https://accounts.google.com';
const CODE_TTL_MS = 10 * 60 * 1000;
const ACCESS_TOKEN_TTL_S = 3599;

class Reply {
  status = 200;
  headers: Record<string, string> = {};
  body = '';
  json(status: number, value: unknown) {
    this.status = status;
    this.headers['content-type'] = 'application/json; charset=utf-8';
    this.body = JSON.stringify(value);
    return this;
  }
  form(status: number, value: Record<string, string>) {
    this.status = status;
    this.headers['content-type'] = 'application/x-www-form-urlencoded; charset=utf-8';
    this.body = new URLSearchParams(value).toString();
    return this;
  }
  text(status: number, value: string) {
    this.status = status;
    this.headers['content-type'] = 'text/plain; charset=utf-8';
    this.body = value;
    return this;
  }
  redirect(location: string) {
    this.status = 302;
    this.headers.location = location;
    this.body = '';
    return this;
  }
}

const randomToken = (bytes = 24) => crypto.randomBytes(bytes).toString('base64url');
const s256 = (verifier: string) => crypto.createHash('sha256').update(verifier).digest('base64url');

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

function parseBody(raw: string, contentType: string | undefined): Record<string, string> {
  if (!raw) return {};
  if (contentType?.includes('application/json')) {
    try {
      const parsed = JSON.parse(raw) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

/** RFC 6749 section 2.3.1: HTTP Basic (form-url-encoded id and secret) or the body's parameters. */
function clientCredentials(
  headers: http.IncomingHttpHeaders,
  params: Record<string, string>,
): { id?: string; secret?: string; methods: number } {
  let methods = 0;
  let id: string | undefined;
  let secret: string | undefined;
  const match = /^Basic\s+(\S+)$/i.exec(headers.authorization ?? '');
  if (match?.[1]) {
    methods++;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      const form = (v: string) => new URLSearchParams(`v=${v}`).get('v') ?? '';
      id = form(decoded.slice(0, colon));
      secret = form(decoded.slice(colon + 1));
    }
  }
  if (params.client_secret !== undefined) methods++;
  if (params.client_id !== undefined && id !== undefined && params.client_id !== id) methods = 2;
  id ??= params.client_id;
  secret ??= params.client_secret;
  return { id, secret, methods };
}

function bearer(headers: http.IncomingHttpHeaders, schemes = /^(Bearer)\s+(\S+)$/i): string | undefined {
  return schemes.exec(headers.authorization ?? '')?.[2];
}

function withQuery(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

export async function startOAuthStandIn(options: {
  google: StandInClient;
  github: StandInClient;
  googleUser?: GoogleProfile;
  githubUser?: GitHubProfile;
}): Promise<OAuthStandIn> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomToken(8);
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, IssuedToken>();
  const requests: RecordedRequest[] = [];

  const google: ProviderState<GoogleProfile> = {
    client: options.google,
    consent: true,
    nextUser: options.googleUser ?? {
      sub: '109876543210987654321',
      email: 'rahim.google@example.com',
      email_verified: true,
      name: 'Rahim Uddin',
      picture: 'https://lh3.googleusercontent.com/a/rahim=s96-c',
    },
  };
  const github: ProviderState<GitHubProfile> = {
    client: options.github,
    consent: true,
    nextUser: options.githubUser ?? {
      id: 5550001,
      login: 'karim-dev',
      name: 'Karim Hossain',
      email: 'karim.github@example.com',
      avatar_url: 'https://avatars.githubusercontent.com/u/5550001?v=4',
      emails: [{ email: 'karim.github@example.com', primary: true, verified: true, visibility: 'public' }],
    },
  };

  let baseUrl = '';

  /**
   * The authorization endpoint of both providers. An unknown client or an unregistered redirect
   * URI gets an error page (never a redirect, RFC 6749 section 4.1.2.1); other errors and the
   * user's refusal go back to the client with `error`; consent goes back with a fresh code.
   */
  function authorize(which: 'google' | 'github', q: Record<string, string>, reply: Reply): Reply {
    const state = which === 'google' ? google : github;
    const { client } = state;
    if (q.client_id !== client.clientId) return reply.text(400, `Error 401: invalid_client (unknown client_id ${q.client_id ?? ''})`);
    if (!q.redirect_uri || !client.redirectUris.includes(q.redirect_uri)) {
      return reply.text(400, `Error 400: redirect_uri_mismatch (${q.redirect_uri ?? 'missing'})`);
    }
    const back = (params: Record<string, string | undefined>) => reply.redirect(withQuery(q.redirect_uri!, { ...params, state: q.state }));
    if (q.response_type !== 'code') return back({ error: 'unsupported_response_type' });
    if (!q.state) return back({ error: 'invalid_request', error_description: 'state is required' });
    if (!q.code_challenge || !/^[A-Za-z0-9_-]{43,128}$/.test(q.code_challenge)) {
      return back({ error: 'invalid_request', error_description: 'code_challenge is required (PKCE)' });
    }
    if (q.code_challenge_method !== 'S256') {
      return back({ error: 'invalid_request', error_description: 'code_challenge_method must be S256' });
    }
    const scopes = (q.scope ?? '').split(/[\s,]+/).filter(Boolean);
    if (which === 'google' && !scopes.includes('openid')) return back({ error: 'invalid_scope', error_description: 'openid is required' });
    if (!state.consent) return back({ error: 'access_denied', error_description: 'The user denied the request' });
    const code = (which === 'google' ? '4/0A' : '') + randomToken(20);
    codes.set(code, {
      provider: which,
      clientId: client.clientId,
      redirectUri: q.redirect_uri,
      codeChallenge: q.code_challenge,
      scope: scopes.join(which === 'google' ? ' ' : ','),
      nonce: q.nonce,
      profile: structuredClone(state.nextUser),
      expiresAt: Date.now() + CODE_TTL_MS,
      used: false,
    });
    return back({ code, ...(which === 'google' ? { scope: scopes.join(' '), authuser: '0', prompt: 'consent' } : {}) });
  }

  /** Checks a code exchange; the error names of RFC 6749 section 5.2, or the issued code. */
  function redeem(
    which: 'google' | 'github',
    headers: http.IncomingHttpHeaders,
    p: Record<string, string>,
  ): { error: string; description: string } | { issued: IssuedCode } {
    const { client } = which === 'google' ? google : github;
    const creds = clientCredentials(headers, p);
    if (creds.methods > 1) return { error: 'invalid_request', description: 'more than one client authentication method' };
    if (creds.id !== client.clientId || creds.secret === undefined || !safeEqual(creds.secret, client.clientSecret)) {
      return { error: 'invalid_client', description: 'The OAuth client was not found or its secret is wrong.' };
    }
    if (p.grant_type !== 'authorization_code') return { error: 'unsupported_grant_type', description: `grant_type ${p.grant_type ?? ''}` };
    const issued = p.code ? codes.get(p.code) : undefined;
    if (!issued || issued.provider !== which || issued.clientId !== client.clientId) return { error: 'invalid_grant', description: 'Malformed auth code.' };
    if (issued.used) return { error: 'invalid_grant', description: 'Code was already redeemed.' };
    issued.used = true;
    if (issued.expiresAt < Date.now()) return { error: 'invalid_grant', description: 'Code expired.' };
    if (p.redirect_uri !== issued.redirectUri) return { error: 'redirect_uri_mismatch', description: 'Bad Request' };
    if (!p.code_verifier || !safeEqual(s256(p.code_verifier), issued.codeChallenge)) {
      return { error: 'invalid_grant', description: 'Invalid code verifier.' };
    }
    return { issued };
  }

  async function googleToken(headers: http.IncomingHttpHeaders, p: Record<string, string>, reply: Reply): Promise<Reply> {
    reply.headers['cache-control'] = 'no-store';
    if (!headers['content-type']?.includes('application/x-www-form-urlencoded')) {
      return reply.json(400, { error: 'invalid_request', error_description: 'form-encoded body expected' });
    }
    const result = redeem('google', headers, p);
    if ('error' in result) return reply.json(result.error === 'invalid_client' ? 401 : 400, { error: result.error, error_description: result.description });
    const profile = result.issued.profile as GoogleProfile;
    const accessToken = `ya29.${randomToken(32)}`;
    tokens.set(accessToken, { provider: 'google', scope: result.issued.scope, profile, expiresAt: Date.now() + ACCESS_TOKEN_TTL_S * 1000 });
    const now = Math.floor(Date.now() / 1000);
    const idToken = await new SignJWT({
      azp: google.client.clientId,
      email: profile.email,
      email_verified: profile.email_verified,
      name: profile.name,
      picture: profile.picture,
      ...(result.issued.nonce ? { nonce: result.issued.nonce } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(GOOGLE_ISSUER)
      .setAudience(google.client.clientId)
      .setSubject(profile.sub)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(privateKey);
    return reply.json(200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_S,
      scope: result.issued.scope,
      id_token: idToken,
    });
  }

  /**
   * GitHub answers errors of the code exchange with status 200 and an `error` field, and answers
   * form-encoded unless the client asks for JSON.
   */
  function githubToken(headers: http.IncomingHttpHeaders, p: Record<string, string>, reply: Reply): Reply {
    const asJson = (headers.accept ?? '').includes('application/json');
    const send = (value: Record<string, string>) => (asJson ? reply.json(200, value) : reply.form(200, value));
    const result = redeem('github', headers, { grant_type: 'authorization_code', ...p });
    if ('error' in result) {
      const error =
        result.error === 'invalid_client' ? 'incorrect_client_credentials' : result.error === 'redirect_uri_mismatch' ? 'redirect_uri_mismatch' : 'bad_verification_code';
      return send({ error, error_description: result.description, error_uri: 'https://docs.github.com/apps/troubleshooting-oauth-app-access-token-request-errors' });
    }
    const accessToken = `gho_${randomToken(27)}`;
    tokens.set(accessToken, { provider: 'github', scope: result.issued.scope, profile: result.issued.profile, expiresAt: Date.now() + 8 * 3600 * 1000 });
    return send({ access_token: accessToken, token_type: 'bearer', scope: result.issued.scope });
  }

  function tokenFor(which: 'google' | 'github', value: string | undefined): IssuedToken | undefined {
    const t = value ? tokens.get(value) : undefined;
    return t && t.provider === which && t.expiresAt > Date.now() ? t : undefined;
  }

  function googleUserinfo(headers: http.IncomingHttpHeaders, reply: Reply): Reply {
    const t = tokenFor('google', bearer(headers));
    if (!t) {
      reply.headers['www-authenticate'] = 'Bearer realm="https://accounts.google.com/", error="invalid_token"';
      return reply.json(401, { error: 'invalid_request', error_description: 'Invalid Credentials' });
    }
    const p = t.profile as GoogleProfile;
    return reply.json(200, { sub: p.sub, email: p.email, email_verified: p.email_verified, name: p.name, picture: p.picture });
  }

  function githubApi(path: string, headers: http.IncomingHttpHeaders, reply: Reply): Reply {
    if (!headers['user-agent']) {
      return reply.text(403, 'Request forbidden by administrative rules. Please make sure your request has a User-Agent header.');
    }
    const t = tokenFor('github', bearer(headers, /^(Bearer|token)\s+(\S+)$/i));
    if (!t) return reply.json(401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
    const p = t.profile as GitHubProfile;
    if (path === '/github-api/user') {
      return reply.json(200, { id: p.id, login: p.login, name: p.name, email: p.email, avatar_url: p.avatar_url, type: 'User' });
    }
    if (path === '/github-api/user/emails') {
      if (!t.scope.split(',').includes('user:email')) return reply.json(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
      return reply.json(200, p.emails);
    }
    return reply.json(404, { message: 'Not Found' });
  }

  async function route(method: string, path: string, q: Record<string, string>, headers: http.IncomingHttpHeaders, p: Record<string, string>): Promise<Reply> {
    const reply = new Reply();
    if (method === 'GET' && path === '/google/authorize') return authorize('google', q, reply);
    if (method === 'POST' && path === '/google/token') return googleToken(headers, p, reply);
    if (method === 'GET' && path === '/google/userinfo') return googleUserinfo(headers, reply);
    if (method === 'GET' && path === '/google/jwks') return reply.json(200, await jwks());
    if (method === 'GET' && path === '/github/authorize') return authorize('github', q, reply);
    if (method === 'POST' && path === '/github/access_token') return githubToken(headers, p, reply);
    if (method === 'GET' && path.startsWith('/github-api/')) return githubApi(path, headers, reply);
    return reply.json(404, { error: 'not_found' });
  }

  async function jwks() {
    return { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', baseUrl);
      const body = Buffer.concat(chunks).toString('utf8');
      const record: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
        params: parseBody(body, req.headers['content-type']),
        status: 0,
        response: '',
      };
      requests.push(record);
      route(record.method, record.path, record.query, record.headers, record.params)
        .catch((err: unknown) => new Reply().json(500, { error: 'server_error', error_description: String(err) }))
        .then((reply) => {
          record.status = reply.status;
          record.response = reply.body;
          res.writeHead(reply.status, reply.headers);
          res.end(reply.body);
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    google,
    github,
    requests,
    requestsTo: (prefix) => requests.filter((r) => r.path.startsWith(prefix)),
    jwks,
    env(overrides = {}) {
      const g = { ...options.google, ...overrides.google };
      const h = { ...options.github, ...overrides.github };
      return {
        GOOGLE_CLIENT_ID: g.clientId,
        GOOGLE_CLIENT_SECRET: g.clientSecret,
        GOOGLE_AUTHORIZATION_URL: `${baseUrl}/google/authorize`,
        GOOGLE_TOKEN_URL: `${baseUrl}/google/token`,
        GOOGLE_USERINFO_URL: `${baseUrl}/google/userinfo`,
        GITHUB_CLIENT_ID: h.clientId,
        GITHUB_CLIENT_SECRET: h.clientSecret,
        GITHUB_AUTHORIZATION_URL: `${baseUrl}/github/authorize`,
        GITHUB_TOKEN_URL: `${baseUrl}/github/access_token`,
        GITHUB_API_URL: `${baseUrl}/github-api`,
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** The S256 code challenge of a PKCE code verifier (RFC 7636 section 4.2). */
export const codeChallengeOf = s256;
