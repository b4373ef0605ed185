// Benchmark baseline (see app.ts): examples/fastify/response-schemas.ts as of commit e7641d6, unchanged but for import paths.
import type { Resource } from 'pagelope';

/** A JSON Schema object, as Fastify's response serializer (fast-json-stringify) reads it. */
type JsonSchema = Readonly<Record<string, unknown>>;

/** Any value: fast-json-stringify writes it with `JSON.stringify`. */
const ANY: JsonSchema = {};

/**
 * The JSON Schema of one record of a resource, built from the resource's field kinds, for Fastify's response
 * serializer. Typed fields are written without `JSON.stringify`'s generic walk (a date field without its `toJSON`
 * call, which is most of the cost of serialising a page); nullable, optional and `'other'` fields stay untyped, so
 * they are written exactly as `JSON.stringify` writes them. `additionalProperties: true` keeps any key the schema
 * does not name (for example one added by a hook handler), written after the named ones.
 *
 * Only use it for records the resource's schema has validated (the repository's own), whose field values have the
 * declared types: that is what makes the output equal to `JSON.stringify`'s.
 */
export function recordSchema<TRecord>(resource: Resource<TRecord>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const field of resource.fields.values()) {
    properties[field.name] = field.nullable ? ANY : fieldSchema(field.kind);
  }
  return { type: 'object', properties, additionalProperties: true };
}

function fieldSchema(kind: string): JsonSchema {
  switch (kind) {
    case 'string':
    case 'enum':
      return { type: 'string' };
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date-time' };
    default:
      return ANY;
  }
}

/** The JSON Schema of a `PageResult` of a resource's records (`GET /users`). */
export function pageSchema<TRecord>(resource: Resource<TRecord>): JsonSchema {
  return {
    type: 'object',
    properties: {
      items: { type: 'array', items: recordSchema(resource) },
      total: { type: 'number' },
      page: { type: 'number' },
      limit: { type: 'number' },
      totalPages: { type: 'number' },
      hasNextPage: { type: 'boolean' },
      hasPreviousPage: { type: 'boolean' },
    },
    additionalProperties: true,
  };
}

/** The JSON Schema of a cursor page `{ items, nextCursor }` of a resource's records (`GET /users/cursor`). */
export function cursorPageSchema<TRecord>(resource: Resource<TRecord>): JsonSchema {
  return {
    type: 'object',
    properties: {
      items: { type: 'array', items: recordSchema(resource) },
      nextCursor: { type: ['string', 'null'] },
    },
    additionalProperties: true,
  };
}
