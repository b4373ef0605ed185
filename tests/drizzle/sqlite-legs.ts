/**
 * The SQLite legs of the `pagelope/drizzle` tests: sql.js (SQLite compiled to WebAssembly, `drizzle-orm/sql-js`),
 * with and without SQL functions of JavaScript, and libsql (`drizzle-orm/libsql`, an async database, on a file in the
 * system's temp folder; N-API binaries that load on every Node line), so they run without a native build or a server. Each repository is on a table of its own, declared
 * in Drizzle with SQL column names (`c_<snake_case>`) that differ from its property names: text for strings, enums
 * and calendar dates, real for numbers, `integer({ mode: 'boolean' })`, `integer({ mode: 'timestamp_ms' })` for
 * dates, and text in `json` mode for anything else.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { drizzle as drizzleLibsql } from 'drizzle-orm/libsql';
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
import { afterAll, beforeAll, describe } from 'vitest';
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
  /** The driver (default sql.js). */
  readonly driver?: 'sql.js' | 'libsql';
  /**
   * `false`: the connection takes no SQL functions written in JavaScript, as libsql's does not (the repository then
   * evaluates case-insensitive operators and searches in JavaScript). Default `true`.
   */
  readonly functions?: boolean;
  /** Drizzle's logger: sees every statement. */
  readonly logQuery?: (query: string, params: unknown[]) => void;
}

/** Opens an empty in-memory SQLite database (sql.js) with foreign keys enforced, and its Drizzle database. */
export async function openSqlite(options: OpenSqliteOptions = {}): Promise<SqliteLeg> {
  const { logQuery } = options;
  const config = logQuery ? { logger: { logQuery } } : {};
  if (options.driver === 'libsql') {
    const file = join(tmpdir(), `pagelope-${randomUUID()}.db`);
    const client = createClient({ url: `file:${file}` });
    await client.execute('PRAGMA foreign_keys = ON');
    return {
      db: drizzleLibsql(client, config) as unknown as DrizzleSQLiteDatabase,
      exec: async (sql) => void (await client.executeMultiple(sql)),
      close: () => {
        client.close();
        for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
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
  const name =
    options.driver === 'libsql'
      ? 'SQLite (libsql)'
      : options.functions === false
        ? 'SQLite (sql.js, no JavaScript functions)'
        : 'SQLite (sql.js)';
  // Under PAGELOPE_LEGS=servers (npm run test:extended) the embedded legs ran already in npm test.
  if (!EMBEDDED_LEGS) return;
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
