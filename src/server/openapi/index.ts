import { readFileSync } from 'node:fs';
import path from 'node:path';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_ENDPOINTS } from '../../shared/api/session-endpoints';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { TOTAL_COUNT_HEADER } from '../../shared/api/schemas';
import { errorBodySchema } from '../errors';
import { projectRoot } from '../paths';
import { DESCRIBED_ROUTES, SUMMARIES } from './described';
import { accessOf } from './guards';

export { accessOf, type RouteAccess, withDocumentedGuards } from './guards';

/** Where the document and its reference pages are served. */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** The routes of the document itself and of its pages: not part of the API they describe. */
export const isDocsRoute = (url: string) => url === OPENAPI_PATH || url === DOCS_PATH || url.startsWith(`${DOCS_PATH}/`);
const isApiRoute = (url: string) => url.startsWith('/api/') && !isDocsRoute(url);

const BEARER = 'bearerAuth';
const SESSION_COOKIE = 'sessionCookie';
const ref = (kind: 'schemas' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Endpoint names of the contract (src/shared/api/endpoints.ts) by `METHOD /api/pattern`; one route may serve several. */
const CONTRACT = new Map<string, string[]>();
for (const [name, { method, pattern }] of Object.entries(ENDPOINTS)) {
  const key = `${method} /api${pattern}`;
  CONTRACT.set(key, [...(CONTRACT.get(key) ?? []), name]);
}
for (const [name, { method, path: p }] of Object.entries(AUTH_ENDPOINTS)) CONTRACT.set(`${method} /api${p}`, [name]);

/** Tags group the reference pages by the first segment of the path. */
const TAGS: Record<string, string> = {
  division: 'Locations',
  districts: 'Locations',
  users: 'Accounts',
  user: 'Accounts',
  jwt: 'Sign-in',
  auth: 'Sign-in',
  images: 'Images',
  donationRequest: 'Donation requests',
  donationRequestAdmin: 'Donation requests',
  confirmDonation: 'Donation requests',
  notifications: 'Notifications',
  unsubscribe: 'Notifications',
  push: 'Notifications',
  search: 'Donor search',
  blog: 'Blogs',
  'admin-stats': 'Statistics',
  donations: 'Donor history',
  certificates: 'Donor history',
  'users.csv': 'Exports',
  'donationRequests.csv': 'Exports',
  funding: 'Funding',
  health: 'Health',
};

const words = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Parameters are listed from an object's `properties`; a zod intersection or union (`GET
 * /donationRequest` takes `email` or `id`, with paging) becomes allOf/anyOf, so it is flattened
 * into one object: every property, required where every branch requires it.
 */
function flattened(json: unknown): unknown {
  if (!isObject(json)) return json;
  const parts = (Array.isArray(json.allOf) ? json.allOf : Array.isArray(json.anyOf) ? json.anyOf : null) as unknown[] | null;
  if (!parts) return json;
  const branches = parts.map(flattened).filter(isObject);
  const properties: Json = {};
  for (const branch of branches) Object.assign(properties, branch.properties);
  const requiredIn = (branch: Json) => new Set(Array.isArray(branch.required) ? (branch.required as string[]) : []);
  const required = json.allOf
    ? [...new Set(branches.flatMap((b) => [...requiredIn(b)]))]
    : Object.keys(properties).filter((key) => branches.every((b) => requiredIn(b).has(key)));
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/**
 * One route's operation: the zod schemas of the route turned into JSON Schema by
 * fastify-type-provider-zod (the same schemas that validate and serialize it), completed by
 * described.ts where a route has none, with its contract name, a tag, and its guard as security.
 */
const documentRoute: SwaggerTransform = (document) => {
  const { url, route } = document;
  if (!isApiRoute(url)) return { schema: { hide: true }, url };
  const fromZod = (jsonSchemaTransform(document as Parameters<typeof jsonSchemaTransform>[0]).schema ?? {}) as Json;
  const methods = [route.method].flat();
  const key = methods.map((m) => `${m} ${url}`).find((k) => DESCRIBED_ROUTES[k] ?? CONTRACT.get(k)) ?? `${methods[0]} ${url}`;
  const { sessionCookie, response: describedResponse, bodyOptional, ...described } = DESCRIBED_ROUTES[key] ?? {};

  const schema: Json = { ...described, ...fromZod };
  for (const part of ['querystring', 'params', 'headers'] as const) if (schema[part]) schema[part] = flattened(schema[part]);
  if (describedResponse || fromZod.response) schema.response = { ...describedResponse, ...(fromZod.response as Json | undefined) };

  const names = CONTRACT.get(key);
  if (names) {
    schema.operationId = names.map((name, i) => (i ? capitalized(name) : name)).join('Or');
    schema.summary ??= capitalized(names.map((name) => SUMMARIES[name] ?? words(name)).join(', or '));
  } else {
    // Outside the contract (e.g. better-auth's callback, GET and POST): the method and the path's words.
    const [method, ...parts] = key.replace(/[{}:]/g, '').split(/[\s/\-.]+/).filter((w) => w && w !== 'api');
    schema.operationId = method!.toLowerCase() + parts.map(capitalized).join('');
  }
  const segment = url.split('/')[2] ?? '';
  schema.tags = [TAGS[segment] ?? segment];

  const access = accessOf(route.preHandler);
  if (access) {
    schema.security = access.optional ? [{}, { [BEARER]: [] }] : [{ [BEARER]: [] }];
    if (access.roles.length) schema['x-roles'] = access.roles;
    const who = access.optional
      ? 'A bearer token is optional; when sent it must be valid (and of an active account to write).'
      : access.roles.length
        ? `Needs a bearer token of an active account with the role ${access.roles.join(' or ')}.`
        : 'Needs a bearer token (a blocked account may read but not write).';
    schema.description = [schema.description, who].filter(Boolean).join('\n\n');
  } else if (sessionCookie) {
    schema.security = sessionCookie === 'optional' ? [{}, { [SESSION_COOKIE]: [] }] : [{ [SESSION_COOKIE]: [] }];
  } else {
    // Public: said so (an empty list), not left unsaid.
    schema.security = [];
  }
  // The limit's answer where the route has one (plugins/rate-limit.ts).
  if (isObject(route.config) && route.config.rateLimit) schema['x-rate-limited'] = true;
  if (bodyOptional) schema['x-body-optional'] = true;
  return { schema, url };
};

/**
 * The whole document: the components of registered zod schemas (jsonSchemaTransformObject), and
 * on every operation the one error shape for any other status, with 401 and 403 named where a
 * token is needed.
 */
const finishDocument: SwaggerTransformObject = (document) => {
  const openapi = jsonSchemaTransformObject(document) as Json;
  for (const pathItem of Object.values((openapi.paths ?? {}) as Record<string, Record<string, Json>>)) {
    for (const operation of Object.values(pathItem)) {
      if (!isObject(operation) || !isObject(operation.responses)) continue;
      const responses = operation.responses;
      for (const [code, response] of Object.entries(responses)) {
        if (isObject(response) && response.description === 'Default Response') response.description = STATUS_TEXT[code] ?? 'Answer';
      }
      const security = (operation.security ?? []) as Json[];
      if (security.some((requirement) => BEARER in requirement) && !security.some((requirement) => Object.keys(requirement).length === 0)) {
        responses['401'] ??= ref('responses', 'Unauthorized');
        responses['403'] ??= ref('responses', 'Forbidden');
      }
      // What it takes is validated (the route's schema, or better-auth's own checks): 400 when it does not fit.
      const params = Array.isArray(operation.parameters) ? operation.parameters : [];
      if ((params.length || operation.requestBody) && !Object.keys(responses).some((code) => /^4/.test(code))) responses['400'] ??= ref('responses', 'BadRequest');
      if (operation['x-rate-limited']) {
        responses['429'] ??= ref('responses', 'TooManyRequests');
        delete operation['x-rate-limited'];
      }
      responses.default ??= ref('responses', 'Error');
      // @fastify/swagger marks every body required; a route that also takes none says so (described.ts).
      if (operation['x-body-optional']) {
        if (isObject(operation.requestBody)) operation.requestBody.required = false;
        delete operation['x-body-optional'];
      }
    }
  }
  return openapi;
};

/** Answers without a description of their own (a zod schema carries none) get their status's name. */
const STATUS_TEXT: Record<string, string> = { 200: 'OK', 201: 'Created', 204: 'No content', 503: 'Service unavailable' };

function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: ref('schemas', 'Error') } } };
}

const errorJsonSchema = (() => {
  const { $schema: _drop, ...json } = z.toJSONSchema(errorBodySchema, { target: 'draft-2020-12', io: 'output' });
  return json;
})();

const DESCRIPTION = `The API of the blood donation site, generated from the zod schemas its routes validate and answer with.

Sign in (POST /api/auth/sign-in/email, or Google and GitHub) to get the HttpOnly session cookie, then exchange it at POST /api/jwt for a one-hour access token and send it as \`Authorization: Bearer <token>\`. Every error has one shape: \`{ "message", "code", "issues"? }\`. Lists are paged with \`page\` and \`limit\`; the total is in the \`${TOTAL_COUNT_HEADER}\` header.`;

/**
 * The OpenAPI 3.1 document at GET /api/openapi.json and its reference pages (Swagger UI) at
 * /api/docs. Register before the API routes: @fastify/swagger collects routes as they are
 * registered. The document is built on its first request, then kept.
 */
export async function registerOpenApi(app: FastifyInstance) {
  const { version } = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string };
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Blood Donation API', version, description: DESCRIPTION },
      // The site that serves this document: the paths (all under /api) are relative to it.
      servers: [{ url: '/', description: 'This site' }],
      components: {
        // zod's JSON Schema (draft 2020-12) is what OpenAPI 3.1 takes; openapi-types' type is narrower.
        schemas: { Error: errorJsonSchema as never },
        responses: {
          Error: errorResponse('Any other status: the one error shape'),
          Unauthorized: errorResponse('No token, or an invalid or expired one, or its session has ended'),
          Forbidden: errorResponse('The account is blocked (for a write) or lacks the role'),
          BadRequest: errorResponse('What was sent does not fit: `issues` names the fields'),
          TooManyRequests: errorResponse('Too many requests in a short time (code RATE_LIMITED): try again later'),
        },
        securitySchemes: {
          [BEARER]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The one-hour access token from POST /api/jwt. The server re-reads the user on every request, so a block or role change applies at once.',
          },
          [SESSION_COOKIE]: {
            type: 'apiKey',
            in: 'cookie',
            name: 'better-auth.session_token',
            description: 'The HttpOnly session cookie set at sign-in (`__Secure-` prefixed on https).',
          },
        },
      },
    },
    transform: documentRoute,
    transformObject: finishDocument,
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => reply.header('cache-control', 'no-cache').send(app.swagger()));

  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    theme: { title: 'Blood Donation API' },
    uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0, displayRequestDuration: true },
  });
}
