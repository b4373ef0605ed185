import type { Resource } from './define-resource';
import type { RecordId } from '../fields/index';
import { HttpError } from '../errors/index';
import { isUnsafeKey } from '../internal/index';
import { idTextProblem } from './id-text-problem';
import { issueMessages, requiredIssues } from './issue-messages';
import { recordSchemaOf } from './record-schema';
import { patchFields } from './validate-write';
import { recallValidated } from './write-marks';

type Row = Record<string, unknown>;

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
 * optional, defaults applied, required fields enforced, and an id no URL could name refused (`idTextProblem`: a
 * control character, a lone surrogate, a path segment over `MAX_ID_PATH_LENGTH`). Keys the schema lacks are
 * dropped, as zod does. A record the
 * resource service validated for this create (same resource and `databaseDefaults`, values unchanged since) is not
 * parsed again: a copy of it is returned.
 *
 * @throws HttpError 400 whose `message` lists one string per problem.
 */
export function validateCreate<TRecord>(
  resource: Resource<TRecord>,
  body: unknown,
  options: ValidateCreateOptions = {},
): Row {
  const known = recallValidated(body, resource, 'create', undefined, options.databaseDefaults);
  if (known) return known;
  const data = parseCreate(resource, body, options);
  const idProblem = idTextProblem(resource.idField, data[resource.idField]);
  if (idProblem !== undefined) throw new HttpError(400, [idProblem]);
  return data;
}

function parseCreate<TRecord>(resource: Resource<TRecord>, body: unknown, options: ValidateCreateOptions): Row {
  const input = plainBody(body);
  const result = recordSchemaOf(resource as Resource, options.databaseDefaults).record.safeParse(input);
  if (!result.success) throw new HttpError(400, issueMessages(requiredIssues(result.error.issues, input)));
  const data = result.data as Row;
  // zod keeps a key given as `undefined` (an absent optional field): drop it, so absent and undefined are one.
  for (const key of Object.keys(data)) if (data[key] === undefined) delete data[key];
  return data;
}

/**
 * Validates a whole record that replaces the one with id `id`: as {@link validateCreate}, and the id, when given,
 * must be `id`. The returned record holds the id. A record the resource service validated for this replace is not
 * parsed again.
 *
 * @throws HttpError 400 whose `message` lists one string per problem.
 */
export function validateReplace<TRecord>(
  resource: Resource<TRecord>,
  body: unknown,
  id: RecordId,
  options: ValidateCreateOptions = {},
): Row {
  const known = recallValidated(body, resource, 'replace', id, options.databaseDefaults);
  if (known) return known;
  const idField = resource.idField;
  const given = plainBody(body)[idField];
  if (given !== undefined && given !== id) throw new HttpError(400, [`${idField}: the id cannot be changed`]);
  const data = parseCreate(resource, body, options);
  data[idField] = id;
  return data;
}

/**
 * Validates a patch of the record with id `id` field by field: each key present with a value other than
 * `undefined` is parsed with its own field schema, so no default is ever filled in for a key the patch does not
 * name. Keys the schema lacks are dropped; the id may be repeated but not changed. A patch the resource service
 * validated for this update is not parsed again.
 *
 * @throws HttpError 400 whose `message` lists one string per problem.
 */
export function validatePatch<TRecord>(resource: Resource<TRecord>, patch: unknown, id: RecordId): Row {
  return recallValidated(patch, resource, 'update', id) ?? patchFields(resource as Resource, plainBody(patch), id);
}
