/** Types of the resource module: defineResource (root entry) and record validation and write errors (kit). */
import {
  RESERVED_FIELD_NAMES,
  defineResource,
  type FieldOf,
  type HttpError,
  type LimitPolicy,
  type Resource,
  type ResourceConfig,
} from 'pagelope';
import { duplicateIdError, notFoundError, validateCreate, validatePatch, validateReplace } from 'pagelope/kit';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';

const bookSchema = z.object({ id: z.string(), title: z.string(), pages: z.number().int(), tags: z.array(z.string()) });
type Book = z.output<typeof bookSchema>;
const books = defineResource({ name: 'books', schema: bookSchema, filterable: ['title'], sortable: ['pages'] });

describe('defineResource', () => {
  it('returns a Resource of the schema output, with the id field and order terms typed by its fields', () => {
    expectTypeOf(books).toEqualTypeOf<Resource<Book, typeof bookSchema>>();
    expectTypeOf(books).not.toBeAny();
    expectTypeOf(books.idField).toEqualTypeOf<'id' | 'title' | 'pages' | 'tags'>();
    expectTypeOf(books.defaultOrder[0]!.field).toEqualTypeOf<'id' | 'title' | 'pages' | 'tags'>();
    expectTypeOf(books.pagination.onLimitExceeded).toEqualTypeOf<LimitPolicy>();
    expectTypeOf<FieldOf<typeof bookSchema>>().toEqualTypeOf<'id' | 'title' | 'pages' | 'tags'>();
    expectTypeOf<ResourceConfig<typeof bookSchema>>().not.toBeAny();
    expectTypeOf(RESERVED_FIELD_NAMES).toEqualTypeOf<readonly string[]>();
  });

  it('assigns a typed resource to the untyped form repositories take', () => {
    const untyped: Resource = books as unknown as Resource;
    expectTypeOf(untyped.fields).toEqualTypeOf<Resource['fields']>();
    expectTypeOf<Resource>().not.toBeAny();
  });

  it('rejects fields the schema does not have at compile time', () => {
    // @ts-expect-error 'author' is not a field of the schema
    defineResource({ name: 'books', schema: bookSchema, filterable: ['author'] });
    // @ts-expect-error 'author' is not a field of the schema
    defineResource({ name: 'books', schema: bookSchema, sortable: ['author'] });
    // @ts-expect-error the id field is a field of the schema
    defineResource({ name: 'books', schema: bookSchema, idField: 'isbn' });
    // @ts-expect-error operators come from the grammar
    defineResource({ name: 'books', schema: bookSchema, filterable: { title: ['like'] } });
    // @ts-expect-error the limit policy is 'clamp' or 'reject'
    defineResource({ name: 'books', schema: bookSchema, pagination: { onLimitExceeded: 'ignore' } });
  });
});

describe('validateCreate, validateReplace and validatePatch', () => {
  it('take the resource and an unknown body, and return a plain record', () => {
    expectTypeOf(validateCreate(books, {})).toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf(validateReplace(books, {}, 'b1')).toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf(validatePatch(books, {}, 'b1')).toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf(validateCreate<Book>)
      .parameter(1)
      .toEqualTypeOf<unknown>();
    expectTypeOf(validateCreate<Book>).not.toBeAny();
    // @ts-expect-error replace needs the id of the record
    validateReplace(books, {});
  });
});

describe('notFoundError and duplicateIdError', () => {
  it('return an HttpError for anything with a name', () => {
    expectTypeOf(notFoundError(books, 'b1')).toEqualTypeOf<HttpError>();
    expectTypeOf(duplicateIdError({ name: 'books' }, 'b1')).toEqualTypeOf<HttpError>();
    // @ts-expect-error the resource needs a name
    notFoundError({}, 'b1');
  });
});
