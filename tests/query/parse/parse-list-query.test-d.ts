/** Types of the list-query parsers (root entry). */
import { defineResource, parseCursorQuery, parseListQuery, type CursorQuery, type ListQuery } from 'pagelope';
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
