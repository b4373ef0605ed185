/**
 * The MariaDB leg of pagelope/drizzle's tests: the server named by MYSQL_URL (`mysql://user@host:port/database`, the
 * database created when missing), through a `mysql2` pool and `drizzle(pool)` of `drizzle-orm/mysql2`.
 * `npm run test:all` sets MYSQL_URL to the machine's 127.0.0.1:3306 when it answers (scripts/services.mjs), and CI
 * fails when it does not; without it (`npm test`, or a machine without MariaDB) the leg is one skipped test saying so. Each repository is on a table of its own, declared in Drizzle with SQL column names
 * (`c_<snake_case>`) that differ from its property names, its text columns in the server's default collation (MariaDB's
 * are case- and accent-insensitive) but the id's, which is binary as a text key must be; or, with the option
 * `collation: 'code-point'`, every text column in `utf8mb4_nopad_bin` (the repository orders them as they are).
 */
import { getTableConfig, mysqlTable, type MySqlColumnBuilderBase, type MySqlTable } from 'drizzle-orm/mysql-core';
import { boolean, date, datetime, double, json, text, varchar } from 'drizzle-orm/mysql-core';
import { drizzle, type MySql2Database } from 'drizzle-orm/mysql2';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { FieldDef, Resource } from 'pagelope/kit';
import type { RepositoryFactory } from 'pagelope/testing';
import { createDrizzleRepository } from '../../src/drizzle/index';
import { columnOf } from './drizzle-legs';
import { uniqueTable } from '../postgres/pg-clients';

/** The server of the MariaDB leg, or `undefined` when MYSQL_URL is unset (or empty). */
export const MYSQL_URL = process.env['MYSQL_URL'] || undefined;

/**
 * Declares, in a `describe` of a MariaDB test whose MYSQL_URL is unset, what stands for its tests: a test that fails
 * under PAGELOPE_REQUIRE_MARIADB=1 (CI, where the server must answer), else one skipped test saying how to run them.
 */
export function declareMissingMariaDb(): void {
  if (process.env['PAGELOPE_REQUIRE_MARIADB'] === '1') {
    it('finds a MariaDB server, as PAGELOPE_REQUIRE_MARIADB=1 demands', () => {
      throw new Error('PAGELOPE_REQUIRE_MARIADB=1 but MYSQL_URL is unset');
    });
  } else {
    it.skip('runs when MYSQL_URL names a server (npm run test:all sets it to 127.0.0.1:3306 when that answers)');
  }
}

/** The MariaDB leg: its pool, the Drizzle database over it, and a statement runner for DDL. */
export interface MysqlLeg {
  readonly pool: mysql.Pool;
  readonly db: MySql2Database;
  exec(sql: string): Promise<void>;
  /** Drops the named tables, a hundred a statement. */
  dropTables(tables: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** Opens the leg on the server `url` names, creating its database when missing; fails loudly when unreachable. */
export async function openMysql(url: string): Promise<MysqlLeg> {
  const server = new URL(url);
  const database = decodeURIComponent(server.pathname.slice(1));
  if (database === '') throw new TypeError('MYSQL_URL must name a database (mysql://user@host:port/database)');
  server.pathname = '/';
  const admin = await mysql.createConnection({ uri: server.href });
  try {
    await admin.query(`CREATE DATABASE IF NOT EXISTS ${admin.escapeId(database)}`);
  } finally {
    await admin.end();
  }
  const pool = mysql.createPool({ uri: url, connectionLimit: 4 });
  const exec = async (sql: string) => void (await pool.query(sql));
  return {
    pool,
    db: drizzle({ client: pool }),
    exec,
    dropTables: async (tables) => {
      for (let i = 0; i < tables.length; i += 100) {
        await exec(
          `DROP TABLE IF EXISTS ${tables
            .slice(i, i + 100)
            .map((table) => pool.escapeId(table))
            .join(', ')}`,
        );
      }
    },
    close: () => pool.end(),
  };
}

/**
 * The collation of the text columns of a leg's tables but the id's: the server's default (case-insensitive), or
 * `utf8mb4_nopad_bin` (code-point order) for every one.
 */
export type MysqlLegCollation = 'default' | 'code-point';

/** The MariaDB type of a field's column (`key`: the primary key's), as the Drizzle column of {@link mysqlTableOf}. */
function columnSql(def: FieldDef, key: boolean, collation: MysqlLegCollation): string {
  switch (def.kind as string) {
    case 'string':
    case 'enum':
      // A text key must be binary (in the default collation, 'a' and 'A' would be one key) and bounded.
      if (key) return 'VARCHAR(255) COLLATE utf8mb4_nopad_bin';
      return collation === 'code-point' ? 'TEXT COLLATE utf8mb4_nopad_bin' : 'TEXT';
    case 'number':
      return 'DOUBLE';
    case 'boolean':
      return 'BOOLEAN';
    case 'date':
      return 'DATETIME(3)';
    case 'isoDate':
      return 'DATE';
    default:
      return 'JSON';
  }
}

/** The Drizzle column of a field, of the type {@link columnSql} gives it. */
function columnBuilder(def: FieldDef, key: boolean): MySqlColumnBuilderBase {
  const name = columnOf(def.name);
  switch (def.kind as string) {
    case 'string':
    case 'enum':
      return key ? varchar(name, { length: 255 }).primaryKey() : text(name);
    case 'number':
      return double(name);
    case 'boolean':
      return boolean(name);
    case 'date':
      return datetime(name, { fsp: 3, mode: 'date' });
    case 'isoDate':
      return date(name, { mode: 'string' });
    default:
      return json(name);
  }
}

/** The DDL of the table `table` of `resource`: a column per field, named by {@link columnOf}, the id as primary key. */
export function mysqlTableSql(resource: Resource, table: string, collation: MysqlLegCollation = 'default'): string {
  const columns = [...resource.fields.values()].map((def) => {
    const key = def.name === resource.idField;
    const constraint = key ? ' PRIMARY KEY' : def.nullable ? ' NULL' : ' NOT NULL';
    return `\`${columnOf(def.name)}\` ${columnSql(def, key, collation)}${constraint}`;
  });
  return `CREATE TABLE \`${table}\` (${columns.join(', ')}) DEFAULT CHARSET = utf8mb4`;
}

/** The Drizzle table `table` of `resource`, declared as {@link mysqlTableSql} makes it. */
export function mysqlTableOf(resource: Resource, table: string): MySqlTable {
  const columns: Record<string, MySqlColumnBuilderBase> = {};
  for (const def of resource.fields.values()) columns[def.name] = columnBuilder(def, def.name === resource.idField);
  return mysqlTable(table, columns);
}

/** Options of {@link describeMysqlLeg}. */
export interface MysqlLegOptions {
  /** The collation of the tables' text columns (default: the server's). */
  readonly collation?: MysqlLegCollation;
}

/**
 * Declares `describe('MariaDB server')` (`'MariaDB server, text in utf8mb4_nopad_bin'` with `collation:
 * 'code-point'`), its leg opened before its tests and closed after them with its tables dropped; `body` declares the
 * tests on the `makeRepository` it is given, which makes a fresh table of the resource (SQL by {@link mysqlTableSql},
 * declared again in Drizzle), `createDrizzleRepository` on it, and creates the records through it. Without
 * MYSQL_URL, one skipped test saying why.
 */
export function describeMysqlLeg(
  body: (name: string, makeRepository: RepositoryFactory, leg: () => MysqlLeg) => void,
  options: MysqlLegOptions = {},
): void {
  const url = MYSQL_URL;
  const collation = options.collation ?? 'default';
  const legName = collation === 'code-point' ? 'MariaDB server, text in utf8mb4_nopad_bin' : 'MariaDB server';
  describe(legName, () => {
    if (!url) {
      declareMissingMariaDb();
      return;
    }
    let leg: MysqlLeg | undefined;
    const tables: string[] = [];
    beforeAll(async () => {
      leg = await openMysql(url);
    });
    afterAll(async () => {
      if (!leg) return;
      await leg.dropTables(tables);
      await leg.close();
    }, 120_000);
    const current = (): MysqlLeg => {
      if (!leg) throw new Error('database not open');
      return leg;
    };
    const makeRepository: RepositoryFactory = async (resource, records) => {
      const { db, exec } = current();
      const table = uniqueTable(`dz_${resource.name}`);
      tables.push(table);
      await exec(mysqlTableSql(resource as Resource, table, collation));
      const drizzleTable = mysqlTableOf(resource as Resource, table);
      if (getTableConfig(drizzleTable).name !== table) throw new Error('the Drizzle table is not the table made');
      const repository = createDrizzleRepository(resource, { db, table: drizzleTable });
      for (const record of records) await repository.create(record as never);
      return repository;
    };
    body(legName, makeRepository, current);
  });
}
