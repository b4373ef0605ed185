/**
 * The SQLite legs of the `pagelope/drizzle` tests: sql.js (SQLite compiled to WebAssembly, `drizzle-orm/sql-js`),
 * with and without SQL functions of JavaScript, libsql (`drizzle-orm/libsql`, an async database, on a file in the
 * system's temp folder; N-API binaries that load on every Node line), better-sqlite3 (a native module built for the
 * Node line that installed it) and Node's `node:sqlite` (Node 22 and later); a leg whose driver does not load is one
 * skipped test saying why. Each repository is on a table of its own, declared in Drizzle with SQL column names
 * (`c_<snake_case>`) that differ from its property names: text for strings, enums and calendar dates, real for
 * numbers, `integer({ mode: 'boolean' })`, `integer({ mode: 'timestamp_ms' })` for dates, and text in `json` mode
 * for anything else. */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { drizzle as drizzleBetterSqlite3 } from 'drizzle-orm/better-sqlite3';
import { drizzle as drizzleLibsql } from 'drizzle-orm/libsql';
import { drizzle as drizzleProxy } from 'drizzle-orm/sqlite-proxy';
import initSqlJs from 'sql.js';
import { drizzle } from 'drizzle-orm/sql-js';
import {
  integer,
  real,
  sqliteTable,
  text,
  type SQLiteColumnBuilderBase,
  type SQLiteTable,
} from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { FieldDef, Resource } from 'pagelope/kit';
import type { RepositoryFactory } from 'pagelope/testing';
import { createDrizzleRepository, type DrizzleSQLiteDatabase } from '../../src/drizzle/index';
import { toSnakeCase } from '../../src/postgres/index';
import { EMBEDDED_LEGS } from '../postgres/pg-clients';

/** An open SQLite leg: the Drizzle database and a way to run DDL on it. */
export interface SqliteLeg {
  readonly db: DrizzleSQLiteDatabase;
  /** Runs `sql` (any number of statements) on the database. */
  readonly exec: (sql: string) => Promise<void>;
  /** Closes the database (and removes its file). */
  readonly close: () => void;
}

/** Options of {@link openSqlite}. */
export interface OpenSqliteOptions {
  /**
   * The driver (default sql.js): libsql, better-sqlite3 (`drizzle-orm/better-sqlite3`, a native module: see
   * {@link sqliteDriverUnavailable}) or Node's own `node:sqlite` (Node 22 and later) through
   * `drizzle-orm/sqlite-proxy`, as drizzle-orm 0.45 has no driver of its own for it.
   */
  readonly driver?: SqliteDriver;
  /**
   * `false`: the connection takes no SQL functions written in JavaScript, as libsql's does not (the repository then
   * evaluates case-insensitive operators and searches in JavaScript). Default `true`.
   */
  readonly functions?: boolean;
  /** Drizzle's logger: sees every statement. */
  readonly logQuery?: (query: string, params: unknown[]) => void;
}

/** The SQLite drivers of the legs. */
export type SqliteDriver = 'sql.js' | 'libsql' | 'better-sqlite3' | 'node:sqlite';

const require = createRequire(import.meta.url);

/** What the legs use of a better-sqlite3 or node:sqlite connection. */
interface NativeSqlite {
  exec(sql: string): unknown;
  close(): unknown;
}
interface NativeStatement {
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
  run(...params: unknown[]): unknown;
}
type BetterSqlite3 = new (file: string, options?: { readonly timeout?: number }) => NativeSqlite;
type NodeSqlite = { DatabaseSync: new (file: string) => NativeSqlite & { prepare(sql: string): NativeStatement } };

/**
 * Where better-sqlite3 is loaded from: the package of this checkout (12, built by `npm ci` for its Node line), or the
 * one PAGELOPE_BETTER_SQLITE3_MODULE names (.ci/run installs better-sqlite3 13, which needs Node 22 or later, for
 * Node 24 there and runs the leg on it).
 */
const BETTER_SQLITE3 = process.env['PAGELOPE_BETTER_SQLITE3_MODULE'] || 'better-sqlite3';

/** better-sqlite3's version as loaded, for the leg's name. */
function betterSqlite3Version(): string {
  try {
    return (require(`${BETTER_SQLITE3}/package.json`) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/**
 * Why `driver` cannot run in this process, or `undefined` when it can: better-sqlite3's binary is built for the Node
 * line that installed it (`npm ci` on Node 20 in CI: it does not load on Node 24), and `node:sqlite` is in Node 22.5
 * and later (without a flag from 22.13).
 */
export function sqliteDriverUnavailable(driver: SqliteDriver): string | undefined {
  try {
    if (driver === 'better-sqlite3') new (require(BETTER_SQLITE3) as BetterSqlite3)(':memory:').close();
    if (driver === 'node:sqlite') new (require('node:sqlite') as NodeSqlite).DatabaseSync(':memory:').close();
    return undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return `${driver} does not load on Node ${process.versions.node}: ${reason}`;
  }
}

/** A file in the system's temp folder for a database, and a way to remove it with its journals. */
function tempFile(): [string, () => void] {
  const file = join(tmpdir(), `pagelope-${randomUUID()}.db`);
  return [file, () => ['', '-wal', '-shm', '-journal'].forEach((suffix) => rmSync(file + suffix, { force: true }))];
}

/** Opens an empty in-memory SQLite database (sql.js) with foreign keys enforced, and its Drizzle database. */
export async function openSqlite(options: OpenSqliteOptions = {}): Promise<SqliteLeg> {
  const { logQuery } = options;
  const config = logQuery ? { logger: { logQuery } } : {};
  if (options.driver === 'better-sqlite3') {
    const [file, remove] = tempFile();
    // No busy timeout (its default is 5 s): a locked database is SQLITE_BUSY at once.
    const client = new (require(BETTER_SQLITE3) as BetterSqlite3)(file, { timeout: 0 });
    client.exec('PRAGMA foreign_keys = ON');
    return {
      db: drizzleBetterSqlite3({ client: client as never, ...config }) as unknown as DrizzleSQLiteDatabase,
      exec: async (sql) => void client.exec(sql),
      close: () => {
        client.close();
        remove();
      },
    };
  }
  if (options.driver === 'node:sqlite') {
    const client = new (require('node:sqlite') as NodeSqlite).DatabaseSync(':memory:');
    client.exec('PRAGMA foreign_keys = ON');
    const db = drizzleProxy(async (sql, params, method) => {
      const statement = client.prepare(sql);
      if (method === 'run') return { rows: (statement.run(...params), []) };
      if (method === 'get') return { rows: statement.get(...params) as unknown[] };
      const rows = statement.all(...params);
      return { rows: method === 'values' ? rows.map((row) => Object.values(row as object)) : rows };
    }, config);
    return {
      db: db as unknown as DrizzleSQLiteDatabase,
      exec: async (sql) => void client.exec(sql),
      close: () => void client.close(),
    };
  }
  if (options.driver === 'libsql') {
    const [file, remove] = tempFile();
    const client = createClient({ url: `file:${file}` });
    await client.execute('PRAGMA foreign_keys = ON');
    return {
      db: drizzleLibsql(client, config) as unknown as DrizzleSQLiteDatabase,
      exec: async (sql) => void (await client.executeMultiple(sql)),
      close: () => {
        client.close();
        remove();
      },
    };
  }
  const SQL = await initSqlJs();
  const client = new SQL.Database();
  client.exec('PRAGMA foreign_keys = ON');
  // Without functions: a client offering only what Drizzle's sql.js session calls.
  const given = options.functions === false ? { prepare: (sql: string) => client.prepare(sql) } : client;
  return {
    db: drizzle(given as never, config) as unknown as DrizzleSQLiteDatabase,
    exec: async (sql) => void client.exec(sql),
    close: () => client.close(),
  };
}

/** The SQL column name of a field in the tests' tables. */
const columnOf = (field: string): string => `c_${toSnakeCase(field)}`;

/** The SQLite type of a field's column, and its Drizzle column. */
function columnOfKind(def: FieldDef): [string, SQLiteColumnBuilderBase] {
  const name = columnOf(def.name);
  switch (def.kind as string) {
    case 'string':
    case 'enum':
    case 'isoDate':
      return ['TEXT', text(name)];
    case 'number':
      return ['REAL', real(name)];
    case 'boolean':
      return ['INTEGER', integer(name, { mode: 'boolean' })];
    case 'date':
      return ['INTEGER', integer(name, { mode: 'timestamp_ms' })];
    default:
      return ['TEXT', text(name, { mode: 'json' })];
  }
}

let counter = 0;

/** A fresh table of `resource` on `leg` (DDL written here, declared again in Drizzle), and its Drizzle table. */
export async function createSqliteTable(leg: SqliteLeg, resource: Resource, prefix: string): Promise<SQLiteTable> {
  const table = `${prefix}_${++counter}`;
  const columns: Record<string, SQLiteColumnBuilderBase> = {};
  const ddl: string[] = [];
  for (const def of resource.fields.values()) {
    const [type, builder] = columnOfKind(def);
    columns[def.name] = builder;
    const rule = def.name === resource.idField ? ' PRIMARY KEY' : def.nullable ? '' : ' NOT NULL';
    ddl.push(`"${columnOf(def.name)}" ${type}${rule}`);
  }
  await leg.exec(`CREATE TABLE "${table}" (${ddl.join(', ')})`);
  return sqliteTable(table, columns);
}

/**
 * Declares `describe('SQLite (sql.js)')`, its database opened before its tests; `body` declares the tests on the
 * `makeRepository` it is given, which creates a fresh table of the resource holding the records, and the
 * repository on it.
 */
export function describeSqliteLeg(
  body: (name: string, makeRepository: RepositoryFactory, leg: () => SqliteLeg) => void,
  options: OpenSqliteOptions = {},
): void {
  const { driver = 'sql.js' } = options;
  const name =
    driver === 'better-sqlite3'
      ? `SQLite (better-sqlite3 ${betterSqlite3Version()})`
      : driver !== 'sql.js'
        ? `SQLite (${driver})`
        : options.functions === false
          ? 'SQLite (sql.js, no JavaScript functions)'
          : 'SQLite (sql.js)';
  // Under PAGELOPE_LEGS=servers (npm run test:extended) the embedded legs ran already in npm test.
  if (!EMBEDDED_LEGS) return;
  const unavailable = sqliteDriverUnavailable(driver);
  if (unavailable !== undefined) {
    describe(name, () => {
      // .ci/run runs the better-sqlite3 leg on the Node line that built it, with this variable set.
      if (driver === 'better-sqlite3' && process.env['PAGELOPE_REQUIRE_BETTER_SQLITE3'] === '1') {
        it('loads better-sqlite3, as PAGELOPE_REQUIRE_BETTER_SQLITE3=1 demands', () => {
          throw new Error(unavailable);
        });
      } else it.skip(`skipped: ${unavailable}`);
    });
    return;
  }
  describe(name, () => {
    let leg: SqliteLeg | undefined;
    beforeAll(async () => {
      leg = await openSqlite(options);
    });
    afterAll(() => leg?.close());
    const current = (): SqliteLeg => {
      if (!leg) throw new Error('database not open');
      return leg;
    };
    const makeRepository: RepositoryFactory = async (resource, records) => {
      const table = await createSqliteTable(current(), resource as Resource, `dz_${resource.name}`);
      const repository = createDrizzleRepository(resource, { db: current().db, table });
      for (const record of records) await repository.create(record as never);
      return repository;
    };
    body(name, makeRepository, current);
  });
}
