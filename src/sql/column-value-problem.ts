import type { SqlColumnKind } from './column-kind';

const UUID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})$/i;
const INTEGER_TEXT = /^-?[0-9]{1,20}$/;
const DECIMAL_TEXT = /^-?[0-9]{1,131072}(\.[0-9]{1,16383})?$/;
const ISO_DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
/** A NUL in JSON text: `\u0000` after an even number of backslashes (an odd one makes it the text `\u0000`). */
const JSON_NUL = /(?:^|[^\\])(?:\\\\)*\\u0000/;
const NUL = 'must not contain a NUL character';

/**
 * Why a column of `kind` cannot hold `value` (a filter value, a cursor value, an id or a record's value, as the query
 * model and the record hold it), or `undefined` when it can: a NUL character in any text (JSON's included), text
 * longer than the column's or not among its values, a uuid that is not one, an integer out of its column's range or
 * not whole, a non-finite or out-of-range number, a date outside the years 0001-9999 (on a day column, a `Date` that
 * is not a midnight UTC), a boolean that is not one.
 */
export function columnValueProblem(kind: SqlColumnKind, value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && value.includes('\u0000')) return NUL;
  if (kind.kind === 'json' && typeof value === 'object' && JSON_NUL.test(JSON.stringify(value))) return NUL;
  switch (kind.kind) {
    case 'text':
      return textProblem(kind, value);
    case 'integer':
      return integerProblem(value, kind.min, kind.max);
    case 'uuid':
      return typeof value === 'string' && UUID.test(value) ? undefined : 'must be a uuid';
    case 'decimal':
      if (typeof value === 'string') return DECIMAL_TEXT.test(value) ? undefined : 'must be a number';
      return finiteProblem(value);
    case 'float':
      return floatProblem(kind, value);
    case 'date':
      // A day column holds no time of day: an instant past midnight UTC would be stored as its day, another value.
      return (
        dateProblem(value) ??
        (value instanceof Date && value.getTime() % 86_400_000 !== 0
          ? 'must be a midnight UTC: the column holds days'
          : undefined)
      );
    case 'timestamp':
      return dateProblem(value);
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    default:
      return undefined;
  }
}

function textProblem({ maxLength, values }: { maxLength?: number; values?: readonly string[] }, value: unknown) {
  if (typeof value !== 'string') return undefined;
  if (values && !values.includes(value)) return `must be one of ${values.join(', ')}`;
  return maxLength !== undefined && [...value].length > maxLength
    ? `must be at most ${maxLength} characters`
    : undefined;
}

function integerProblem(value: unknown, min: bigint, max: bigint): string | undefined {
  let whole: bigint;
  if (typeof value === 'number' && Number.isInteger(value)) whole = BigInt(value);
  else if (typeof value === 'string' && INTEGER_TEXT.test(value)) whole = BigInt(value);
  else return 'must be an integer';
  return whole < min || whole > max ? `must be an integer from ${min} to ${max}` : undefined;
}

function finiteProblem(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a finite number';
}

function floatProblem(kind: { readonly limit?: number; readonly unsigned?: boolean }, value: unknown) {
  const problem = finiteProblem(value);
  if (problem !== undefined) return problem;
  if (kind.limit !== undefined && Math.abs(value as number) > kind.limit) return 'is out of range';
  return kind.unsigned === true && (value as number) < 0 ? 'must not be negative' : undefined;
}

function dateProblem(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const match = ISO_DATE.exec(value);
    return match && isCalendarDate(match) ? undefined : 'must be a date (YYYY-MM-DD) from 0001-01-01 to 9999-12-31';
  }
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) return 'must be a date';
  const year = value.getUTCFullYear();
  return year < 1 || year > 9999 ? 'must be a date from the year 0001 to 9999' : undefined;
}

function isCalendarDate([, y, m, d]: RegExpExecArray): boolean {
  const year = Number(y);
  const date = new Date(Date.UTC(2000, Number(m) - 1, Number(d)));
  date.setUTCFullYear(year);
  return year >= 1 && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
}
