/**
 * The SQL clients the PostgreSQL adapter is tested on: embedded PGlite always, and the server named by DATABASE_URL
 * when it is set (CI sets it and fails when the server is unreachable, so that leg is never skipped silently).
 */
import { threadId } from 'node:worker_threads';
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
  /**
   * Drops the named tables where they would outlive the run: on the server; not on PGlite, whose in-memory database
   * goes, tables and all, with {@link TestDatabase.close} (dropping the 700-odd tables of the repository contract one
   * by one first took over a second).
   */
  dropTables(tables: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** Options of {@link openPglite}. */
export interface OpenPgliteOptions {
  /** Load the pg_trgm extension, which PGlite ships separately (default false). */
  readonly trigram?: boolean;
}

/**
 * The data directory of a new PGlite database, as initdb leaves it, made once per worker: vitest.config.ts runs the
 * test files of a worker without isolation, so they share this module. Starting an instance from it takes about
 * 0.4 s; running initdb again, as `PGlite.create()` alone does, 1.4 to 2.4 s.
 */
let template: Promise<Blob> | undefined;

function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const db = await PGlite.create();
    try {
      return await db.dumpDataDir('none'); // uncompressed: 40 MB in memory, loads in 0.4 s (gzipped, 0.7 s)
    } finally {
      await db.close();
    }
  })();
  return template;
}

/**
 * A new PGlite database of its own, started from {@link pgliteTemplate} (what `PGlite.clone()` does): the dump is
 * copied into the new instance's in-memory file system, so nothing one instance writes reaches another or the dump.
 */
export async function openPglite(options: OpenPgliteOptions = {}): Promise<TestDatabase> {
  const loadDataDir = await pgliteTemplate();
  const db = await PGlite.create(options.trigram ? { loadDataDir, extensions: { pg_trgm } } : { loadDataDir });
  return {
    name: 'PGlite',
    client: db as unknown as SqlClient,
    exec: async (sql) => void (await db.exec(sql)),
    dropTables: async () => {},
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
    // In statements of 100 tables: one by one, the contract's 700-odd tables took over 30 s on a loaded machine.
    dropTables: async (tables) => {
      for (let i = 0; i < tables.length; i += 100) {
        const batch = tables.slice(i, i + 100).map((table) => `"${table}"`);
        await pool.query(`DROP TABLE IF EXISTS ${batch.join(', ')}`);
      }
    },
    close: () => pool.end(),
  };
}

/** The databases of this run: PGlite, plus the server when DATABASE_URL is set. */
export const DATABASE_URL = process.env['DATABASE_URL'] || undefined;

/**
 * Whether this run declares the embedded legs (PGlite, SQLite): not under PAGELOPE_LEGS=servers, which
 * `npm run test:extended` sets to run the files of tests/postgres and tests/drizzle again for their server legs alone.
 */
export const EMBEDDED_LEGS = process.env['PAGELOPE_LEGS'] !== 'servers';

/**
 * The legs of this run as `[name, open]`: PGlite (with pg_trgm when asked) unless {@link EMBEDDED_LEGS} is false, and
 * the server when DATABASE_URL is set.
 */
export function testDatabases(options: OpenPgliteOptions = {}): [string, () => Promise<TestDatabase>][] {
  const legs: [string, () => Promise<TestDatabase>][] = EMBEDDED_LEGS ? [['PGlite', () => openPglite(options)]] : [];
  const serverUrl = DATABASE_URL;
  if (serverUrl) legs.push(['PostgreSQL server', () => openServer(serverUrl)]);
  return legs;
}

let counter = 0;
/**
 * A table name no other test of this run uses: `<prefix>_<pid>t<thread>_<n>`. Vitest's worker threads share the
 * process id and each counts from 1, so the thread's id keeps two test files running at once on one server apart.
 * (scripts/services.mjs drops the tables of this pattern whose process is gone.)
 */
export function uniqueTable(prefix: string): string {
  counter += 1;
  return `${prefix}_${process.pid}t${threadId}_${counter}`;
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
 * before its tests and closed after them with its tables dropped (see {@link TestDatabase.dropTables}); `body` declares the tests on the `makeRepository`
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
      // Opening PGlite compiles its WebAssembly: on a loaded two-core machine that can outlast the default hook timeout.
      beforeAll(async () => {
        db = await open();
      }, 120_000);
      // Dropping hundreds of tables on a shared server can outlast the default hook timeout.
      afterAll(async () => {
        if (!db) return;
        await db.dropTables(tables);
        await db.close();
      }, 120_000);

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
