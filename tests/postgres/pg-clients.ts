/**
 * The SQL clients the PostgreSQL adapter is tested on: embedded PGlite always, and the server named by DATABASE_URL
 * when it is set (CI sets it and fails when the server is unreachable, so that leg is never skipped silently).
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { createPostgresRepository, createTableSql, type SqlClient } from '../../src/postgres/index';
import type { RepositoryFactory } from 'pagelope/testing';

export interface TestDatabase {
  readonly name: string;
  readonly client: SqlClient;
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** Options of {@link openPglite}. */
export interface OpenPgliteOptions {
  /** Load the pg_trgm extension, which PGlite ships separately (default false). */
  readonly trigram?: boolean;
}

export async function openPglite(options: OpenPgliteOptions = {}): Promise<TestDatabase> {
  const db = await PGlite.create(options.trigram ? { extensions: { pg_trgm } } : {});
  return {
    name: 'PGlite',
    client: db as unknown as SqlClient,
    exec: async (sql) => void (await db.exec(sql)),
    close: () => db.close(),
  };
}

export async function openServer(url: string): Promise<TestDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  await pool.query('SELECT 1'); // fail loudly, not skip, when the server is unreachable
  return {
    name: 'PostgreSQL server',
    client: pool as unknown as SqlClient,
    exec: async (sql) => void (await pool.query(sql)),
    close: () => pool.end(),
  };
}

/** The databases of this run: PGlite, plus the server when DATABASE_URL is set. */
export const DATABASE_URL = process.env['DATABASE_URL'];

/** The legs of this run as `[name, open]`: PGlite (with pg_trgm when asked), and the server when DATABASE_URL is set. */
export function testDatabases(options: OpenPgliteOptions = {}): [string, () => Promise<TestDatabase>][] {
  const legs: [string, () => Promise<TestDatabase>][] = [['PGlite', () => openPglite(options)]];
  const serverUrl = DATABASE_URL;
  if (serverUrl) legs.push(['PostgreSQL server', () => openServer(serverUrl)]);
  return legs;
}

let counter = 0;
/** A table name no other test of this process uses. */
export function uniqueTable(prefix: string): string {
  counter += 1;
  return `${prefix}_${process.pid}_${counter}`;
}

/** Options of {@link describePostgresLegs}. */
export interface PostgresLegsOptions {
  /** Drop a leg's previous table when it makes the next one, for suites that make a table per property run. */
  readonly dropPrevious?: boolean;
  /** Make tables with `createTableSql(resource, { trigram: true })` when the resource has searchable fields. */
  readonly trigram?: boolean;
}

/**
 * Declares a `describe(<leg name>)` per database of this run (PGlite, and the server when DATABASE_URL is set), opened
 * before its tests and closed after them with its tables dropped; `body` declares the tests on the `makeRepository`
 * it is given, which creates a fresh table of the resource holding the records.
 */
export function describePostgresLegs(
  body: (name: string, makeRepository: RepositoryFactory) => void,
  options: PostgresLegsOptions = {},
): void {
  for (const [name, open] of testDatabases({ trigram: options.trigram === true })) {
    describe(name, () => {
      let db: TestDatabase | undefined;
      const tables: string[] = [];
      beforeAll(async () => {
        db = await open();
      });
      afterAll(async () => {
        if (!db) return;
        for (const table of tables) await db.exec(`DROP TABLE IF EXISTS "${table}"`);
        await db.close();
      });

      const makeRepository: RepositoryFactory = async (resource, records) => {
        if (!db) throw new Error('database not open');
        const previous = options.dropPrevious ? tables.pop() : undefined;
        if (previous) await db.exec(`DROP TABLE IF EXISTS "${previous}"`);
        const table = uniqueTable(resource.name);
        tables.push(table);
        const trigram = options.trigram === true && resource.searchable.length > 0;
        await db.exec(createTableSql(resource, { table, trigram }));
        const repository = createPostgresRepository(resource, { client: db.client, table });
        for (const record of records) await repository.create(record as never);
        return repository;
      };

      body(name, makeRepository);
    });
  }
}
