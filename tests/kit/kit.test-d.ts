/** Types of pagelope/kit: the normalized query, the reference evaluation and cursor building for storage adapters. */
import { defineResource, type HttpError, type Repository } from 'pagelope';
import {
  codePointKey,
  compareCodePoints,
  compareValues,
  compileAfterCursor,
  compileComparator,
  compilePredicate,
  compileQueryPredicate,
  compileSearch,
  keyOf,
  nextCursorOf,
  normalizeCursorInput,
  normalizeListInput,
  normalizeScope,
  type Condition,
  type ConditionGroups,
  type NormalizeOptions,
  type NormalizedQuery,
  type SearchTerm,
} from 'pagelope/kit';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';

const books = defineResource({
  name: 'books',
  schema: z.object({ id: z.string(), title: z.string(), pages: z.number() }),
  filterable: ['title', 'pages'],
  sortable: ['pages'],
});
type Row = Readonly<Record<string, unknown>>;

describe('normalizeListInput, normalizeCursorInput and normalizeScope', () => {
  it('take unknown input and a resource, and return the normalized model', () => {
    expectTypeOf(normalizeListInput({ limit: 5 }, books)).toEqualTypeOf<NormalizedQuery>();
    expectTypeOf(
      normalizeCursorInput({ cursor: null }, books, { scope: { title: 'x' } }),
    ).toEqualTypeOf<NormalizedQuery>();
    expectTypeOf(normalizeListInput).parameter(2).toEqualTypeOf<NormalizeOptions | undefined>();
    expectTypeOf(normalizeScope({ title: 'x' }, books)).toExtend<ConditionGroups>();
    expectTypeOf<NormalizedQuery['groups']>().toEqualTypeOf<ConditionGroups>();
    expectTypeOf<NormalizedQuery['search']>().toEqualTypeOf<SearchTerm | null | undefined>();
    expectTypeOf<Condition['value']>().toEqualTypeOf<unknown>();
    expectTypeOf(normalizeListInput<{ id: string }>).not.toBeAny();
    expectTypeOf(normalizeCursorInput<{ id: string }>).not.toBeAny();
    expectTypeOf(normalizeScope<{ id: string }>).not.toBeAny();
    // @ts-expect-error the resource is required
    normalizeListInput({ limit: 5 });
  });
});

describe('the reference evaluation', () => {
  it('compiles predicates over rows and a comparator of rows', () => {
    const query = normalizeListInput({}, books);
    expectTypeOf(compileQueryPredicate(query)).toEqualTypeOf<(row: Row) => boolean>();
    expectTypeOf(compileAfterCursor(query)).toEqualTypeOf<(row: Row) => boolean>();
    expectTypeOf(compilePredicate(query.groups)).toEqualTypeOf<(record: Row) => boolean>();
    expectTypeOf(compileSearch).parameter(0).toEqualTypeOf<SearchTerm>();
    expectTypeOf(compileComparator(query.order)).toEqualTypeOf<(a: Row, b: Row) => number>();
    expectTypeOf(compareValues).toEqualTypeOf<(x: unknown, y: unknown) => number>();
    expectTypeOf(compareCodePoints).toEqualTypeOf<(a: string, b: string) => number>();
    expectTypeOf(codePointKey).toEqualTypeOf<(text: string) => string>();
    expectTypeOf(keyOf).toEqualTypeOf<(value: unknown) => unknown>();
    // @ts-expect-error the comparator takes order terms, not a field name
    compileComparator('pages');
    // @ts-expect-error code-point order compares strings
    compareCodePoints('a', 1);
  });
});

describe('nextCursorOf', () => {
  it('takes the query and the last row, and returns the cursor text', () => {
    expectTypeOf(nextCursorOf).returns.toEqualTypeOf<string>();
    expectTypeOf(nextCursorOf).parameter(1).toEqualTypeOf<Readonly<Record<string, unknown>>>();
    // @ts-expect-error it needs the last row
    nextCursorOf(normalizeListInput({}, books));
  });
});

describe('the types a repository implements', () => {
  it('are the root entry types, not any', () => {
    expectTypeOf<Repository<{ id: string }>>().not.toBeAny();
    expectTypeOf<HttpError>().not.toBeAny();
  });
});
