/**
 * A column's type as the SQL engine knows it, whatever the database spells it: each dialect translates its own type
 * names into one of these (PostgreSQL's catalog names in `pagelope/postgres`, a Drizzle column's `columnType` in
 * `pagelope/drizzle`), and what a column of it can hold is read from it alone: the field schema of a column
 * ({@link columnKindSchema}) and the check of a value bound for it ({@link columnValueProblem}).
 *
 * - `text`: text of at most `maxLength` characters when given, one of `values` when given (an enum);
 * - `uuid`: a uuid's text;
 * - `integer`: a whole number from `min` to `max` (a field schema keeps within the safe integers);
 * - `decimal`: an exact decimal, bound as a finite number or as decimal text;
 * - `float`: a finite number, at most `limit` in absolute value when given, not negative when `unsigned`;
 * - `boolean`; `date`: a calendar day, as `'YYYY-MM-DD'` text or a `Date`; `timestamp`: an instant, as a `Date`;
 * - `json`: a JSON value; `other`: a type the engine does not know (any value but text with a NUL).
 */
export type SqlColumnKind =
  | {
      readonly kind: 'text';
      readonly maxLength?: number | undefined;
      readonly values?: readonly string[] | undefined;
    }
  | { readonly kind: 'integer'; readonly min: bigint; readonly max: bigint }
  | { readonly kind: 'float'; readonly limit?: number | undefined; readonly unsigned?: boolean | undefined }
  | { readonly kind: 'uuid' | 'decimal' | 'boolean' | 'date' | 'timestamp' | 'json' | 'other' };

/** The kinds without bounds, one frozen object each. */
export const COLUMN_KINDS = Object.freeze({
  text: Object.freeze({ kind: 'text' }),
  uuid: Object.freeze({ kind: 'uuid' }),
  decimal: Object.freeze({ kind: 'decimal' }),
  float: Object.freeze({ kind: 'float' }),
  boolean: Object.freeze({ kind: 'boolean' }),
  date: Object.freeze({ kind: 'date' }),
  timestamp: Object.freeze({ kind: 'timestamp' }),
  json: Object.freeze({ kind: 'json' }),
  other: Object.freeze({ kind: 'other' }),
} as const satisfies Readonly<Record<string, SqlColumnKind>>);

/**
 * The kind of an integer column of `bytes` bytes (1 a tinyint, 2 a smallint, 3 a mediumint, 4 an integer, 8 a
 * bigint): from -2^(8·bytes-1) to 2^(8·bytes-1)-1, or from 0 to 2^(8·bytes)-1 when `unsigned`.
 */
export function integerKind(bytes: 1 | 2 | 3 | 4 | 8, unsigned = false): SqlColumnKind {
  const bits = BigInt(bytes * 8);
  return Object.freeze(
    unsigned
      ? { kind: 'integer', min: 0n, max: 2n ** bits - 1n }
      : { kind: 'integer', min: -(2n ** (bits - 1n)), max: 2n ** (bits - 1n) - 1n },
  );
}
