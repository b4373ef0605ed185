/**
 * The Drizzle databases `pagelope/drizzle` is tested on: PGlite (`drizzle-orm/pglite`) always, and the server named
 * by DATABASE_URL (`drizzle-orm/node-postgres` on a `pg.Pool`) when it is set; without it that leg is a skipped test
 * saying so. Each repository is on a table of its own, declared in Drizzle with SQL column names (`c_<snake_case>`)
 * that differ from its property names.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { DrizzleConfig } from 'drizzle-orm';
import { getTableConfig, pgTable, type PgColumnBuilderBase, type PgTable } from 'drizzle-orm/pg-core';
import { boolean, date, doublePrecision, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { FieldDef, Resource } from 'pagelope/kit';
import { createDrizzleRepository, type DrizzlePgDatabase } from '../../src/drizzle/index';
import { createTableSql, toSnakeCase } from '../../src/postgres/index';
import type { RepositoryFactory } from 'pagelope/testing';
import {
  DATABASE_URL,
  EMBEDDED_LEGS,
  openPglite,
  openServer,
  uniqueTable,
  type TestDatabase,
} from '../postgres/pg-clients';

/** A leg: its database, and the Drizzle database over the same client. */
export interface DrizzleLeg {
  readonly database: TestDatabase;
  readonly db: DrizzlePgDatabase;
  /** Another Drizzle database over the same client, made with `config` (a logger, a casing). */
  readonly drizzleWith: (config: DrizzleConfig) => DrizzlePgDatabase;
}

/** The legs of this run as `[name, open]`. */
function legs(): [string, () => Promise<DrizzleLeg>][] {
  const found: [string, () => Promise<DrizzleLeg>][] = [];
  if (EMBEDDED_LEGS) {
    found.push([
      'PGlite',
      async () => {
        const database = await openPglite();
        const drizzleWith = (config: DrizzleConfig) => drizzlePglite(database.client as unknown as PGlite, config);
        return { database, db: drizzleWith({}), drizzleWith };
      },
    ]);
  }
  const url = DATABASE_URL;
  if (url) {
    found.push([
      'PostgreSQL server',
      async () => {
        const database = await openServer(url);
        const drizzleWith = (config: DrizzleConfig) => drizzleNodePg(database.client as unknown as pg.Pool, config);
        return { database, db: drizzleWith({}), drizzleWith };
      },
    ]);
  }
  return found;
}

/** The SQL column name of a field in the tests' tables. */
export const columnOf = (field: string): string => `c_${toSnakeCase(field)}`;

/** The Drizzle column of a field, of the type `createTableSql` gives its kind. */
function columnBuilder(def: FieldDef): PgColumnBuilderBase {
  const name = columnOf(def.name);
  switch (def.kind as string) {
    case 'string':
    case 'enum':
      return text(name);
    case 'number':
      return doublePrecision(name);
    case 'boolean':
      return boolean(name);
    case 'date':
      return timestamp(name, { withTimezone: true, mode: 'date' });
    case 'isoDate':
      return date(name, { mode: 'string' });
    default:
      return jsonb(name);
  }
}

/** A Drizzle table named `table` with a column per field of `resource`, on the columns {@link columnOf} names. */
export function drizzleTableOf(resource: Resource, table: string): PgTable {
  const columns: Record<string, PgColumnBuilderBase> = {};
  for (const def of resource.fields.values()) columns[def.name] = columnBuilder(def);
  return pgTable(table, columns);
}

/**
 * Declares a `describe(<leg name>)` per leg, opened before its tests and closed after them with its tables dropped;
 * `body` declares the tests on the `makeRepository` it is given, which creates a fresh table of the resource (SQL by
 * `createTableSql`, declared again in Drizzle) holding the records, and the repository on it.
 */
export function describeDrizzleLegs(
  body: (name: string, makeRepository: RepositoryFactory, leg: () => DrizzleLeg) => void,
): void {
  for (const [name, open] of legs()) {
    describe(name, () => {
      let leg: DrizzleLeg | undefined;
      const tables: string[] = [];
      // Opening PGlite compiles its WebAssembly: on a loaded two-core machine that can outlast the default hook timeout.
      beforeAll(async () => {
        leg = await open();
      }, 120_000);
      afterAll(async () => {
        if (!leg) return;
        await leg.database.dropTables(tables);
        await leg.database.close();
      }, 120_000);
      const current = (): DrizzleLeg => {
        if (!leg) throw new Error('database not open');
        return leg;
      };
      const makeRepository: RepositoryFactory = async (resource, records) => {
        const { database, db } = current();
        const table = uniqueTable(`dz_${resource.name}`);
        tables.push(table);
        const generic = resource as Resource;
        const columns = Object.fromEntries([...generic.fields.keys()].map((field) => [field, columnOf(field)]));
        await database.exec(createTableSql(resource, { table, columns }));
        const drizzleTable = drizzleTableOf(generic, table);
        if (getTableConfig(drizzleTable).name !== table) throw new Error('the Drizzle table is not the table made');
        const repository = createDrizzleRepository(resource, { db, table: drizzleTable });
        for (const record of records) await repository.create(record as never);
        return repository;
      };
      body(name, makeRepository, current);
    });
  }
  if (!DATABASE_URL) {
    describe('PostgreSQL server', () => {
      it.skip('runs when DATABASE_URL names a server (postgres://user@host:port/database); it is unset', () => {});
    });
  }
}
