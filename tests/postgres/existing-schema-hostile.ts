/**
 * Hostile values per column type of the existing schema: filter values the columns cannot hold (each a 400 naming
 * the parameter), path ids no key can hold (each a 404), and cursor values (each a 400).
 */
const NUL = 'a\u0000b';
const LONG = 'x'.repeat(5000);

/** A filter of one field and operator, and the start of the message its 400 must have. */
export interface HostileFilter {
  readonly field: string;
  readonly op: string;
  readonly value: unknown;
  readonly message: string;
}

const each = (field: string, op: string, values: readonly unknown[], message: string): HostileFilter[] =>
  values.map((value) => ({ field, op, value, message: `${field}[${op}]: ${message}` }));

const NOT_UUID = ['abc', '', LONG, '00000000-0000-4000-8000-00000000000g', "'; DROP TABLE books; --", '__proto__'];
const OUT_OF_INT4 = [2147483648, -2147483649, 1.5];
const OUT_OF_INT8 = [2 ** 63, -(2 ** 64), 0.5];
const NOT_DATES = [new Date('+275760-09-13T00:00:00Z'), new Date('0000-06-01T00:00:00Z'), new Date('-000100-01-01')];

export const HOSTILE_FILTERS: readonly HostileFilter[] = [
  ...each('authorId', 'eq', NOT_UUID, 'must be a uuid'),
  ...each('authorId', 'ne', NOT_UUID.slice(0, 2), 'must be a uuid'),
  ...each('id', 'in', [NOT_UUID.slice(0, 2)], 'must be a uuid'),
  ...each('authorId', 'in', [['0b8f7e2c-3d1a-4c5e-9f60-1a2b3c4d5e6f', 'abc']], 'must be a uuid'),
  ...each('authorId', 'notin', [['abc']], 'must be a uuid'),
  ...each('authorId', 'eq', [NUL], 'must not contain a NUL character'),
  ...each('pageCount', 'eq', OUT_OF_INT4, 'must be an integer'),
  ...each(
    'pageCount',
    'in',
    OUT_OF_INT4.map((n) => [1, n]),
    'must be an integer',
  ),
  ...each('pageCount', 'between', [[1, 2147483648]], 'must be an integer'),
  ...each('wordCount', 'gte', OUT_OF_INT8, 'must be an integer'),
  ...each('wordCount', 'notin', [[2 ** 70]], 'must be an integer'),
  ...each('publishedOn', 'eq', NOT_DATES, 'must be a date'),
  ...each('publishedOn', 'in', [NOT_DATES], 'must be a date'),
  ...each('createdAt', 'lt', NOT_DATES, 'must be a date'),
  ...each('createdAt', 'between', [[new Date('2000-01-01'), NOT_DATES[0]]], 'must be a date'),
  ...each('tenantId', 'eq', [NUL], 'must not contain a NUL character'),
  ...each('title', 'cont', [NUL], 'must not contain a NUL character'),
  ...each('title', 'eql', [NUL], 'must not contain a NUL character'),
  ...each('title', 'inl', [['a', NUL]], 'must not contain a NUL character'),
  ...each('title', 'starts', [NUL], 'must not contain a NUL character'),
];

/** Ids no uuid key can hold (each a 404, as a missing id). */
export const HOSTILE_UUID_IDS = [...NOT_UUID, NUL, '00000000-0000-4000-8000-000000000000\u0000', ' ', '%00'];

/** Ids no integer key can hold; `bigint` says which keys also refuse the int4 overflows. */
export const HOSTILE_INTEGER_IDS = [
  'abc',
  '',
  '1.5',
  '1e3',
  ' 1',
  '0x10',
  NUL,
  '1\u0000',
  '99999999999999999999',
  '-9223372036854775809',
  LONG,
];
/** Ids an integer key cannot hold that a bigint key can (each a 404 on both: none exists). */
export const INT4_OVERFLOW_IDS = ['2147483648', '-2147483649', '9223372036854775807'];

/** Cursor values the books' `createdAt desc, id` order cannot hold, as the cursor's JSON carries them. */
export const HOSTILE_CURSOR_VALUES: readonly (readonly unknown[])[] = [
  ['2024-01-01T12:00:00.000Z', 'abc'],
  ['2024-01-01T12:00:00.000Z', NUL],
  ['2024-01-01T12:00:00.000Z', ''],
  ['+275760-09-13T00:00:00.000Z', '00000000-0000-4000-8000-000000000001'],
  ['0000-01-01T00:00:00.000Z', '00000000-0000-4000-8000-000000000001'],
];
