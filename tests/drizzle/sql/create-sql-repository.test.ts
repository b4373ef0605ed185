/**
 * createSqlRepository on a dialect without RETURNING (SQLite's, with `returning` turned off, as MySQL's would be):
 * the whole repository contract, the rows read back in the write's transaction instead.
 */
import { getTableConfig } from 'drizzle-orm/sqlite-core';
import { beforeAll, describe } from 'vitest';
import type { Resource } from 'pagelope/kit';
import { repositoryContract, type RepositoryFactory } from 'pagelope/testing';
import {
  createSqlRepository,
  SQLITE_SQL_DIALECT,
  type SqlColumn,
  type SqlDialect,
} from '../../../src/drizzle/sql/index';
import { SQLITE_RUNNERS } from '../../../src/drizzle/sqlite-runner';
import { toSnakeCase } from '../../../src/postgres/index';
import { createSqliteTable, openSqlite, type SqliteLeg } from '../sqlite-legs';

const WITHOUT_RETURNING: SqlDialect = {
  ...SQLITE_SQL_DIALECT,
  name: 'SQLite without RETURNING',
  returning: { insert: false, update: false, delete: false },
};

describe('createSqlRepository without RETURNING', () => {
  let leg: SqliteLeg | undefined;
  beforeAll(async () => {
    leg = await openSqlite();
  });
  const makeRepository: RepositoryFactory = async (resource, records) => {
    if (!leg) throw new Error('database not open');
    const generic = resource as Resource;
    const table = await createSqliteTable(leg, generic, `nr_${resource.name}`);
    const columns = new Map<string, SqlColumn>();
    for (const def of generic.fields.values()) {
      const kind = def.kind;
      columns.set(def.name, {
        name: `c_${toSnakeCase(def.name)}`,
        toDriver: (value) => (kind === 'date' ? (value as Date).getTime() : WITHOUT_RETURNING.toDriver(value, kind)),
        fromDriver: (value) => WITHOUT_RETURNING.fromDriver(value, kind),
        ...((kind === 'string' || kind === 'enum' || kind === 'isoDate') && {
          ordered: (expression: string) => `${expression} COLLATE BINARY`,
        }),
      });
    }
    const repository = createSqlRepository(resource, {
      dialect: WITHOUT_RETURNING,
      runner: SQLITE_RUNNERS.runnerOf(leg.db),
      table: getTableConfig(table).name,
      columns,
    });
    for (const record of records) await repository.create(record as never);
    return repository;
  };
  // A secondary leg of the SQL engine on SQLite: the short mode (the full contract runs on sql.js with RETURNING).
  repositoryContract('createSqlRepository without RETURNING', makeRepository, {
    mode: 'short',
    numRuns: 20,
    readsAbsentNullableAsNull: true,
    relations: true,
  });
});
