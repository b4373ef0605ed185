import { HttpError, duplicateIdError, notFoundError, quote } from 'pagelope/kit';

/** The kind of constraint a failed write broke; `'value'`, a value its column cannot hold (see `SqlValueProblem`). */
export type ConstraintKind = 'unique' | 'foreign-key' | 'not-null' | 'check' | 'value';

/** Why a column cannot hold a value, with the message a client gets for it (after the field's name). */
const VALUE_MESSAGES = {
  'too-long': 'the value is too long',
  'out-of-range': 'the number is out of range',
  invalid: 'the value is not valid',
  'date-invalid': 'the date or time is not valid',
  'date-out-of-range': 'the date or time is out of range',
} as const;

/** Why a column cannot hold a value: too long, a number out of range, not valid, a date not valid or out of range. */
export type SqlValueProblem = keyof typeof VALUE_MESSAGES;

/** A broken constraint as a dialect read it from a driver's error, its columns already turned into fields. */
export interface ConstraintBreak {
  readonly kind: ConstraintKind;
  /** Why the value cannot be held, for a `'value'` break (`'invalid'` when absent). */
  readonly problem?: SqlValueProblem | undefined;
  /** The resource's fields the constraint covers, when the error (or the catalog) tells which and each is a field. */
  readonly fields?: readonly string[] | undefined;
  /**
   * A foreign key of another table that refuses a change of a value it refers to (its `fields` are the referenced
   * ones), rather than one of the written table that refers to a missing record.
   */
  readonly referenced?: boolean | undefined;
}

/** The write a statement was part of, and the id of its record when known. */
export interface ConstraintWrite {
  readonly operation: 'create' | 'update' | 'replace' | 'delete';
  readonly id?: unknown;
}

/**
 * The `HttpError` a client gets for a constraint a write broke, the same on every dialect (`cause` kept): a unique
 * violation is a 409 (on the id alone, of a write whose id is known, the usual duplicate-id 409), a foreign-key
 * violation a 409, a not-null or check violation a 400, a value its column cannot hold a 400 (an id of a write that
 * is no create: the 404 of an id that does not exist); each names the resource's fields where `broken.fields` says
 * which, never a table, a column, a constraint or the SQL.
 */
export function toConstraintError(
  broken: ConstraintBreak,
  resource: { readonly name: string; readonly idField: string },
  write: ConstraintWrite,
  cause: unknown,
): HttpError {
  const { fields } = broken;
  const options = { cause };
  const named = (message: string) => (fields ? [`${fields.join(', ')}: ${message}`] : [message]);
  const onId = fields?.length === 1 && fields[0] === resource.idField;
  switch (broken.kind) {
    case 'unique':
      if (onId && write.id !== undefined)
        return new HttpError(409, duplicateIdError(resource, write.id).message, options);
      if (!fields)
        return new HttpError(409, named(`a ${resource.name} record with these values already exists`), options);
      return new HttpError(
        409,
        named(fields.length > 1 ? 'this combination of values already exists' : 'the value already exists'),
        options,
      );
    case 'foreign-key':
      if (write.operation === 'delete') {
        const message = `${resource.name} ${quote(String(write.id))} cannot be deleted: other records refer to it`;
        return new HttpError(409, message, options);
      }
      return new HttpError(
        409,
        named(
          broken.referenced ? 'other records refer to the current value' : 'refers to a record that does not exist',
        ),
        options,
      );
    case 'not-null':
      return new HttpError(400, named(fields ? 'a value is required' : 'a required value is missing'), options);
    case 'check':
      return new HttpError(
        400,
        fields
          ? named(fields.length === 1 ? 'the value is not allowed' : 'the values are not allowed together')
          : ['the record breaks a rule of the stored data'],
        options,
      );
    case 'value': {
      // A path id the id column cannot hold names no record: answered as an id that does not exist.
      if (onId && write.operation !== 'create')
        return new HttpError(404, notFoundError(resource, write.id).message, options);
      const message = VALUE_MESSAGES[broken.problem ?? 'invalid'];
      return new HttpError(400, fields ? fields.map((field) => `${field}: ${message}`) : [message], options);
    }
  }
}
