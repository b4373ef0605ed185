/** Types of the query model: the where, list and cursor types (root entry). */
import type { CursorInput, CursorPage, FieldCondition, ListInput, Where, WhereClause } from 'pagelope';
import { describe, expectTypeOf, it } from 'vitest';

interface Book {
  id: string;
  title: string;
  pages: number;
  published: Date;
  inPrint: boolean;
}
type Field = 'id' | 'title' | 'pages' | 'published' | 'inPrint';

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
