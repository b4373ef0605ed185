import type { Column } from 'drizzle-orm';
import type { MySqlTable } from 'drizzle-orm/mysql-core';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Repository, Resource } from 'pagelope/kit';
import { dialectOf } from './drizzle-dialect';
import { DIALECTS } from './dialects';
import type { DrizzleMySqlDatabase } from './mysql-runner';
import type { DrizzlePgDatabase } from './pg-sql-client';
import type { DrizzleSQLiteDatabase } from './sqlite-runner';

/** Options of `createDrizzleRepository`. */
export interface DrizzleRepositoryOptions {
  /**
   * The Drizzle database of the table's dialect: on PostgreSQL `drizzle(pool)` of `drizzle-orm/node-postgres` or
   * `drizzle(pglite)` of `drizzle-orm/pglite`; on SQLite `drizzle(...)` of `drizzle-orm/better-sqlite3`,
   * `drizzle-orm/sql-js` (sync) or `drizzle-orm/libsql` (async); on MariaDB `drizzle(pool)` of `drizzle-orm/mysql2`.
   */
  readonly db: DrizzlePgDatabase | DrizzleSQLiteDatabase | DrizzleMySqlDatabase;
  /**
   * The table the records are in, declared with `pgTable` of `drizzle-orm/pg-core`, `sqliteTable` of
   * `drizzle-orm/sqlite-core` or `mysqlTable` of `drizzle-orm/mysql-core`.
   */
  readonly table: PgTable | SQLiteTable | MySqlTable;
  /**
   * A Drizzle database of the same dialect on a read replica of `db` (`drizzle(replicaPool)`), which the repository's
   * lists, counts, `listByValues`, `countByValues` and `get` read from (on PostgreSQL it is `createPostgresRepository`'s
   * `readClient`); writes, transactions and every call inside them go through `db`. A `get` that finds nothing there
   * asks `db` before answering 404; lists may lag behind `db` by the replica's replay delay.
   */
  readonly readDb?: DrizzlePgDatabase | DrizzleSQLiteDatabase | DrizzleMySqlDatabase | undefined;
}

/**
 * Creates a `Repository<T>` over a table declared in Drizzle ORM: each field of `resource` is on the column of the
 * same property name, whatever its SQL name (`createdAt: timestamp('created_at')`), and the columns with a database
 * default (`.default(...)`, `.defaultNow()`, `.defaultRandom()`, serials, identities) are the repository's
 * `databaseDefaults`. On PostgreSQL it is `createPostgresRepository`, with every rule of that repository, its
 * statements run through `db` and its transactions through `db.transaction`. On SQLite (`sqliteTable`, a sync or
 * async Drizzle SQLite database) every call is SQL with bind parameters answering as the memory repository does
 * (code-point order, `toLowerCase()` folding, NULLs last ascending): writes with `RETURNING` (`createMany` one
 * multi-row INSERT, constraint errors 4xx answers), lists one statement with their keyset or page (relations on the
 * same database as subqueries), `transaction(work)` on the database's one connection (the repositories' other
 * statements wait until it ends); see docs/drizzle.md for the limits (`lower()` on libsql).
 * On MariaDB (`mysqlTable`, `drizzle-orm/mysql2`) likewise, every statement under UTC and a strict `sql_mode`
 * whatever the pool's session says, text by code point whatever the columns' collations, an update read back in its
 * transaction.
 *
 * With `readDb` the reads go to a replica, as with `createPostgresRepository`'s `readClient`.
 *
 * Every field's column is checked against the table the database holds (its catalog) before the repository's first
 * call: a field whose column is missing there (a migration not run, a column renamed) rejects every call with an
 * Error naming the field, its column and the table, rather than a 500 per statement. `await repository.ready()` runs
 * that check (and MariaDB's read of the columns' collations) at start-up; a failed read is not kept.
 *
 * @throws TypeError when a field has no column in the table, when `table` is not a Drizzle table, or is one of a
 *   dialect not supported (`singlestore-core`, `gel-core`), or `readDb` is not a Drizzle database of the table's
 *   dialect.
 * @example
 * ```ts
 * const db = drizzle(new PGlite());
 * const books = pgTable('books', { id: text().primaryKey(), title: text().notNull(), createdAt: timestamp('created_at').notNull() });
 * const repository = createDrizzleRepository(resourceFromTable(books, { name: 'books' }), { db, table: books });
 * await repository.ready(); // Error: pagelope/drizzle: the table "books" has no column for the field ...
 * ```
 */
export function createDrizzleRepository<TRecord>(
  resource: Resource<TRecord>,
  options: DrizzleRepositoryOptions,
): Repository<TRecord> & { ready(): Promise<void> } {
  const { db, table } = options;
  const dialect = dialectOf('createDrizzleRepository', table, DIALECTS);
  const columns = dialect.columns(table);
  const fields = new Map<string, Column>();
  for (const field of (resource as Resource).fields.keys()) {
    const column = Object.hasOwn(columns, field) ? columns[field] : undefined;
    if (!column) {
      throw new TypeError(
        `createDrizzleRepository: field "${field}" of "${resource.name}" has no column in table ` +
          `"${dialect.tableName(table)}" (fields map to columns by their Drizzle property names)`,
      );
    }
    fields.set(field, column);
  }
  // Each dialect's repository has `ready()` (pagelope/postgres's on PostgreSQL).
  return dialect.createRepository(resource, db, table, fields, options.readDb) as Repository<TRecord> & {
    ready(): Promise<void>;
  };
}
