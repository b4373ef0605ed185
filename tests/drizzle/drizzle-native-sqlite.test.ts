/**
 * The repository contract (short mode, as on every secondary leg) on the SQLite drivers that are not WebAssembly:
 * better-sqlite3 (`drizzle-orm/better-sqlite3`, a sync database whose statements that return no rows must be `run()`)
 * and Node's `node:sqlite` through `drizzle-orm/sqlite-proxy`. better-sqlite3's binary loads only on the Node line
 * that built it (`npm ci` runs on Node 20 in CI, the suite on Node 24: .ci/run runs this file once more on Node 20
 * with PAGELOPE_REQUIRE_BETTER_SQLITE3=1); `node:sqlite` is in Node 22 and later. Elsewhere each is one skipped test
 * saying why.
 */
import { repositoryContract } from 'pagelope/testing';
import { describeSqliteLeg } from './sqlite-legs';

for (const driver of ['better-sqlite3', 'node:sqlite'] as const) {
  describeSqliteLeg(
    (name, makeRepository) => {
      repositoryContract(`createDrizzleRepository on ${name}`, makeRepository, {
        mode: 'short',
        numRuns: 40,
        readsAbsentNullableAsNull: true,
        relations: true,
      });
    },
    { driver },
  );
}
