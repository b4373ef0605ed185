import { describe, expect, it } from 'vitest';
import { columnsOverLimits, constraintColumnsOf, type SqlTableFacts } from '../../src/sql/index';

const FACTS: SqlTableFacts = {
  constraints: new Map([
    ['books_pkey', ['id']],
    ['books_title_year_key', ['title', 'year']],
  ]),
  referencedBy: new Map([['reviews.reviews_book_fkey', ['book_id']]]),
  maxLength: new Map([
    ['title', 5],
    ['code', 2],
  ]),
  numericBound: new Map([['price', 1000]]),
};
/** Each column is its field's, but `hidden`, which no field maps to. */
const fieldOf = (column: string) => (column === 'hidden' ? undefined : column);

describe('constraintColumnsOf', () => {
  it.each([
    { name: 'books_title_year_key', referencing: undefined, columns: ['title', 'year'] },
    { name: 'reviews_book_fkey', referencing: 'reviews', columns: ['book_id'] },
    { name: 'reviews_book_fkey', referencing: undefined, columns: undefined },
    { name: 'books_pkey', referencing: 'reviews', columns: undefined },
    { name: '__proto__', referencing: undefined, columns: undefined },
  ])('returns the columns of $name (referencing $referencing)', ({ name, referencing, columns }) => {
    expect(constraintColumnsOf(FACTS, name, referencing)).toEqual(columns);
  });
});

describe('columnsOverLimits', () => {
  it.each([
    { problem: 'too-long', record: { title: 'abcdef' }, columns: ['title'] },
    { problem: 'too-long', record: { title: 'abcde', code: 'abc' }, columns: ['code'] },
    // Characters are code points: five emoji are five characters, not ten UTF-16 units.
    { problem: 'too-long', record: { title: '😀😀😀😀😀' }, columns: [] },
    { problem: 'too-long', record: { title: null, code: 123 }, columns: [] },
    { problem: 'out-of-range', record: { price: -1000 }, columns: ['price'] },
    { problem: 'out-of-range', record: { price: 999.99 }, columns: [] },
    { problem: 'out-of-range', record: { price: '1e3' }, columns: ['price'] },
    { problem: 'out-of-range', record: {}, columns: [] },
  ] as const)('returns $columns for a $problem value of $record', ({ problem, record, columns }) => {
    expect(columnsOverLimits(FACTS, problem, record, fieldOf)).toEqual(columns);
  });

  it('reads no value of a column no field maps to, nor an inherited one', () => {
    const facts = {
      ...FACTS,
      maxLength: new Map([
        ['hidden', 1],
        ['toString', 1],
      ]),
    };
    expect(columnsOverLimits(facts, 'too-long', { hidden: 'long' }, fieldOf)).toEqual([]);
    expect(columnsOverLimits(facts, 'too-long', {}, fieldOf)).toEqual([]);
  });
});
