import type { Resource } from './define-resource';
import { dateRangeProblem, type IssueLike, type RecordId, type SchemaLike } from '../fields/index';
import { HttpError } from '../errors/index';
import { isUnsafeKey } from '../internal/index';

type Row = Record<string, unknown>;

/** Formats zod issues as one message per issue: `"field: message"`, each path under `prefix` when given. */
export function issueMessages(issues: readonly IssueLike[], prefix?: string): string[] {
  return issues.slice(0, 20).map((issue) => {
    const path = [...(prefix === undefined ? [] : [prefix]), ...issue.path.map(String)].join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
}

/** @throws HttpError 400 unless `body` is a plain object without `__proto__`, `constructor` or `prototype` keys. */
function plainBody(body: unknown): Row {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, ['the body must be a JSON object']);
  }
  // Three own-key probes first: most bodies have none of the keys, and then no key list is built.
  if (Object.hasOwn(body, '__proto__') || Object.hasOwn(body, 'constructor') || Object.hasOwn(body, 'prototype')) {
    const unsafe = Object.keys(body).filter(isUnsafeKey);
    if (unsafe.length > 0)
      throw new HttpError(
        400,
        unsafe.map((key) => `${key}: this key is not allowed`),
      );
  }
  return body as Row;
}

/** Options of {@link validateCreate} and {@link validateReplace}. */
export interface ValidateCreateOptions {
  /**
   * Fields the store fills itself when a record has none (database defaults, `Repository.databaseDefaults`): they
   * may be absent, as the id may; a value given is still checked by the field's schema.
   */
  readonly databaseDefaults?: readonly string[] | undefined;
}

/**
 * Validates a whole record for create: the resource's schema with the id (and any `databaseDefaults` field)
 * optional, defaults applied, required fields enforced. Keys the schema lacks are dropped, as zod does.
 *
 * @throws HttpError 400 whose `message` lists one string per problem.
 */
export function validateCreate<TRecord>(
  resource: Resource<TRecord>,
  body: unknown,
  options: ValidateCreateOptions = {},
): Row {
  const input = plainBody(body);
  const result = schemaOf(resource as Resource, options.databaseDefaults).safeParse(input);
  if (!result.success) throw new HttpError(400, issueMessages(requiredIssues(result.error.issues, input)));
  const data = result.data as Row;
  // zod keeps a key given as `undefined` (an absent optional field): drop it, so absent and undefined are one.
  for (const key of Object.keys(data)) if (data[key] === undefined) delete data[key];
  return data;
}

/**
 * Validates a whole record that replaces the one with id `id`: as {@link validateCreate}, and the id, when given,
 * must be `id`. The returned record holds the id.
 *
 * @throws HttpError 400 whose `message` lists one string per problem.
 */
export function validateReplace<TRecord>(
  resource: Resource<TRecord>,
  body: unknown,
  id: RecordId,
  options: ValidateCreateOptions = {},
): Row {
  const idField = resource.idField;
  const given = plainBody(body)[idField];
  if (given !== undefined && given !== id) throw new HttpError(400, [`${idField}: the id cannot be changed`]);
  const data = validateCreate(resource, body, options);
  data[idField] = id;
  return data;
}

/**
 * Validates a patch of the record with id `id` field by field: each key present with a value other than
 * `undefined` is parsed with its own field schema, so no default is ever filled in for a key the patch does not
 * name. Keys the schema lacks are dropped; the id may be repeated but not changed.
 *
 * @throws HttpError 400 whose `message` lists one string per problem.
 */
export function validatePatch<TRecord>(resource: Resource<TRecord>, patch: unknown, id: RecordId): Row {
  const body = plainBody(patch);
  const shape = (resource as Resource).schema.shape as Readonly<Record<string, SchemaLike>>;
  const idField = resource.idField;
  const data: Row = {};
  const messages: string[] = [];
  for (const key of Object.keys(body)) {
    const value = body[key];
    if (value === undefined || !Object.hasOwn(shape, key)) continue;
    if (key === idField) {
      if (value !== id) messages.push(`${idField}: the id cannot be changed`);
      continue;
    }
    const result = (shape[key] as SchemaLike).safeParse(value);
    const outOfRange = result.success ? dateRangeProblem(resource.fields.get(key), result.data) : undefined;
    if (outOfRange !== undefined) messages.push(`${key}: ${outOfRange}`);
    else if (result.success) data[key] = result.data;
    else messages.push(...issueMessages(result.error.issues, key));
  }
  if (messages.length > 0) throw new HttpError(400, messages.slice(0, 20));
  return data;
}

const schemas = new WeakMap<Resource, Map<string, SchemaLike>>();

interface RefinementContext {
  addIssue(issue: { code: 'custom'; message: string; path: PropertyKey[]; input: unknown }): void;
}
interface Refinable extends SchemaLike {
  superRefine(check: (value: Row, context: RefinementContext) => void): SchemaLike;
}

/**
 * The resource's schema with the id and the `optional` fields optional, and date fields bounded to the years
 * 0001-9999 (what a date or timestamp column holds), built once per resource and list of fields.
 *
 * @throws TypeError when `optional` names a field the resource does not have.
 */
function schemaOf(resource: Resource, optional: readonly string[] = []): SchemaLike {
  let byList = schemas.get(resource);
  if (!byList) schemas.set(resource, (byList = new Map()));
  const key = JSON.stringify(optional);
  let schema = byList.get(key);
  if (!schema) {
    const mask: Record<string, true> = Object.create(null) as Record<string, true>;
    mask[resource.idField] = true;
    for (const field of optional) {
      if (!resource.fields.has(field))
        throw new TypeError(`databaseDefaults: ${resource.name} has no field "${field}"`);
      mask[field] = true;
    }
    const object = resource.schema as unknown as { partial(mask: Record<string, true>): Refinable };
    const dates = [...resource.fields.values()].filter((def) => def.kind === 'date' || def.kind === 'isoDate');
    const partial = object.partial({ ...mask });
    schema =
      dates.length === 0
        ? partial
        : partial.superRefine((value, context) => {
            for (const def of dates) {
              const message = dateRangeProblem(def, value[def.name]);
              if (message !== undefined)
                context.addIssue({ code: 'custom', message, path: [def.name], input: value[def.name] });
            }
          });
    byList.set(key, schema);
  }
  return schema;
}

/**
 * The issues of a whole-record validation, with the one of a top-level key the body lacks (or gives as `undefined`)
 * saying that the field is required: zod's own message for it names the value's type, and for a coercing schema
 * (`z.coerce.date()` turns `undefined` into an invalid `Date`) a type the client never sent.
 */
function requiredIssues(issues: readonly IssueLike[], body: Row): IssueLike[] {
  return issues.map((issue) => {
    const key = issue.path[0];
    const absent = issue.path.length === 1 && typeof key === 'string' && body[key] === undefined;
    return absent ? { path: issue.path, message: 'the field is required' } : issue;
  });
}
