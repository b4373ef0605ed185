/**
 * The leak oracle (tests/contracts/leak-contract.ts) on the PostgreSQL and SQLite legs of `pagelope/drizzle`:
 * PostgreSQL (PGlite, and the server when DATABASE_URL is set) and SQLite (sql.js with and without JavaScript
 * functions, libsql, better-sqlite3 and node:sqlite where they load). The three resources of a leg are on one
 * database, so the books' relation filters, sorts, embeds and counts are read in SQL. MariaDB's legs are in
 * mysql-find-leaks.test.ts.
 */
import type { RepositoryFactory } from 'pagelope/testing';
import { describeLeakContract } from '../contracts/leak-contract';
import { describeDrizzleLegs } from './drizzle-legs';
import { describeSqliteLeg, type OpenSqliteOptions } from './sqlite-legs';

const onLeg = (name: string, makeRepository: RepositoryFactory) =>
  describeLeakContract(`createDrizzleRepository on ${name}`, makeRepository);

const SQLITE_LEGS: readonly OpenSqliteOptions[] = [
  { functions: true },
  { functions: false },
  { driver: 'libsql' },
  { driver: 'better-sqlite3' },
  { driver: 'node:sqlite' },
];

describeDrizzleLegs(onLeg);
for (const options of SQLITE_LEGS) describeSqliteLeg(onLeg, options);
