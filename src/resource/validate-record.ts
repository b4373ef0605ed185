import type { Resource } from './define-resource';
import type { IssueLike, SchemaLike } from './introspect-fields';
import { HttpError } from '../errors/index';

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Formats zod issues as one message per issue: `"field: message"`. */
export function issueMessages(issues: readonly IssueLike[]): string[] {
  return issues.slice(0, 20).map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
}

/**
 * Validates a record body for create (`mode: 'create'`, id optional) or a patch (`mode: 'patch'`, every field
 * optional, the id unchangeable) with the resource's schema, returning the parsed output.
 *
 * @throws HttpError 400 whose `message` lists one string per problem.
 */
export function validateRecord<TRecord>(
  resource: Resource<TRecord>,
  body: unknown,
  mode: 'create' | 'patch',
  id?: string,
): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, ['the body must be a JSON object']);
  }
  if (Object.hasOwn(body, '__proto__') || Object.hasOwn(body, 'constructor') || Object.hasOwn(body, 'prototype')) {
    const unsafe = Object.keys(body).filter((key) => UNSAFE_KEYS.has(key));
    if (unsafe.length > 0)
      throw new HttpError(
        400,
        unsafe.map((key) => `${key}: this key is not allowed`),
      );
  }
  const idField = resource.idField;
  const schema = schemaFor(resource as Resource, mode);
  const result = schema.safeParse(body);
  if (!result.success) throw new HttpError(400, issueMessages(result.error.issues));
  const data = result.data as Record<string, unknown>;
  if (mode === 'patch' && data[idField] !== undefined && data[idField] !== id) {
    throw new HttpError(400, [`${idField}: the id cannot be changed`]);
  }
  return data;
}

interface Schemas {
  readonly create: SchemaLike;
  readonly patch: SchemaLike;
}

const schemas = new WeakMap<Resource, Schemas>();

function schemaFor(resource: Resource, mode: 'create' | 'patch'): SchemaLike {
  let cached = schemas.get(resource);
  if (!cached) {
    const schema = resource.schema as unknown as {
      partial(mask?: Record<string, true>): SchemaLike;
    };
    cached = { create: schema.partial({ [resource.idField]: true }), patch: schema.partial() };
    schemas.set(resource, cached);
  }
  return cached[mode];
}
