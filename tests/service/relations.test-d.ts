import { describe, expectTypeOf, it } from 'vitest';
import type { GetOptions, RelatedService, RelationsInput } from '../../src/service/index';
import { type Book, createRelationServices } from './relation-fixtures';

const { bookService, authorService, reviewService } = createRelationServices();

describe('createResourceService relations', () => {
  it('takes include and counts on list, listByCursor and get, and keeps the item types', () => {
    expectTypeOf(bookService.list({ include: ['author'], counts: ['reviews'] })).resolves.toHaveProperty('items');
    expectTypeOf(bookService.list({ include: ['author'], select: ['title'] })).resolves.toEqualTypeOf<
      import('../../src/index').PageResult<Pick<Book, 'id' | 'title'>>
    >();
    expectTypeOf(bookService.listByCursor({ counts: ['reviews'] })).resolves.toHaveProperty('nextCursor');
    expectTypeOf(
      bookService.get('b1', { include: ['author'], locals: { tenant: 'a' } }),
    ).resolves.toEqualTypeOf<Book>();
    // @ts-expect-error include is a list of names
    void bookService.list({ include: 'author' });
    // @ts-expect-error counts is a list of names
    void bookService.get('b1', { counts: 1 });
  });

  it('types the relation options', () => {
    expectTypeOf<RelationsInput['include']>().toEqualTypeOf<readonly string[] | undefined>();
    expectTypeOf<GetOptions>().toHaveProperty('locals');
    expectTypeOf(authorService).toExtend<RelatedService>();
    expectTypeOf(() => reviewService).toExtend<RelatedService>();
    expectTypeOf<RelatedService>().not.toBeAny();
  });
});
