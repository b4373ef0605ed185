import { repositoryContract } from 'pagelope/testing';
import { MARIADB_SLOW_BLOCKS } from './mysql-contract-blocks';
import { describeMysqlLeg } from './mysql-leg';
import { describeSqliteLeg } from './sqlite-legs';

// The full contract runs once per database: PostgreSQL on the server in tests/postgres/postgres-repository.test.ts,
// SQLite on sql.js with functions in drizzle-secondary-sqlite.test.ts, MariaDB here and in mysql-contract-slow.test.ts.
// Drizzle on PostgreSQL (PGlite and the server) runs the short mode in drizzle-postgres-repository.test.ts (npm run
// test:all), npm test's SQLite leg here.
// SQLite in npm test: sql.js with JavaScript functions, so case-insensitive matching is SQL, in short mode; its full
// run and the other SQLite legs (no functions, libsql) are in drizzle-secondary-sqlite.test.ts (npm run test:all).
describeSqliteLeg(
  (name, makeRepository) => {
    repositoryContract(`createDrizzleRepository on ${name}`, makeRepository, {
      mode: 'short',
      numRuns: 40,
      readsAbsentNullableAsNull: true,
      relations: true,
    });
  },
  { functions: true },
);

// MariaDB's full run, in two files that run at once: its slowest blocks in mysql-contract-slow.test.ts, the rest here.
describeMysqlLeg((name, makeRepository) => {
  repositoryContract(`createDrizzleRepository on ${name}`, makeRepository, {
    numRuns: 40,
    readsAbsentNullableAsNull: true,
    relations: true,
    blocks: { except: MARIADB_SLOW_BLOCKS },
  });
});
