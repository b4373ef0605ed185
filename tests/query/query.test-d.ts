/** Types of the query module: the list-query parsers and the where/list/cursor types (root entry). */
import {
  defineResource,
  parseCursorQuery,
  parseListQuery,
  type CursorInput,
  type CursorPage,
  type CursorQuery,
  type FieldCondition,
  type ListInput,
  type ListQuery,
  type Where,
  type WhereClause,
} from 'pagelope';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';

const bookSchema = z.object({
  id: z.string(),
  title: z.string(),
  pages: z.number().int(),
  published: z.date(),
  inPrint: z.boolean(),
});
type Book = z.output<typeof bookSchema>;
type Field = 'id' | 'title' | 'pages' | 'published' | 'inPrint';
const books = defineResource({ name: 'books', schema: bookSchema, filterable: ['title', 'pages'] });

describe('parseListQuery', () => {
  it('takes unknown input and a resource, and returns a ListQuery of its record type', () => {
    expectTypeOf(parseListQuery).parameter(0).toEqualTypeOf<unknown>();
    expectTypeOf(parseListQuery('limit=5', books)).toEqualTypeOf<ListQuery<Book>>();
    expectTypeOf(parseListQuery('limit=5', books).orderBy[0]!.field).toEqualTypeOf<Field>();
    expectTypeOf(parseListQuery<Book>).not.toBeAny();
    expectTypeOf<ListQuery<Book>>().not.toBeAny();
    // @ts-expect-error the resource is required
    parseListQuery('limit=5');
  });
});

describe('parseCursorQuery', () => {
  it('returns a CursorQuery with a cursor of string or null', () => {
    const query = parseCursorQuery('limit=5', books);
    expectTypeOf(query).toEqualTypeOf<CursorQuery<Book>>();
    expectTypeOf(query.cursor).toEqualTypeOf<string | null>();
    expectTypeOf(parseCursorQuery<Book>).not.toBeAny();
    expectTypeOf<CursorQuery<Book>>().not.toBeAny();
    // @ts-expect-error a cursor query has no page
    expectTypeOf(query.page).not.toBeAny();
  });
});

describe('Where, WhereClause and FieldCondition', () => {
  it('types each operator by the field value type', () => {
    expectTypeOf<FieldCondition<number>['gte']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<FieldCondition<string>['cont']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<FieldCondition<Date>['between']>().not.toBeAny();
    expectTypeOf<WhereClause<Book>>().not.toBeAny();
    expectTypeOf<Where<Book>>().not.toBeAny();
    const where: Where<Book> = { title: { startsl: 'the' }, pages: { between: [100, 200] }, inPrint: true };
    const either: Where<Book> = [{ title: 'Dune' }, { pages: { gt: 500 } }];
    expectTypeOf([where, either]).not.toBeAny();
  });

  it('rejects unknown fields and operators that do not fit the value type at compile time', () => {
    // @ts-expect-error 'author' is not a field
    const unknownField: Where<Book> = { author: 'x' };
    // @ts-expect-error cont is a text operator
    const textOnNumber: Where<Book> = { pages: { cont: '1' } };
    // @ts-expect-error gt on a number takes a number
    const wrongValue: Where<Book> = { pages: { gt: '100' } };
    expectTypeOf([unknownField, textOnNumber, wrongValue]).not.toBeAny();
  });
});

describe('ListInput, CursorInput and CursorPage', () => {
  it('types select and orderBy by the record fields', () => {
    expectTypeOf<NonNullable<ListInput<Book>['select']>[number]>().toEqualTypeOf<Field>();
    expectTypeOf<NonNullable<CursorInput<Book>['orderBy']>[number]['field']>().toEqualTypeOf<Field>();
    expectTypeOf<CursorPage<Book>['nextCursor']>().toEqualTypeOf<string | null>();
    expectTypeOf<ListInput<Book>>().not.toBeAny();
    expectTypeOf<CursorInput<Book>>().not.toBeAny();
    expectTypeOf<CursorPage<Book>>().not.toBeAny();
    // @ts-expect-error 'author' is not a field
    const input: ListInput<Book> = { select: ['author'] };
    expectTypeOf(input).not.toBeAny();
  });
});
