import { repositoryContract } from 'pagelope/testing';
import { describeDrizzleLegs } from './drizzle-legs';
import { describeMysqlLeg } from './mysql-leg';
import { describeSqliteLeg } from './sqlite-legs';

// The full contract runs once per database: PostgreSQL in tests/postgres/postgres-repository.test.ts, SQLite on sql.js
// with functions and MariaDB here; Drizzle on PostgreSQL runs its short mode.
describeDrizzleLegs((name, makeRepository) => {
  repositoryContract(`createDrizzleRepository on ${name}`, makeRepository, {
    mode: 'short',
    numRuns: 40,
    readsAbsentNullableAsNull: true,
    relations: true,
  });
});

// SQLite's full leg: sql.js with JavaScript functions, so case-insensitive matching is SQL. The secondary SQLite legs
// (no functions, libsql) are in drizzle-secondary-sqlite.test.ts, run by npm run test:all.
describeSqliteLeg(
  (name, makeRepository) => {
    repositoryContract(`createDrizzleRepository on ${name}`, makeRepository, {
      numRuns: 40,
      readsAbsentNullableAsNull: true,
      relations: true,
    });
  },
  { functions: true },
);

describeMysqlLeg((name, makeRepository) => {
  repositoryContract(`createDrizzleRepository on ${name}`, makeRepository, {
    numRuns: 40,
    readsAbsentNullableAsNull: true,
    relations: true,
  });
});
