/**
 * The value and record generators of the properties: text that exposes code-unit vs code-point order, case folding
 * quirks and LIKE/regex metacharacters; few distinct numbers, dates and enum values, so that sort keys repeat.
 */
import fc from 'fast-check';
import type { OrderTerm } from 'pagelope';
import { at, FIELDS, STATUSES, type Item } from './fixtures';

/** Characters that expose code-unit vs code-point order, case folding quirks and LIKE/regex metacharacters. */
export const CHARS = [
  'a',
  'A',
  'b',
  'B',
  'é',
  'É',
  'İ',
  'ß',
  'z',
  '.',
  '%',
  '_',
  '*',
  ' ',
  '\uFF5E',
  '\uFFFD',
  '\uE000',
  '😀',
  '\u{10000}',
  '𝔸',
];
/** Text of up to three characters of {@link CHARS}. */
export const text = fc.array(fc.constantFrom(...CHARS), { maxLength: 3 }).map((chars) => chars.join(''));
const ID_CHARS = ['a', 'B', '0', '~', '-', 'é', '\uFF5E', '😀'];
/** An id of one to three characters, some of them beyond ASCII. */
export const idText = fc
  .array(fc.constantFrom(...ID_CHARS), { minLength: 1, maxLength: 3 })
  .map((chars) => chars.join(''));
const DATES = [
  '2020-01-01T00:00:00.000Z',
  '2020-01-01T00:00:00.001Z',
  '1999-12-31T23:59:59.999Z',
  '2038-01-19T03:14:08.000Z',
].map(at);
/** One of four instants, as a fresh Date. */
export const dateValue = fc.constantFrom(...DATES).map((date) => new Date(date.getTime()));
/** A small integer, so that ages repeat. */
export const ageValue = fc.integer({ min: -3, max: 3 });
/** A fractional, negative or zero score. */
export const scoreValue = fc.constantFrom(-1.5, 0, 0.25, 2, 10);
/** A status of the enum. */
export const statusValue = fc.constantFrom(...STATUSES);

/** A value of each field of the fixture but the id (nulls where the field allows them). */
export const fieldValues = {
  name: text,
  nick: fc.option(text, { nil: null }),
  age: fc.option(ageValue, { nil: null }),
  score: scoreValue,
  active: fc.option(fc.boolean(), { nil: null }),
  status: statusValue,
  createdAt: fc.option(dateValue, { nil: null }),
};

const recordBody = fc.record(fieldValues, { requiredKeys: ['name', 'age', 'active', 'status', 'createdAt'] });

/** Random records: unique ids, nulls, missing optional fields, many equal sort values, Unicode. */
export const recordsArbitrary: fc.Arbitrary<Item[]> = fc
  .uniqueArray(idText, { maxLength: 30 })
  .chain((ids) => fc.tuple(...ids.map((id) => recordBody.map((body): Item => ({ ...body, id })))))
  .map((records) => [...records]);

/** A random order: up to three sortable fields (the id among them at times), random directions. */
export const orderArbitrary: fc.Arbitrary<OrderTerm<keyof Item & string>[]> = fc
  .shuffledSubarray(['id', ...FIELDS] as (keyof Item & string)[], { maxLength: 3 })
  .chain((fields) =>
    fc.tuple(
      ...fields.map((field) =>
        fc.constantFrom('asc' as const, 'desc' as const).map((direction) => ({ field, direction })),
      ),
    ),
  )
  .map((terms) => [...terms]);

/** A random search text: one or two characters of the generators' alphabet (case folding quirks, metacharacters). */
export const searchArbitrary: fc.Arbitrary<string> = fc
  .array(fc.constantFrom(...CHARS), { minLength: 1, maxLength: 2 })
  .map((chars) => chars.join(''));

/** A random field selection: one to three fields other than the id, in random order. */
export const selectArbitrary: fc.Arbitrary<(keyof Item & string)[]> = fc.shuffledSubarray([...FIELDS], {
  minLength: 1,
  maxLength: 3,
});
