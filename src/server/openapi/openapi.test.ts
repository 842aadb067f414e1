import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { z } from 'zod';
import { createTestDatabase, testConfig, type TestDatabase } from '../../../test/helpers';
import { buildApp } from '../app';
import { createDeps } from '../deps';
import { CONTENT_SECURITY_POLICY } from '../plugins/security';
import { isDocsRoute } from '.';

// The OpenAPI document (decision 036) is generated from the routes, so it cannot drift: every API
// route is in it with its method, path and query parameters, body and answers, and the security
// its guard gives it. Compared here with what the routes themselves declare.

const SECRETS: Record<string, string> = {
  AUTH_SECRET: 'auth-secret-for-the-openapi-test-0123456789',
  STRIPE_SECRET_KEY: 'sk_test_openapi_secret_key_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_openapi_webhook_secret_123',
  GOOGLE_CLIENT_ID: 'google-client-id-openapi',
  GOOGLE_CLIENT_SECRET: 'google-client-secret-openapi',
  GITHUB_CLIENT_ID: 'github-client-id-openapi',
  GITHUB_CLIENT_SECRET: 'github-client-secret-openapi',
  METRICS_TOKEN: 'metrics-token-openapi-0123456789',
  SMTP_URL: 'smtp://mailer:smtp-password-openapi@127.0.0.1:2525',
};

interface Operation {
  operationId?: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }>; $ref?: string }>;
  security?: Record<string, string[]>[];
  'x-roles'?: string[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

const routes: RouteOptions[] = [];
let database: TestDatabase;
let app: FastifyInstance;
let doc: Document;
let docText: string;
let authSecret: string;
/** What each route's guard is, known from the guards handed to the app (not from the document's code). */
let guardOf: (route: RouteOptions) => { optional: boolean; roles: string[] } | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig(SECRETS);
  const started = await createDeps({ config, db: database.db });
  authSecret = started.secret;
  const roleGuards = new Map<unknown, string[]>();
  const guards: typeof started.guards = {
    ...started.guards,
    requireRole: (...roles) => {
      const handler = started.guards.requireRole(...roles);
      roleGuards.set(handler, roles);
      return handler;
    },
  };
  guardOf = (route) => {
    const handlers: unknown[] = [route.preHandler].flat();
    if (handlers.includes(started.guards.requireUser)) return { optional: false, roles: [] };
    if (handlers.includes(started.guards.optionalUser)) return { optional: true, roles: [] };
    const roles = handlers.map((h) => roleGuards.get(h)).find(Boolean);
    return roles ? { optional: false, roles } : undefined;
  };
  app = await buildApp(
    {
      config,
      db: database.db,
      webDir: null,
      onRoute: (route) => {
        if (route.method !== 'HEAD') routes.push(route);
      },
    },
    { ...started, guards },
  );
  await app.ready();
  const res = await app.inject('/api/openapi.json');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  docText = res.body;
  doc = res.json<Document>();
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const apiRoutes = () => routes.filter((r) => r.url.startsWith('/api/') && !isDocsRoute(r.url));
const methodsOf = (route: RouteOptions) => [route.method].flat().map((m) => m.toLowerCase());
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const operationOf = (route: RouteOptions, method: string): Operation | undefined => doc.paths[openapiPath(route.url)]?.[method];
const is2xx = (code: string) => /^2/.test(code);

/** The keys of a zod object, intersection or union of objects, each with whether it must be given. */
function keysOf(schema: z.ZodType): Map<string, boolean> {
  if (schema instanceof z.ZodObject) {
    return new Map(Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, value]) => [key, !value.safeParse(undefined).success]));
  }
  if (schema instanceof z.ZodIntersection) {
    const left = keysOf(schema.def.left as z.ZodType);
    for (const [key, required] of keysOf(schema.def.right as z.ZodType)) left.set(key, required || (left.get(key) ?? false));
    return left;
  }
  if (schema instanceof z.ZodPipe) return keysOf(schema.def.in as z.ZodType);
  throw new Error(`a query schema of type ${schema.def.type}: teach keysOf about it`);
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with the shared error shape and the bearer scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.schemas.Error).toMatchObject({ type: 'object', required: ['message', 'code'] });
    expect(Object.keys(doc.components.responses).sort()).toEqual(['BadRequest', 'Error', 'Forbidden', 'TooManyRequests', 'Unauthorized']);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  });

  it('has every registered API route, with its method and path parameters', () => {
    expect(apiRoutes().length).toBeGreaterThan(40);
    for (const route of apiRoutes()) {
      const pathParams = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      for (const method of methodsOf(route)) {
        const operation = operationOf(route, method);
        expect(operation, `${method} ${route.url}`).toBeDefined();
        const documented = (operation?.parameters ?? []).filter((p) => p.in === 'path');
        expect(documented.map((p) => p.name).sort(), `${method} ${route.url}`).toEqual(pathParams);
        for (const p of documented) expect(p.required, `${method} ${route.url} ${p.name}`).toBe(true);
      }
    }
  });

  it("lists each route's query parameters as its zod schema has them, required where they must be given", () => {
    let checked = 0;
    for (const route of apiRoutes()) {
      const querystring = route.schema?.querystring as z.ZodType | undefined;
      const expected = querystring ? keysOf(querystring) : new Map<string, boolean>();
      for (const method of methodsOf(route)) {
        const documented = (operationOf(route, method)?.parameters ?? []).filter((p) => p.in === 'query');
        if (!querystring) {
          // Only better-auth's forwarded routes, described by hand (described.ts), have query parameters without a schema.
          if (documented.length) expect(route.url, `${method} ${route.url}`).toMatch(/^\/api\/auth\//);
          continue;
        }
        checked++;
        expect(new Map(documented.map((p) => [p.name, p.required ?? false])), `${method} ${route.url}`).toEqual(expected);
        for (const p of documented) expect(p.schema, `${method} ${route.url} ${p.name}`).toBeDefined();
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it("has each route's JSON body and every answer its route declares, and a successful answer for every route", () => {
    for (const route of apiRoutes()) {
      const declared = Object.keys((route.schema?.response ?? {}) as object);
      for (const method of methodsOf(route)) {
        const operation = operationOf(route, method)!;
        const where = `${method} ${route.url}`;
        if (route.schema?.body) expect(operation.requestBody?.content['application/json']?.schema, where).toBeDefined();
        for (const code of declared) expect(operation.responses[code]?.content?.['application/json']?.schema, `${where} ${code}`).toBeDefined();
        const success = Object.entries(operation.responses).filter(([code]) => /^[23]/.test(code));
        expect(success.length, `${where}: no successful answer`).toBeGreaterThan(0);
        // A 2xx answer has a body schema (routes without a zod answer are described in described.ts); a 3xx is a redirect.
        for (const [code, response] of success) if (is2xx(code)) expect(Object.values(response.content ?? {})[0]?.schema, `${where} ${code}`).toBeDefined();
        expect(operation.responses.default, where).toEqual({ $ref: '#/components/responses/Error' });
      }
    }
  });

  it('marks the routes behind a guard with the bearer scheme, their roles and 401/403, and no others', () => {
    let guarded = 0;
    for (const route of apiRoutes()) {
      const guard = guardOf(route);
      for (const method of methodsOf(route)) {
        const operation = operationOf(route, method)!;
        const where = `${method} ${route.url}`;
        const bearer = (operation.security ?? []).filter((s) => 'bearerAuth' in s);
        if (!guard) {
          expect(bearer, where).toEqual([]);
          continue;
        }
        guarded++;
        expect(bearer, where).toEqual([{ bearerAuth: [] }]);
        if (guard.optional) {
          expect(operation.security, where).toContainEqual({});
          expect(operation.responses['401'], where).toBeUndefined();
        } else {
          expect(operation.security, where).toEqual([{ bearerAuth: [] }]);
          expect(operation.responses['401'], where).toEqual({ $ref: '#/components/responses/Unauthorized' });
          expect(operation.responses['403'], where).toEqual({ $ref: '#/components/responses/Forbidden' });
        }
        expect(operation['x-roles'] ?? [], where).toEqual(guard.roles);
      }
    }
    expect(guarded).toBeGreaterThan(25);
    expect(doc.paths['/api/users']?.get?.['x-roles']).toEqual(expect.arrayContaining(['admin']));
    // A public operation says so: an empty list of requirements.
    expect(doc.paths['/api/donationRequest/pending']?.get?.security).toEqual([]);
    // A rate-limited one names the limit's answer.
    expect(doc.paths['/api/search']?.get?.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
  });

  it('names the operations after the API contract (src/shared/api/endpoints.ts)', () => {
    expect(doc.paths['/api/donationRequest/{id}/matches']?.get?.operationId).toBe('matches');
    expect(doc.paths['/api/blog']?.get?.operationId).toBe('blogsOrBlog');
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId).filter(Boolean));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('holds no secret of the configuration', () => {
    expect(docText).not.toContain(authSecret);
    for (const [name, value] of Object.entries(SECRETS)) {
      const secret = name === 'SMTP_URL' ? 'smtp-password-openapi' : value;
      expect(docText, name).not.toContain(secret);
    }
    // Nor anything of the database's address.
    expect(docText).not.toMatch(/postgres(ql)?:\/\//);
  });

  it('is not among the documented operations, nor are its pages', () => {
    expect(Object.keys(doc.paths).filter((p) => isDocsRoute(p))).toEqual([]);
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/'))).toBe(true);
  });
});

describe('/api/docs', () => {
  it('answers the reference pages as HTML, with their scripts from this site', async () => {
    const res = await app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...res.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).toMatch(/^\/api\/docs\/static\//);
      const asset = await app.inject(src);
      expect(asset.statusCode, src).toBe(200);
      expect(asset.headers['content-type'], src).toMatch(/javascript/);
    }
    // The pages read the same document.
    expect((await app.inject('/api/docs/json')).json()).toEqual(doc);
  });

  it("works under the site's Content-Security-Policy, which it leaves as it is", async () => {
    // The pages have no inline script or handler (script-src 'self'); Swagger UI's inline styles
    // and data: images are already allowed; its validator badge (another host) is off.
    const page = await app.inject('/api/docs');
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(page.body).not.toMatch(/\son[a-z]+=/i);
    const initializer = await app.inject('/api/docs/static/swagger-initializer.js');
    expect(initializer.body).toContain('validatorUrl: null');
    expect(initializer.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect((await app.inject('/api/health')).headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });
});

describe('a standard OpenAPI linter', () => {
  it("finds no error under Redocly's recommended rules, and warns only of what is true", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: docText, absoluteRef: 'openapi.json', config });
    const listed = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(', ')}`);
    expect(problems.filter((p) => p.severity === 'error').length, listed.join('\n')).toBe(0);
    // Two warnings stay, both true: the project has chosen no licence (info-license), and an
    // operation that takes nothing and is limited by nothing has no client error to list.
    for (const problem of problems) {
      const where = `${problem.ruleId} at ${problem.location[0]?.pointer}`;
      expect(['info-license', 'operation-4xx-response'], where).toContain(problem.ruleId);
      if (problem.ruleId !== 'operation-4xx-response') continue;
      const [, pathName, method] = /^#\/paths\/([^/]+)\/(\w+)\/responses$/.exec(problem.location[0]?.pointer ?? '')!;
      const operation = doc.paths[pathName!.replaceAll('~1', '/')]![method!]!;
      expect(operation.parameters ?? [], where).toEqual([]);
      expect(operation.requestBody, where).toBeUndefined();
    }
    expect((doc as Document & { servers?: unknown[] }).servers).toEqual([{ url: '/', description: 'This site' }]);
  });
});
