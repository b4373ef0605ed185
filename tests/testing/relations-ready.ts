/**
 * Whether the memory and PostgreSQL repositories read relation terms through the bindings they are given: the
 * relation suites that run on them (the relation rules of their repository contracts, the relations HTTP contract,
 * the relation leak probes) are declared off until they do. Remove once every relation piece is on main.
 */
import { createMemoryRepository, type Repository } from 'pagelope';
import type { ScopeOptions } from 'pagelope/kit';
import { createPostgresRepository, type SqlClient } from 'pagelope/postgres';
import { authors, books, RELATION_SEED, reviews } from '../../src/testing/relation-fixtures';

async function probe(): Promise<boolean> {
  const options: ScopeOptions<unknown> = {
    relations: {
      author: { repository: createMemoryRepository(authors, { records: RELATION_SEED.authors }) },
      reviews: { repository: createMemoryRepository(reviews, { records: RELATION_SEED.reviews }) },
    },
  };
  const repository = createMemoryRepository(books, { records: RELATION_SEED.books });
  try {
    const page = await repository.list({ where: { author: null } } as never, options as never);
    return page.items.map((book) => book.id).join() === 'b3';
  } catch {
    return false;
  }
}

/** Whether the memory repository answers a relation filter through its bindings. */
export const MEMORY_RELATIONS_READY: boolean = await probe();

/**
 * Whether the PostgreSQL repository gets as far as a statement for a relation filter bound to repositories of its
 * client (a client that records statements and returns no rows: no database needed).
 */
async function probePostgres(): Promise<boolean> {
  const statements: string[] = [];
  const client: SqlClient = {
    query: (text) => {
      statements.push(text);
      return Promise.resolve({ rows: [] });
    },
  };
  const related = (repository: unknown) => ({ repository: repository as Repository<unknown> });
  const options: ScopeOptions<unknown> = {
    relations: {
      author: related(createPostgresRepository(authors, { client })),
      reviews: related(createPostgresRepository(reviews, { client })),
    },
  };
  try {
    await createPostgresRepository(books, { client }).list({ where: { author: null } } as never, options as never);
  } catch {
    // an empty result may not fit the statement's expectations; what counts is that a statement was sent
  }
  return statements.some((text) => /\bauthors\b/.test(text));
}

/** Whether the PostgreSQL repository answers a relation filter through its bindings. */
export const POSTGRES_RELATIONS_READY: boolean = await probePostgres();
