import { clean, Problems } from '../errors/index';
import { dateRangeProblem, type SchemaLike } from '../fields/index';
import { isPlainObject, isUnsafeKey } from '../internal/index';
import { type RecordId, type Resource, issueMessages } from '../resource/index';

/** Which write a body is checked for. */
export type BodyMode = 'create' | 'update' | 'replace';

/**
 * The client-facing checks of a create, update or replace body, all problems reported together in one 400 whose
 * messages each start with the key as the client sent it: not a plain object; unsafe keys; unknown or hidden keys
 * (the same message for both, or dropped under `unknownFields: 'strip'`); read-only keys (an update or replace may
 * repeat the record's own id); then each remaining field parsed with its own schema, so no default is filled in.
 * A key whose value is `undefined` counts as absent.
 *
 * @throws HttpError 400 whose `message` lists one string per problem.
 */
export function checkBody(resource: Resource, body: unknown, mode: BodyMode, id?: RecordId): Record<string, unknown> {
  const problems = new Problems();
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !isPlainObject(body)) {
    problems.add('the body must be a JSON object');
    problems.throwIfAny();
  }
  const input = body as Record<string, unknown>;
  const keys = Object.keys(input).filter((key) => input[key] !== undefined);
  const { fields, hidden, readOnly, idField } = resource;
  const unsafe = keys.filter(isUnsafeKey);
  const unknown = keys.filter((key) => !isUnsafeKey(key) && (!fields.has(key) || hidden.has(key)));
  const known = keys.filter((key) => fields.has(key) && !hidden.has(key) && !isUnsafeKey(key));
  for (const key of unsafe) problems.add(`${clean(key)}: this key is not allowed`);
  for (const path of nestedUnsafeKeys(input, keys)) problems.add(`${path}: this key is not allowed`);
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
    const outOfRange = result.success ? dateRangeProblem(fields.get(key), result.data) : undefined;
    if (outOfRange !== undefined) problems.add(`${key}: ${outOfRange}`);
    else if (result.success) data[key] = result.data;
    else for (const message of issueMessages(result.error.issues, key)) problems.add(message);
  }
  problems.throwIfAny();
  return data;
}

/** Most nested values visited for unsafe keys; a body beyond it is cut off there (adapters cap bodies at 16 KiB). */
const MAX_VISITS = 10_000;

/** Paths (`a.b.__proto__`, `list.0.constructor`) of the unsafe keys below the top level. */
function nestedUnsafeKeys(body: Readonly<Record<string, unknown>>, keys: readonly string[]): string[] {
  const found: string[] = [];
  const seen = new Set<object>();
  const stack: { value: unknown; path: string }[] = [];
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i] as string;
    if (!isUnsafeKey(key)) stack.push({ value: body[key], path: clean(key) });
  }
  let visits = 0;
  while (stack.length > 0 && visits++ < MAX_VISITS) {
    const { value, path } = stack.pop() as { value: unknown; path: string };
    if (typeof value !== 'object' || value === null || seen.has(value) || value instanceof Date) continue;
    seen.add(value);
    const children = Object.keys(value);
    for (let i = children.length - 1; i >= 0; i--) {
      const key = children[i] as string;
      const child = `${path}.${clean(key)}`;
      if (isUnsafeKey(key)) found.push(child);
      else stack.push({ value: (value as Record<string, unknown>)[key], path: child });
    }
  }
  return found;
}
