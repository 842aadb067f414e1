import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** `anyOf` of plain scalar types (a nullable enum, say) becomes one `type: [...]`: much faster to write. */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = simplify(v);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.every((b) => typeof b.type === 'string' && !b.properties && !b.items)) {
    const { anyOf: _drop, ...rest } = out;
    return { ...rest, type: [...new Set(anyOf.map((b) => b.type as string))] };
  }
  return out;
}

/**
 * Responses are written by fast-json-stringify, compiled once per route from the route's zod
 * response schema (zod's own JSON Schema export). Like zod serialization it writes only the
 * declared fields (an extra one, such as a password hash, never leaves), at a fraction of the
 * cost of parsing every response with zod (docs/decisions/012-response-serializers.md).
 */
export function compileSerializer(schema: z.ZodType): (data: unknown) => string {
  const json = simplify(z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' })) as JsonSchema;
  delete json.$schema;
  return fastJson(json as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
}

/**
 * A writer that keeps the JSON of each value it wrote, for as long as the value lives: a list
 * cache hands back the same rows array on every hit, so the page is written once per cache entry
 * instead of once per request (and dropped with the entry). Only for values never changed after
 * they are first written, such as cached list pages.
 */
export function rememberingWriter<T extends object>(write: (value: T) => string): (value: T) => string {
  const written = new WeakMap<T, string>();
  return (value) => {
    let json = written.get(value);
    if (json === undefined) written.set(value, (json = write(value)));
    return json;
  };
}

export const zodJsonSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => compileSerializer(schema);
