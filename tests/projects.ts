/**
 * Which test file runs in which vitest project (vitest.config.ts), and so under which command:
 * - `unit` (`npm run test:unit`, part of `npm test`): the folders of {@link UNIT_FOLDERS}, {@link UNIT_FILES} and every
 *   type test;
 * - `src` (`npm test`): every other test file against the sources, but {@link EXTENDED_FILES},
 *   {@link SMOKE_ONLY_FILES} and {@link DIST_ONLY_FILES};
 * - `smoke` (`npm test`, and on each other Node line in CI): {@link SMOKE_FILES} against the built package;
 * - `smoke-pglite` (`npm run test:smoke`, test:extended): {@link SMOKE_PGLITE_FILES} against the built package;
 * - `extended` (`npm run test:all`): {@link EXTENDED_FILES}, what needs a server, a browser or long runs;
 * - `dist` (`npm run test:all`): {@link DIST_FILES} again against the built package;
 * - `servers` (`npm run test:all`): {@link SERVER_FILES} again for their server legs alone (PAGELOPE_LEGS=servers);
 * - `dates` (`npm run test:dates`): {@link DATE_FILES}, which CI runs in UTC beside the whole suite in Asia/Kolkata.
 * Plain data, read by vitest.config.ts, scripts/test.mjs and tests/projects.test.ts.
 */

/** Folders of tests/ whose files are pure, fast tests of the core (no socket, no database, no child process). */
export const UNIT_FOLDERS: readonly string[] = [
  'internal',
  'errors',
  'fields',
  'resource',
  'pagination',
  'query',
  'hooks',
  'http',
  'routes',
  'sql',
];

/** Test files outside {@link UNIT_FOLDERS} that are as fast and pure: they read the sources and nothing else. */
export const UNIT_FILES: readonly string[] = ['tests/code-figures.test.ts'];

/**
 * Files `npm test` leaves to `npm run test:all`: they need a server (a streaming replica, Redis), a browser, the
 * declarations build, or run long (Prism's proxy over every operation, the client generators).
 */
export const EXTENDED_FILES: readonly string[] = [
  'tests/openapi/prism-contract.test.ts',
  // The OpenAPI conformance run: about 1,000 generated requests a leg over HTTP, on memory (Fastify, Express), PGlite
  // and the server (about 30 s a leg).
  'tests/openapi/conformance-run.test.ts',
  'tests/postgres/read-replica.test.ts',
  'tests/drizzle/read-db.test.ts',
  'tests/deployment/**/*.test.ts',
  'tests/browser/**/*.test.ts',
  'tests/declarations.test.ts',
  // Three code generators run on the OpenAPI document in child processes (about 12 s), and openapi-typescript's
  // types checked by tsc in another (about 8 s).
  'tests/generated-clients/**/*.test.ts',
  'tests/openapi/openapi-fetch.test.ts',
  // The contract in full on sql.js with functions (npm test runs its short mode), short on SQLite without functions
  // and on libsql.
  'tests/drizzle/drizzle-secondary-sqlite.test.ts',
  // The contract (short) on better-sqlite3 and node:sqlite; .ci/run runs it again on Node 20, where better-sqlite3 loads.
  'tests/drizzle/drizzle-native-sqlite.test.ts',
  // The docs snippets type-checked by tsc in a child process (npm test runs them).
  'tests/docs/snippet-types.test.ts',
  // Concurrency, equivalence and read-client suites on PGlite and the server (about 60 s of a worker): they run here
  // with both legs, not in the servers project.
  'tests/postgres/http-if-match.test.ts',
  'tests/postgres/trigram-index.test.ts',
  'tests/postgres/adapter-equivalence.test.ts',
  'tests/postgres/concurrency.test.ts',
  'tests/postgres/keyset-nulls.test.ts',
  'tests/postgres/read-client.test.ts',
  'tests/postgres/transactions.test.ts',
  'tests/drizzle/dialect-equivalence.test.ts',
  // Drizzle on PostgreSQL, the contract's short mode on PGlite and the server (about 10 s of a worker on PGlite).
  'tests/drizzle/drizzle-postgres-repository.test.ts',
  // PostgreSQL feature suites beyond the contract (batch statements, bulk updates, relation statements, unique and
  // restore races, database and catalog faults, collations, ready()), on PGlite and the server: about 48 s of a
  // worker on PGlite, which took npm test over its 3 minutes (192 s on an idle 2-core machine, 2026-12-06). npm test
  // keeps the PostgreSQL contract, the property suites, injection and the date files on PGlite.
  'tests/postgres/bulk-update.test.ts',
  'tests/postgres/batch-writes.test.ts',
  'tests/postgres/batch-item-errors.test.ts',
  'tests/postgres/relation-mixed.test.ts',
  'tests/postgres/relation-statements.test.ts',
  'tests/postgres/existing-schema-service.test.ts',
  'tests/postgres/lifecycle-unique.test.ts',
  'tests/postgres/concurrent-restores.test.ts',
  'tests/postgres/database-errors.test.ts',
  'tests/postgres/catalog-faults.test.ts',
  'tests/postgres/text-collation-tables.test.ts',
  'tests/postgres/ready.test.ts',
  // The leak oracle (issue 34) on each store but memory (npm test runs memory's, tests/testing/find-leaks.test.ts):
  // about 2,000 requests a run over the relations in SQL, 10 to 36 s a leg (PGlite the slowest, sql.js the fastest;
  // on a loaded 2-core machine, 2026-12-08), so about 100 s of a worker for Drizzle's PostgreSQL and SQLite legs.
  'tests/postgres/find-leaks.test.ts',
  'tests/drizzle/find-leaks.test.ts',
  'tests/drizzle/mysql-find-leaks.test.ts',
];

/** Each adapter's HTTP contract: run once, against the built package, in the smoke project. */
export const SMOKE_ONLY_FILES: readonly string[] = ['tests/adapters/*/http.test.ts'];

/** The smoke project: every entry in ESM and CJS, each adapter's HTTP contract on memory. */
export const SMOKE_FILES: readonly string[] = [
  'tests/smoke/entries.test.ts',
  'tests/smoke/package-entries.test.ts',
  'tests/smoke/client-entry.test.ts',
  ...SMOKE_ONLY_FILES,
];

/**
 * The smoke-pglite project: the built repository contract on PGlite. `npm run test:smoke` runs it with the smoke
 * project; `npm test` leaves it out (its src project runs the contract on PGlite from the sources).
 */
export const SMOKE_PGLITE_FILES: readonly string[] = ['tests/smoke/postgres-contract.test.ts'];

/**
 * Files of {@link DIST_FILES} that `npm test` leaves out (its src project excludes them), run only by `npm run
 * test:all` against the built package: the example apps over HTTP with the demo's own process (about 12 s of a
 * worker), the request-context contract's 1,000 concurrent requests per framework (about 15 s) and the nestjs
 * contracts on Nest's Fastify platform (about 10 s). Each adapter's HTTP contract in npm test's smoke project covers
 * what they share.
 */
export const DIST_ONLY_FILES: readonly string[] = [
  'tests/examples/**/*.test.ts',
  'tests/adapters/*/correlation.test.ts',
  // The nestjs contracts on Nest's second platform, Fastify (npm test runs them on its Express platform).
  'tests/adapters/nestjs/http-fastify.test.ts',
];

/** Run again against the built package by `npm run test:all` (the docs-snippet tests run the sources either way). */
export const DIST_FILES: readonly string[] = [
  'tests/examples/**/*.test.ts',
  'tests/adapters/nestjs/http-fastify.test.ts',
  'tests/adapters/*/correlation.test.ts',
  'tests/adapters/*/openapi.test.ts',
  'tests/adapters/*/report-error.test.ts',
  'tests/client/client-demo.test.ts',
  'tests/refine/refine-demo.test.ts',
  'tests/kit/array-repository.test.ts',
];

/**
 * The files whose legs include a database server (PostgreSQL, MariaDB): `npm run test:extended` runs them again with
 * PAGELOPE_LEGS=servers, which leaves out their embedded legs (PGlite, SQLite) that `npm test` ran.
 */
export const SERVER_FILES: readonly string[] = [
  'tests/postgres/**/*.test.ts',
  'tests/drizzle/**/*.test.ts',
  // The service's contracts on every store (memory and the embedded legs in npm test, the servers here).
  'tests/service/batch-hook-transactions.test.ts',
  'tests/service/tenant-relations.test.ts',
];

/**
 * The tests of dates, calendar dates and time stamps on every store: nothing may depend on the process's time zone,
 * so CI runs the whole suite with TZ=Asia/Kolkata and these again in UTC.
 */
export const DATE_FILES: readonly string[] = [
  'tests/query/model/iso-date.test.ts',
  'tests/fields/introspect-fields.test.ts',
  'tests/service/date-bounds.test.ts',
  'tests/postgres/integer-ids-and-iso-dates.test.ts',
  'tests/postgres/timestamp-text.test.ts',
  'tests/postgres/sql-values.test.ts',
  'tests/postgres/existing-schema.test.ts',
  'tests/postgres/table-catalog.test.ts',
  'tests/postgres/column-names.test.ts',
  'tests/postgres/compile-keyset.test.ts',
  'tests/drizzle/sqlite-repository.test.ts',
  'tests/drizzle/mysql-repository.test.ts',
  'tests/drizzle/mysql-sql-dialect.test.ts',
  'tests/drizzle/mysql-field-schema.test.ts',
  'tests/drizzle/resource-from-table.test.ts',
  'tests/drizzle/sql/create-sql-repository.test.ts',
];

/**
 * Files that run long for their size, started first in their project (tests/support/slow-first-sequencer.ts), from
 * the slowest of `npm test` on 2026-12-06: without a cache of durations vitest starts the largest files first, and
 * these would start last.
 */
export const SLOW_FIRST: readonly string[] = [
  'tests/docs/snippets.test.ts',
  'tests/drizzle/drizzle-repository.test.ts',
  'tests/adapters/nestjs/http.test.ts',
  'tests/adapters/express/http.test.ts',
  'tests/postgres/postgres-repository.test.ts',
  'tests/hostile/corpus.test.ts',
  'tests/errors/error-envelope.fuzz.test.ts',
  'tests/export-names.test.ts',
  'tests/service/tenant-relations.test.ts',
];
