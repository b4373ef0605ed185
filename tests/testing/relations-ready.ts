/**
 * Whether the PostgreSQL repository reads relation terms through the bindings it is given: the relation rules of its
 * repository contract are declared off until it does. Remove once the PostgreSQL relation piece is on main.
 */
import type { Repository } from 'pagelope';
import type { ScopeOptions } from 'pagelope/kit';
import { createPostgresRepository, type SqlClient } from 'pagelope/postgres';
import { authors, books, reviews } from '../../src/testing/relation-fixtures';

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
