/** Types of pagelope/postgres: the repository, the table SQL and the client it takes. */
import { defineResource, type Repository, type Transaction } from 'pagelope';
import { type QueryResultRows } from 'pagelope/kit';
import {
  createPostgresRepository,
  createTableSql,
  escapeLike,
  toColumnMap,
  toSnakeCase,
  type ColumnNaming,
  type CreateTableSqlOptions,
  type PostgresRepository,
  type PostgresRepositoryOptions,
  type SqlClient,
  type TextCollation,
} from 'pagelope/postgres';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';

const bookSchema = z.object({ id: z.string(), title: z.string(), pages: z.number().int() });
type Book = z.output<typeof bookSchema>;
const books = defineResource({ name: 'books', schema: bookSchema });
const client: SqlClient = { query: async () => ({ rows: [] }) };

describe('createPostgresRepository', () => {
  it('takes a resource and a client, and returns a Repository of its record type with ready()', () => {
    const repository = createPostgresRepository(books, { client, table: 'public.books' });
    expectTypeOf(repository).toEqualTypeOf<PostgresRepository<Book>>();
    expectTypeOf(repository).toExtend<Repository<Book>>();
    expectTypeOf(repository.ready).toEqualTypeOf<() => Promise<void>>();
    expectTypeOf(repository).not.toBeAny();
    expectTypeOf(createPostgresRepository<Book>)
      .parameter(1)
      .toEqualTypeOf<PostgresRepositoryOptions>();
    expectTypeOf<PostgresRepositoryOptions['client']>().toEqualTypeOf<SqlClient>();
    expectTypeOf<TextCollation>().not.toBeAny();
  });

  it('takes anything with query(text, values) resolving to rows as the client', () => {
    expectTypeOf<SqlClient['query']>().returns.resolves.toEqualTypeOf<{
      readonly rows: readonly Record<string, unknown>[];
    }>();
    const pool = { query: (text: string, values?: unknown[]) => Promise.resolve({ rows: [{ text, values }] }) };
    expectTypeOf(createPostgresRepository(books, { client: pool })).toEqualTypeOf<PostgresRepository<Book>>();
  });

  it('rejects a missing or unfit client at compile time', () => {
    // @ts-expect-error the client is required
    createPostgresRepository(books, {});
    // @ts-expect-error query must return a promise of rows
    createPostgresRepository(books, { client: { query: () => [] } });
  });
});

describe('createTableSql and escapeLike', () => {
  it('return SQL text', () => {
    expectTypeOf(createTableSql(books, { table: 'books' })).toEqualTypeOf<string>();
    expectTypeOf(createTableSql<Book>)
      .parameter(1)
      .toEqualTypeOf<CreateTableSqlOptions | undefined>();
    expectTypeOf(escapeLike).toEqualTypeOf<(value: string) => string>();
    // @ts-expect-error the table name is a string
    createTableSql(books, { table: 1 });
  });
});

describe('createPostgresRepository databaseDefaults and transaction', () => {
  it('takes databaseDefaults as field names and exposes them and transaction on the repository', () => {
    const repository = createPostgresRepository(books, { client, databaseDefaults: ['id', 'pages'] });
    expectTypeOf<PostgresRepositoryOptions['databaseDefaults']>().toEqualTypeOf<readonly string[] | undefined>();
    expectTypeOf(repository.databaseDefaults).toEqualTypeOf<readonly string[] | undefined>();
    // @ts-expect-error a list of names, not one name
    createPostgresRepository(books, { client, databaseDefaults: 'id' });
  });

  it('types the work of a transaction, its bound repositories and raw queries', async () => {
    const repository = createPostgresRepository(books, { client });
    const result = await repository.transaction?.(async (tx: Transaction) => {
      const bound = tx.repository(repository);
      expectTypeOf(bound).toEqualTypeOf<Repository<Book>>();
      expectTypeOf(tx.query).toEqualTypeOf<
        ((text: string, values?: readonly unknown[]) => Promise<QueryResultRows>) | undefined
      >();
      return bound.get('b1');
    });
    expectTypeOf(result).toEqualTypeOf<Book | undefined>();
    expectTypeOf(result).not.toBeAny();
    // @ts-expect-error the work must return a promise
    void repository.transaction?.(() => 1);
  });
});

describe('column names and types', () => {
  it('take columns, columnNaming and columnTypes, and toColumnMap returns field to column', () => {
    createPostgresRepository(books, {
      client,
      columns: { title: 'book_title' },
      columnNaming: 'snake_case',
      columnTypes: { id: 'uuid', pages: 'integer' },
    });
    createTableSql(books, { columns: { title: 'book_title' }, columnNaming: 'field' });
    expectTypeOf<ColumnNaming>().toEqualTypeOf<'field' | 'snake_case'>();
    expectTypeOf(toColumnMap(books, { columnNaming: 'snake_case' })).toEqualTypeOf<ReadonlyMap<string, string>>();
    expectTypeOf(toSnakeCase).toEqualTypeOf<(name: string) => string>();
    // @ts-expect-error columnNaming is 'field' or 'snake_case'
    createPostgresRepository(books, { client, columnNaming: 'camelCase' });
    // @ts-expect-error column names are strings
    createTableSql(books, { columns: { title: 1 } });
  });
});

describe('readClient', () => {
  it('takes a client of the kinds client takes, and nothing else', () => {
    createPostgresRepository(books, { client, readClient: client });
    createPostgresRepository(books, { client, readClient: undefined });
    expectTypeOf<PostgresRepositoryOptions['readClient']>().toEqualTypeOf<SqlClient | undefined>();
    // @ts-expect-error readClient is a client, not a connection string
    createPostgresRepository(books, { client, readClient: 'postgres://replica' });
  });
});
