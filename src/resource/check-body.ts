import { clean, Problems } from '../errors/index';
import { dateRangeProblem, type SchemaLike } from '../fields/index';
import { isPlainObject, isUnsafeKey } from '../internal/index';
import type { Resource } from './define-resource';
import type { RecordId } from '../fields/index';
import { idTextProblem } from './id-text-problem';
import { issueMessages } from './issue-messages';
import { markChecked, type WriteMode } from './write-marks';

/**
 * The client-facing checks of a create, update or replace body, all problems reported together in one 400 whose
 * messages each start with the key as the client sent it: not a plain object; unsafe keys; unknown or hidden keys
 * (the same message for both, or dropped under `unknownFields: 'strip'`); read-only keys (an update or replace may
 * repeat the record's own id); then each remaining field parsed with its own schema, so no default is filled in,
 * and a create's id checked for what would make the record unreachable at `{path}/:id` (`idTextProblem`).
 * A key whose value is `undefined` counts as absent. Each key's name is checked for safety once, nested keys
 * included, and each field is parsed once: the returned object is marked with the values it holds, so that
 * `validateWrite` parses only what a before-hook changed.
 *
 * @throws HttpError 400 whose `message` lists one string per problem.
 */
export function checkBody<TRecord>(
  resource: Resource<TRecord>,
  body: unknown,
  mode: WriteMode,
  id?: RecordId,
): Record<string, unknown> {
  const problems = new Problems();
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !isPlainObject(body)) {
    problems.add('the body must be a JSON object');
    problems.throwIfAny();
  }
  const input = body as Record<string, unknown>;
  const { fields, hidden, readOnly, idField } = resource;
  const unsafe: string[] = [];
  const safe: string[] = [];
  for (const key of Object.keys(input)) {
    if (input[key] !== undefined) (isUnsafeKey(key) ? unsafe : safe).push(key);
  }
  const unknown = safe.filter((key) => !fields.has(key) || hidden.has(key));
  const known = safe.filter((key) => fields.has(key) && !hidden.has(key));
  for (const key of unsafe) problems.add(`${clean(key)}: this key is not allowed`);
  for (const path of nestedUnsafeKeys(input, safe)) problems.add(`${path}: this key is not allowed`);
  if (resource.unknownFields === 'reject') for (const key of unknown) problems.add(`${clean(key)}: unknown field`);
  const writable: string[] = [];
  for (const key of known) {
    if (key === idField && mode !== 'create') {
      if (input[key] !== id) problems.add(`${key}: the id cannot be changed`);
    } else if (readOnly.has(key)) {
      problems.add(key === idField ? `${key}: the id is assigned by the server` : `${key}: the field is read-only`);
    } else writable.push(key);
  }
  const shape = (resource as Resource).schema.shape as Readonly<Record<string, SchemaLike>>;
  const data: Record<string, unknown> = {};
  const parsed = new Map<string, unknown>();
  for (const key of writable) {
    const result = (shape[key] as SchemaLike).safeParse(input[key]);
    const outOfRange = result.success ? dateRangeProblem(fields.get(key), result.data) : undefined;
    if (outOfRange !== undefined) problems.add(`${key}: ${outOfRange}`);
    else if (result.success) parsed.set(key, (data[key] = result.data));
    else for (const message of issueMessages(result.error.issues, key)) problems.add(message);
  }
  const idProblem = mode === 'create' ? idTextProblem(idField, data[idField]) : undefined;
  if (idProblem !== undefined) problems.add(idProblem);
  problems.throwIfAny();
  markChecked(data, parsed);
  return data;
}

/** Most nested values visited for unsafe keys; a body beyond it is cut off there (adapters cap bodies at 16 KiB). */
const MAX_VISITS = 10_000;

/** Paths (`a.b.__proto__`, `list.0.constructor`) of the unsafe keys below the top-level keys `safe`. */
function nestedUnsafeKeys(body: Readonly<Record<string, unknown>>, safe: readonly string[]): string[] {
  const found: string[] = [];
  const seen = new Set<object>();
  const stack: { value: unknown; path: string }[] = [];
  for (let i = safe.length - 1; i >= 0; i--) {
    const key = safe[i] as string;
    stack.push({ value: body[key], path: clean(key) });
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
