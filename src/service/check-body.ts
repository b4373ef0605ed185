import { clean, Problems } from '../query/problems';
import type { Resource } from '../resource/define-resource';
import type { SchemaLike } from '../resource/introspect-fields';
import { issueMessages } from '../resource/validate-record';

/** Which write a body is checked for. */
export type BodyMode = 'create' | 'update' | 'replace';

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The client-facing checks of a create, update or replace body, all problems reported together in one 400 whose
 * messages each start with the key as the client sent it: not a plain object; unsafe keys; unknown or hidden keys
 * (the same message for both, or dropped under `unknownFields: 'strip'`); read-only keys (an update or replace may
 * repeat the record's own id); then each remaining field parsed with its own schema, so no default is filled in.
 * A key whose value is `undefined` counts as absent.
 *
 * @throws HttpError 400 whose `message` lists one string per problem.
 */
export function checkBody(resource: Resource, body: unknown, mode: BodyMode, id?: string): Record<string, unknown> {
  const problems = new Problems();
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !isPlain(body)) {
    problems.add('the body must be a JSON object');
    problems.throwIfAny();
  }
  const input = body as Record<string, unknown>;
  const keys = Object.keys(input).filter((key) => input[key] !== undefined);
  const { fields, hidden, readOnly, idField } = resource;
  const unsafe = keys.filter((key) => UNSAFE_KEYS.has(key));
  const unknown = keys.filter((key) => !UNSAFE_KEYS.has(key) && (!fields.has(key) || hidden.has(key)));
  const known = keys.filter((key) => fields.has(key) && !hidden.has(key) && !UNSAFE_KEYS.has(key));
  for (const key of unsafe) problems.add(`${clean(key)}: this key is not allowed`);
  if (resource.unknownFields === 'reject') for (const key of unknown) problems.add(`${clean(key)}: unknown field`);
  const writable: string[] = [];
  for (const key of known) {
    if (key === idField && mode !== 'create') {
      if (input[key] !== id) problems.add(`${key}: the id cannot be changed`);
    } else if (readOnly.has(key)) {
      problems.add(key === idField ? `${key}: the id is assigned by the server` : `${key}: the field is read-only`);
    } else writable.push(key);
  }
  const shape = resource.schema.shape as Readonly<Record<string, SchemaLike>>;
  const data: Record<string, unknown> = {};
  for (const key of writable) {
    const result = (shape[key] as SchemaLike).safeParse(input[key]);
    if (result.success) data[key] = result.data;
    else for (const message of issueMessages(result.error.issues, key)) problems.add(message);
  }
  problems.throwIfAny();
  return data;
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
