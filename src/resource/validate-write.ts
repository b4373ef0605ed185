import type { Resource } from './define-resource';
import { dateRangeProblem, type IssueLike, type RecordId, type SchemaLike } from '../fields/index';
import { HttpError } from '../errors/index';
import { isUnsafeKey } from '../internal/index';
import { idTextProblem } from './id-text-problem';
import { issueMessages, requiredIssues } from './issue-messages';
import { recordSchemaOf } from './record-schema';
import { checkedValuesOf, markValidated, type WriteMode } from './write-marks';

type Row = Record<string, unknown>;
/** Whether the value at `key` is one `checkBody` parsed already. */
type IsParsed = (key: string) => boolean;

/** Options of {@link validateWrite}. */
export interface ValidateWriteOptions {
  /** The write: a create, an update (the data is a patch) or a replace. */
  readonly mode: WriteMode;
  /** The id of the record an update or replace writes. */
  readonly id?: RecordId | undefined;
  /** Fields the repository fills when a created or replacing record has none (`Repository.databaseDefaults`). */
  readonly databaseDefaults?: readonly string[] | undefined;
}

/**
 * The resource service's final validation of a write, after its before-hooks and scope: what `data` holds is
 * validated as `validateCreate`, `validateReplace` or `validatePatch` would, with the same messages (save that a date
 * out of range is reported beside a type error of another field, which the record schema leaves out), but a value
 * `checkBody` parsed (the very value at the same key of `checked`, the object it returned) is taken as it is: only
 * what a before-hook, the scope or a replace's stored fields put in is parsed, and only those keys are checked for
 * unsafe names. The result is marked, so the repository's `validate...` call returns it without parsing it again.
 *
 * @throws HttpError 400 whose `message` lists one string per problem.
 */
export function validateWrite<TRecord>(
  resource: Resource<TRecord>,
  data: unknown,
  checked: object,
  options: ValidateWriteOptions,
): Row {
  const { mode, id, databaseDefaults } = options;
  const generic = resource as Resource;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new HttpError(400, ['the body must be a JSON object']);
  }
  const body = data as Row;
  const parsed = checkedValuesOf(checked);
  const isParsed: IsParsed = (key) => {
    const value = body[key];
    return value !== undefined && parsed.has(key) && Object.is(parsed.get(key), value);
  };
  const unsafe = Object.keys(body).filter((key) => !isParsed(key) && isUnsafeKey(key));
  if (unsafe.length > 0)
    throw new HttpError(
      400,
      unsafe.map((key) => `${key}: this key is not allowed`),
    );
  const record =
    mode === 'update'
      ? patchFields(generic, body, id as RecordId, isParsed)
      : recordFields(generic, body, mode, id, isParsed, databaseDefaults);
  return markValidated(record, resource, mode, id, databaseDefaults);
}

const NOTHING_PARSED: IsParsed = () => false;

/**
 * The fields of a patch of the record with id `id`, each value parsed with its own field schema unless `isParsed`
 * says it is parsed already: keys the schema lacks and `undefined` values dropped, the id repeated or refused.
 *
 * @throws HttpError 400 whose `message` lists one string per problem.
 */
export function patchFields(resource: Resource, body: Readonly<Row>, id: RecordId, isParsed = NOTHING_PARSED): Row {
  // The record schema's fields: the user's, wrapped optional, the soft-delete field nullable (a restore writes null).
  const shape = recordSchemaOf(resource).fields;
  const idField = resource.idField;
  const data: Row = {};
  const messages: string[] = [];
  for (const key of Object.keys(body)) {
    const value = body[key];
    if (value === undefined || !resource.fields.has(key)) continue;
    if (key === idField) {
      if (value !== id) messages.push(`${idField}: the id cannot be changed`);
      continue;
    }
    if (isParsed(key)) {
      data[key] = value;
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

/**
 * The whole record of a create or replace, field by field in the schema's order, as the record schema of
 * `recordSchemaOf` parses it (defaults filled in, required fields enforced, date ranges checked after the fields),
 * each value not yet parsed parsed with the field's schema there; a create's id checked by `idTextProblem`.
 *
 * @throws HttpError 400 whose `message` lists one string per problem.
 */
function recordFields(
  resource: Resource,
  body: Readonly<Row>,
  mode: 'create' | 'replace',
  id: RecordId | undefined,
  isParsed: IsParsed,
  databaseDefaults: readonly string[] | undefined,
): Row {
  const idField = resource.idField;
  const given = body[idField];
  if (mode === 'replace' && given !== undefined && given !== id) {
    throw new HttpError(400, [`${idField}: the id cannot be changed`]);
  }
  const schemas = recordSchemaOf(resource, databaseDefaults).fields;
  const record: Row = {};
  const issues: IssueLike[] = [];
  const outOfRange: IssueLike[] = [];
  for (const key of Object.keys(schemas)) {
    if (isParsed(key)) {
      record[key] = body[key];
      continue;
    }
    const result = (schemas[key] as SchemaLike).safeParse(body[key]);
    if (!result.success) {
      for (const issue of result.error.issues) issues.push({ path: [key, ...issue.path], message: issue.message });
    } else if (result.data !== undefined) {
      record[key] = result.data;
      const problem = dateRangeProblem(resource.fields.get(key), result.data);
      if (problem !== undefined) outOfRange.push({ path: [key], message: problem });
    }
  }
  if (issues.length + outOfRange.length > 0) {
    throw new HttpError(400, issueMessages(requiredIssues([...issues, ...outOfRange], body)));
  }
  // Whoever chose it (the client, a hook, the scope), a created record must be reachable by its id.
  const idProblem = mode === 'create' ? idTextProblem(idField, record[idField]) : undefined;
  if (idProblem !== undefined) throw new HttpError(400, [idProblem]);
  if (mode === 'replace') record[idField] = id;
  return record;
}
