/**
 * The services of a relation world: authors, reviews and books over the user's repositories, books bound to the
 * other two, each with a scope (fixed, or read from `locals.tenant`), called with relation terms, `include` and
 * `counts` that the typed signatures do not describe yet.
 */
import {
  createResourceService,
  type CursorPage,
  type PageResult,
  type ResourceService,
  type ResourceServiceOptions,
  type Where,
} from 'pagelope';
import { type Author, authors, type Book, books, type RelationScopes, type Review, reviews } from './relation-fixtures';
import type { LooseQuery, WorldRepositories } from './relation-harness';

type Row = Record<string, unknown>;

/**
 * How a service's scope is made: the scenario's fixed scope, the tenant of the call's `locals` on every side, or a
 * function of the side and the call's `locals`.
 */
export type ScopeSource =
  RelationScopes | 'locals.tenant' | ((side: keyof RelationScopes, locals: Readonly<Row>) => Readonly<Row> | undefined);

/** The books service of a world and loose calls to it. */
export interface BookServices {
  readonly books: ResourceService<Book>;
  readonly authors: ResourceService<Author>;
  readonly reviews: ResourceService<Review>;
  readonly list: (query: LooseQuery, locals?: Row) => Promise<PageResult<Row>>;
  readonly listByCursor: (query: LooseQuery, locals?: Row) => Promise<CursorPage<Row>>;
  readonly get: (id: string, options?: { include?: readonly string[]; locals?: Row }) => Promise<Row>;
}

const scopeOf =
  (source: ScopeSource, side: keyof RelationScopes) =>
  ({ locals }: { locals: Readonly<Row> }): Where<never> | undefined => {
    if (source === 'locals.tenant') return { tenant: locals['tenant'] } as Where<never>;
    if (typeof source === 'function') return source(side, locals) as Where<never> | undefined;
    return source[side] as Where<never> | undefined;
  };

/** Creates the three services of a world, the books bound to the authors (directly) and the reviews (by a thunk). */
export function createBookServices(repositories: WorldRepositories, source: ScopeSource): BookServices {
  const authorService = createResourceService<Author>({
    resource: authors,
    repository: repositories.authors,
    scope: scopeOf(source, 'authors'),
  });
  const reviewService = createResourceService<Review>({
    resource: reviews,
    repository: repositories.reviews,
    scope: scopeOf(source, 'reviews'),
  });
  // `relations` is the option of issue 19, passed through as written there.
  const bookService = createResourceService<Book>({
    resource: books,
    repository: repositories.books,
    scope: scopeOf(source, 'books'),
    relations: { author: authorService, reviews: () => reviewService },
  } as ResourceServiceOptions<Book>);
  const loose = bookService as unknown as {
    list(query: LooseQuery, options: object): Promise<PageResult<Row>>;
    listByCursor(query: LooseQuery, options: object): Promise<CursorPage<Row>>;
    get(id: string, options: object): Promise<Row>;
  };
  return {
    books: bookService,
    authors: authorService,
    reviews: reviewService,
    list: (query, locals = {}) => loose.list(query, { locals }),
    listByCursor: (query, locals = {}) => loose.listByCursor(query, { locals }),
    get: (id, { include, locals = {} } = {}) => loose.get(id, { locals, ...(include ? { include } : {}) }),
  };
}
