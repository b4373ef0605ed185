import { describe, expect, it } from 'vitest';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  isHttpError,
  parseCursorQuery,
  parseListQuery,
  type Repository,
} from '../../src/index';
import { rejectionOf } from '../support/rejection-of';
import {
  AUTHORS,
  BOOKS,
  REVIEWS,
  as,
  authors,
  books,
  createRelationServices,
  reviews,
  scope,
  type Author,
  type Book,
  type Locals,
  type Review,
} from './relation-fixtures';

type Row = Record<string, unknown>;

const ann = { id: 'au1', fullName: 'Ann Lee', tenant: 'a' };
const bo = { id: 'au2', fullName: 'Bo Chen', tenant: 'a' };
const review = (id: string, bookId: string, rating: number, tenant = 'a') => ({ id, bookId, rating, tenant });

/** A repository that counts the calls of each method and forwards them (without `listByValues`/`countByValues`). */
function counting<T>(inner: Repository<T>, native = false) {
  const calls: string[] = [];
  const wrap =
    <K extends keyof Repository<T>>(name: K) =>
    (...args: unknown[]) => {
      calls.push(name);
      return (inner[name] as (...a: unknown[]) => unknown)(...args);
    };
  const repository = {
    create: wrap('create'),
    get: wrap('get'),
    update: wrap('update'),
    replace: wrap('replace'),
    delete: wrap('delete'),
    list: wrap('list'),
    listByCursor: wrap('listByCursor'),
    ...(native && inner.listByValues ? { listByValues: wrap('listByValues') } : {}),
    ...(native && inner.countByValues ? { countByValues: wrap('countByValues') } : {}),
  } as unknown as Repository<T>;
  return { repository, calls };
}

/** A memory repository with a native `listByValues` and `countByValues` (what a storage adapter may offer). */
function withByValues<T extends Row>(resource: typeof reviews | typeof authors, records: readonly T[]): Repository<T> {
  const inner = createMemoryRepository(resource as never, { records: records as never }) as unknown as Repository<T>;
  const within = async (scopeWhere: unknown): Promise<T[]> =>
    (await inner.list({ limit: 100 }, { scope: scopeWhere as never })).items as T[];
  return {
    ...inner,
    async listByValues(field, values, options = {}) {
      const taken = new Map<unknown, number>();
      return (await within(options.scope)).filter((row) => {
        if (!values.includes(row[field] as never)) return false;
        const n = taken.get(row[field]) ?? 0;
        taken.set(row[field], n + 1);
        return options.perValue === undefined || n < options.perValue;
      });
    },
    async countByValues(field, values, options = {}) {
      const counts = new Map<string | number, number>();
      for (const row of await within(options.scope))
        if (values.includes(row[field] as never))
          counts.set(row[field] as string, (counts.get(row[field] as string) ?? 0) + 1);
      return counts;
    },
  };
}

describe('createResourceService', () => {
  describe('relations', () => {
    it('throws a TypeError at creation for a key that is not a relation of the resource', () => {
      const authorService = createResourceService({ resource: authors, repository: createMemoryRepository(authors) });
      expect(() =>
        createResourceService({
          resource: books,
          repository: createMemoryRepository(books),
          relations: { writer: authorService },
        }),
      ).toThrow(TypeError);
      expect(() =>
        createResourceService({
          resource: books,
          repository: createMemoryRepository(books),
          relations: { title: authorService },
        }),
      ).toThrow(/"title" is not a relation/);
    });

    it('throws a TypeError at creation for a relation open to clients without a bound service', () => {
      for (const relations of [undefined, { reviews: () => createRelationServices().reviewService }]) {
        expect(() =>
          createResourceService({ resource: books, repository: createMemoryRepository(books), relations }),
        ).toThrow(
          new TypeError(
            'createResourceService("books"): relation "author" is open to clients (includable, countable, filterable ' +
              'or sortable) but no service is bound to it (the relations option)',
          ),
        );
      }
    });

    it('throws a server fault (not an HttpError) for a relation only server code uses, without a bound service', async () => {
      const closed = defineResource({
        name: 'books',
        schema: books.schema,
        relations: { author: { kind: 'one', resource: () => authors, field: 'authorId' } },
      });
      const service = createResourceService({
        resource: closed,
        repository: createMemoryRepository(closed, { records: BOOKS }),
      });
      for (const call of [
        () => service.list({ include: ['author'] }),
        () => service.list({ where: { author: { fullName: 'Ann Lee' } } as never }),
        () => service.list({ orderBy: [{ field: 'author.fullName' as never, direction: 'asc' }] }),
      ]) {
        const error = await rejectionOf(call());
        expect(isHttpError(error)).toBe(false);
        expect((error as Error).message).toMatch(/relation "author" is used, but no service is bound/);
      }
    });

    it('throws a server fault for a relation bound to something createResourceService did not make', async () => {
      const { reviewService } = createRelationServices();
      const service = createResourceService({
        resource: books,
        repository: createMemoryRepository(books, { records: BOOKS }),
        relations: { author: () => ({ resource: authors }) as never, reviews: reviewService },
      });
      const error = await rejectionOf(service.list({ include: ['author'] }));
      expect(isHttpError(error)).toBe(false);
      expect((error as Error).message).toMatch(/did not make/);
    });
  });

  describe('list with include and counts', () => {
    it('returns each item with its author (hidden fields removed, null when absent or out of scope)', async () => {
      const { bookService } = createRelationServices();
      const page = await bookService.list({ include: ['author'] }, as('a'));
      expect(page.items.map((item) => [item.id, (item as Row).author])).toEqual([
        ['b1', ann],
        ['b2', null],
        ['b3', null],
        ['b4', bo],
      ]);
      expect(page.total).toBe(4);
    });

    it('returns the reviews of each item within the related scope, capped at maxEmbedded, in the default order', async () => {
      const { bookService } = createRelationServices();
      const page = await bookService.list({ include: ['reviews'], counts: ['reviews'] }, as('a'));
      expect(page.items.map((item) => [item.id, (item as Row).reviews, (item as Row)._count])).toEqual([
        ['b1', [review('r2', 'b1', 5), review('r3', 'b1', 4)], { reviews: 3 }],
        ['b2', [review('r4', 'b2', 1)], { reviews: 1 }],
        ['b3', [], { reviews: 0 }],
        ['b4', [], { reviews: 0 }],
      ]);
    });

    it('returns only tenant b related records to tenant b', async () => {
      const { bookService } = createRelationServices();
      const page = await bookService.list({ include: ['author', 'reviews'], counts: ['reviews'] }, as('b'));
      expect(page.items).toEqual([
        {
          id: 'b9',
          title: 'Nine',
          authorId: 'au9',
          tenant: 'b',
          author: { id: 'au9', fullName: 'Zed Other', tenant: 'b' },
          reviews: [review('r6', 'b9', 2, 'b')],
          _count: { reviews: 1 },
        },
      ]);
    });

    it('returns items without embeds when the query names none', async () => {
      const { bookService } = createRelationServices();
      const page = await bookService.list({ limit: 1 }, as('a'));
      expect(page.items).toEqual([BOOKS[0]]);
    });

    it('returns the selected fields and the embeds, the relating field only when selected', async () => {
      const { bookService } = createRelationServices();
      const page = await bookService.list({ select: ['title'], include: ['author'], limit: 1 }, as('a'));
      expect(page.items).toEqual([{ id: 'b1', title: 'One', author: ann }]);
      const kept = await bookService.list({ select: ['authorId'], include: ['author'], limit: 1 }, as('a'));
      expect(kept.items).toEqual([{ id: 'b1', authorId: 'au1', author: ann }]);
    });

    it('returns the embeds in the order and limit of the query', async () => {
      const { bookService } = createRelationServices();
      const query = {
        include: ['author'],
        counts: ['reviews'],
        limit: 2,
        orderBy: [{ field: 'title', direction: 'asc' }],
      };
      const page = await bookService.list(query as never, as('a'));
      expect(page.items.map((item) => [item.title, (item as Row).author, (item as Row)._count])).toEqual([
        ['Four', bo, { reviews: 0 }],
        ['One', ann, { reviews: 3 }],
      ]);
      // A parsed query without relation parameters goes to the repository as it is.
      expect((await bookService.list(parseListQuery('limit=1', books), as('a'))).items).toEqual([BOOKS[0]]);
    });

    it('returns the embeds on a cursor walk, page after page', async () => {
      const { bookService } = createRelationServices();
      const seen: unknown[] = [];
      let cursor: string | null = null;
      do {
        const page = await bookService.listByCursor({ limit: 3, cursor, counts: ['reviews'] }, as('a'));
        seen.push(...page.items.map((item) => [item.id, (item as Row)._count]));
        cursor = page.nextCursor;
      } while (cursor !== null);
      expect(seen).toEqual([
        ['b1', { reviews: 3 }],
        ['b2', { reviews: 1 }],
        ['b3', { reviews: 0 }],
        ['b4', { reviews: 0 }],
      ]);
      const parsed = await bookService.listByCursor(parseCursorQuery('limit=1', books), as('a'));
      expect(parsed.items).toEqual([BOOKS[0]]);
    });

    it('calls onAfterList with the embedded items, and returns what it returns', async () => {
      const { bookService } = createRelationServices();
      const seen: unknown[] = [];
      bookService.hooks.on('onAfterList', ({ result }) => {
        seen.push(...result.items.map((item) => (item as Row).author));
        return { ...result, items: result.items.slice(0, 1) };
      });
      const page = await bookService.list({ include: ['author'] }, as('a'));
      expect(seen).toEqual([ann, null, null, bo]);
      expect(page.items).toHaveLength(1);
    });

    it.each([
      { query: { include: ['writer'] }, message: 'include: "writer" is not a relation' },
      { query: { include: ['author', 'author'] }, message: 'include: "author" is given twice' },
      { query: { include: ['__proto__'] }, message: 'include: "__proto__" is not a relation' },
      { query: { include: ['constructor'] }, message: 'include: "constructor" is not a relation' },
      { query: { include: 'author' }, message: 'include must be an array of relation names' },
      { query: { include: [1] }, message: 'include must hold relation names' },
      { query: { include: Array(17).fill('author') }, message: 'include may name at most 16 relations' },
      { query: { counts: ['author'] }, message: 'counts: "author" is not a to-many relation' },
      { query: { counts: ['auteur\u00e9'] }, message: 'counts: "auteur\u00e9" is not a relation' },
    ])('throws a 400 for include/counts $query', async ({ query, message }) => {
      const { bookService } = createRelationServices();
      const error = await rejectionOf(bookService.list(query as never, as('a')));
      expect(isHttpError(error) && error.statusCode).toBe(400);
      expect((error as { message: unknown }).message).toContain(message);
    });

    it.each([
      {
        query: { where: { author: { secret: 'x1' } } },
        message: 'where.author.secret: "secret" is not a filterable field',
      },
      {
        query: { where: [{ title: 'One' }, { author: { secret: { eq: 'x1' } } }] },
        message: 'where[1].author.secret: "secret" is not a filterable field',
      },
      {
        query: { where: { reviews: { any: { note: 'n1' } } } },
        message: 'where.reviews.any.note: "note" is not a filterable field',
      },
      {
        query: { where: { reviews: { none: [{ rating: 1 }, { note: 'n1' }] } } },
        message: 'where.reviews.none[1].note: "note" is not a filterable field',
      },
      {
        query: { orderBy: [{ field: 'author.secret', direction: 'asc' }] },
        message: 'orderBy[0].field: "author.secret" is not a sortable field',
      },
    ])('throws the 400 of an unknown field for a hidden related field in $query', async ({ query, message }) => {
      const { bookService } = createRelationServices();
      const error = await rejectionOf(bookService.list(query as never, as('a')));
      expect(isHttpError(error) && error.statusCode).toBe(400);
      expect((error as { message: unknown }).message).toContain(message);
      const cursorError = await rejectionOf(bookService.listByCursor(query as never, as('a')));
      expect((cursorError as { message: unknown }).message).toContain(message);
    });
  });

  describe('get with include and counts', () => {
    it('returns the record with its embeds and counts, within the related scopes', async () => {
      const { bookService } = createRelationServices();
      expect(await bookService.get('b1', { ...as('a'), include: ['author', 'reviews'], counts: ['reviews'] })).toEqual({
        ...BOOKS[0],
        author: ann,
        reviews: [review('r2', 'b1', 5), review('r3', 'b1', 4)],
        _count: { reviews: 3 },
      });
      expect(await bookService.get('b2', { ...as('a'), include: ['author'], counts: ['reviews'] })).toEqual({
        ...BOOKS[1],
        author: null,
        _count: { reviews: 1 },
      });
      expect(await bookService.get('b1', as('a'))).toEqual(BOOKS[0]);
    });

    it('throws a 400 for an unknown relation before reading the record', async () => {
      const { repository, calls } = counting(createMemoryRepository(books, { records: BOOKS }));
      const { bookService } = createRelationServices({ books: repository });
      const error = await rejectionOf(bookService.get('b1', { ...as('a'), include: ['writer'] }));
      expect(isHttpError(error) && error.statusCode).toBe(400);
      expect(calls).toEqual([]);
    });

    it('throws the 404 of a missing id for a record out of scope, without related calls', async () => {
      const related = counting(createMemoryRepository(authors, { records: AUTHORS }));
      const { bookService } = createRelationServices({ authors: related.repository });
      const error = await rejectionOf(bookService.get('b9', { ...as('a'), include: ['author'] }));
      expect(isHttpError(error) && error.statusCode).toBe(404);
      expect(related.calls).toEqual([]);
    });
  });

  describe('related calls', () => {
    it.each([1, 2, 4])(
      'calls the book repository once and each related repository once per relation (limit %i)',
      async (limit) => {
        const bookRepository = counting(createMemoryRepository(books, { records: BOOKS }));
        const authorRepository = counting(withByValues(authors, AUTHORS), true);
        const reviewRepository = counting(withByValues(reviews, REVIEWS), true);
        const { bookService } = createRelationServices({
          books: bookRepository.repository,
          authors: authorRepository.repository as Repository<Author>,
          reviews: reviewRepository.repository as Repository<Review>,
        });
        const page = await bookService.list({ limit, include: ['author', 'reviews'], counts: ['reviews'] }, as('a'));
        expect(page.items).toHaveLength(limit);
        expect(bookRepository.calls).toEqual(['list']);
        // b3 alone (limit 1 skips it; its author is null): the author lookup still runs for b1.
        expect(authorRepository.calls).toEqual(['listByValues']);
        expect(reviewRepository.calls.sort()).toEqual(['countByValues', 'listByValues']);
      },
    );

    it('hands a parsed query with include to the repository as it is, and a copy only to add a relating field', async () => {
      const seen: unknown[] = [];
      const inner = createMemoryRepository(books, { records: BOOKS });
      const spied: Repository<Book> = {
        ...inner,
        list: (query, options) => {
          seen.push(query);
          return inner.list(query, options);
        },
      };
      const { bookService } = createRelationServices({ books: spied });
      const parsed = parseListQuery('include=author&counts=reviews&limit=1', books);
      const page = await bookService.list(parsed, as('a'));
      expect((page.items[0] as Row).author).toEqual(ann);
      const selecting = parseListQuery('include=author&select=title&limit=1', books);
      expect((await bookService.list(selecting, as('a'))).items).toEqual([{ id: 'b1', title: 'One', author: ann }]);
      expect(seen[0]).toBe(parsed);
      expect(seen[1]).not.toBe(selecting);
      expect((seen[1] as { select: unknown }).select).toEqual(['id', 'title', 'authorId']);
    });

    it('calls no related repository for an empty page', async () => {
      const authorRepository = counting(withByValues(authors, AUTHORS), true);
      const { bookService } = createRelationServices({ authors: authorRepository.repository as Repository<Author> });
      const page = await bookService.list({ include: ['author'] }, as('nobody'));
      expect(page.items).toEqual([]);
      expect(authorRepository.calls).toEqual([]);
    });

    it('passes the related scope computed from the same call context to the related repository', async () => {
      const seen: unknown[] = [];
      const reviewRepository = withByValues(reviews, REVIEWS);
      const spied: Repository<Review> = {
        ...reviewRepository,
        listByValues: (field, values, options) => {
          seen.push(options?.scope);
          return (reviewRepository.listByValues as NonNullable<Repository<Review>['listByValues']>)(
            field,
            values,
            options,
          );
        },
      };
      const contexts: unknown[] = [];
      const reviewService = createResourceService<Review, Locals>({
        resource: reviews,
        repository: spied,
        scope: (context) => {
          contexts.push([context.operation, context.correlationId, context.locals, context.resource.name]);
          return scope(context);
        },
      });
      const bookService = createResourceService<Book, Locals>({
        resource: books,
        repository: createMemoryRepository(books, { records: BOOKS }),
        scope,
        relations: { reviews: reviewService, author: () => createRelationServices().authorService },
      });
      await bookService.list({ include: ['reviews'] }, { locals: { tenant: 'a' }, correlationId: 'c-1' });
      expect(seen).toEqual([{ tenant: 'a' }]);
      expect(contexts).toEqual([['list', 'c-1', { tenant: 'a' }, 'reviews']]);
    });

    it('reads through the kit fallbacks when the related repository has no listByValues or countByValues', async () => {
      const reviewRepository = counting(createMemoryRepository(reviews, { records: REVIEWS }));
      const { bookService } = createRelationServices({ reviews: reviewRepository.repository as Repository<Review> });
      const page = await bookService.list({ include: ['reviews'], counts: ['reviews'] }, as('a'));
      expect((page.items[0] as Row)._count).toEqual({ reviews: 3 });
      expect(reviewRepository.calls).toContain('listByCursor');
      expect(reviewRepository.calls).toContain('list');
    });
  });
});
