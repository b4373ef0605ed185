import {
  DATE_RANGE_REASON,
  type FieldDef,
  QUERY_LIMITS,
  isCalendarDateText,
  isCalendarDay,
  isDateInRange,
} from '../../fields/index';
import { isPositiveIntegerText } from '../../internal/index';

/** Why a filter value was rejected (the message after the parameter's name). */
export class Rejection {
  constructor(readonly reason: string) {}
}

const DECIMAL = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ]([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:[Zz]|[+-](?:[01]\d|2[0-3])(?::?[0-5]\d)?)?)?$/;

const KIND_TEXT: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  date: 'an ISO 8601 date',
  isoDate: 'a calendar date YYYY-MM-DD of the years 0001 to 9999',
  boolean: 'true or false',
};

/**
 * Turns one filter value into the field's type: a query-string text (`fromText`) or a programmatic value. Returns
 * the value, or a {@link Rejection} (no result object is built for an accepted value).
 * `validate` also runs the field's own zod schema (for equality operators, whose values are whole values).
 */
export function coerceValue(def: FieldDef, raw: unknown, fromText: boolean, validate: boolean): unknown {
  if (typeof raw === 'string') {
    if (raw.length > QUERY_LIMITS.maxValueLength)
      return fail(`must be at most ${QUERY_LIMITS.maxValueLength} characters`);
    if (raw.includes('\u0000')) return fail('must not contain a NUL character');
  }
  let value: unknown = raw;
  switch (def.kind) {
    case 'number':
      if (fromText) value = typeof raw === 'string' && isDecimal(raw) ? Number(raw) : Number.NaN;
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail(`must be ${KIND_TEXT.number}`);
      break;
    case 'boolean':
      if (fromText) value = raw === 'true' ? true : raw === 'false' ? false : undefined;
      if (typeof value !== 'boolean') return fail(`must be ${KIND_TEXT.boolean}`);
      break;
    case 'date':
      value = toDate(raw, fromText);
      if (value === undefined) return fail(`must be ${KIND_TEXT.date}`);
      if (!isDateInRange(value as Date)) return fail(DATE_RANGE_REASON);
      break;
    case 'isoDate':
      if (typeof raw !== 'string' || !isCalendarDateText(raw)) return fail(`must be ${KIND_TEXT.isoDate}`);
      break;
    case 'enum':
      if (typeof raw !== 'string' || !def.enumValues?.includes(raw)) {
        return fail(`must be one of ${(def.enumValues ?? []).join(', ')}`);
      }
      break;
    default:
      if (typeof raw !== 'string') return fail(`must be ${KIND_TEXT.string}`);
  }
  if (validate) {
    const result = def.base.safeParse(value);
    if (!result.success) return fail(`is invalid: ${result.error.issues[0]?.message ?? 'rejected by the schema'}`);
  }
  return value;
}

/**
 * Whether `text` is a number as JSON writes one (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, so `1e3` and
 * `2.5E-4` too, as OpenAPI's `type: number` allows), as {@link DECIMAL} says; a positive integer, the common case,
 * takes a loop instead of the regular expression. A value beyond the doubles (`1e400`) is refused after by
 * `Number.isFinite`.
 */
function isDecimal(text: string): boolean {
  return isPositiveIntegerText(text) || (text.length > 0 && DECIMAL.test(text));
}

function toDate(raw: unknown, fromText: boolean): Date | undefined {
  if (raw instanceof Date && !fromText) return Number.isNaN(raw.getTime()) ? undefined : new Date(raw.getTime());
  const match = typeof raw === 'string' ? ISO_DATE.exec(raw) : null;
  if (!match || !isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]))) return undefined;
  const time = Date.parse(raw as string);
  return Number.isNaN(time) ? undefined : new Date(time);
}

const fail = (reason: string): Rejection => new Rejection(reason);
