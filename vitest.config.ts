import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import {
  DATE_FILES,
  DIST_FILES,
  DIST_ONLY_FILES,
  EXTENDED_FILES,
  SERVER_FILES,
  SMOKE_FILES,
  SMOKE_PGLITE_FILES,
  SMOKE_ONLY_FILES,
  UNIT_FILES,
  UNIT_FOLDERS,
} from './tests/projects';
import { SlowFirstSequencer } from './tests/support/slow-first-sequencer';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The entries of package.json "exports" (`.`, `./kit`, ...) and the ESM file of each in `dist/`. */
const exportsMap = (
  JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
    exports: Record<string, string | { import?: { default?: string } }>;
  }
).exports;
/** The source file of each `pagelope[/<entry>]`, as tsconfig.json's "paths" (which tsc and tsx use) name it. */
const paths = (
  JSON.parse(readFileSync(`${root}tsconfig.json`, 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } }
).compilerOptions.paths;
const entries = Object.keys(exportsMap)
  .filter((key) => key !== './package.json')
  .map((key) => `pagelope${key.slice(1)}`)
  // Subpaths first: an alias `pagelope` would otherwise also match `pagelope/express`.
  .sort((a, b) => b.length - a.length);

function aliasOf(file: (entry: string) => string | undefined): Record<string, string> {
  return Object.fromEntries(
    entries.map((entry) => {
      const target = file(entry);
      if (target === undefined) throw new Error(`vitest.config.ts: no file for ${entry}`);
      return [entry, `${root}${target.replace(/^\.\//, '')}`];
    }),
  );
}
const fromSource = aliasOf((entry) => paths[entry]?.[0]);
const fromDist = aliasOf((entry) => {
  const target = exportsMap[`.${entry.slice('pagelope'.length)}`];
  return typeof target === 'string' ? target : target?.import?.default;
});

const UNIT = [...UNIT_FOLDERS.map((folder) => `tests/${folder}/**/*.test.ts`), ...UNIT_FILES];
const ALWAYS_EXCLUDED = ['**/node_modules/**', 'tests/bench/**'];

/**
 * What each project shares: the fast-check seed of tests/setup.ts, and one module graph per worker, not per file
 * (`isolate: false`): each file's imports (and PGlite's WebAssembly) load once per worker. No test file stubs a
 * global it does not restore or patches a module; tests/setup.ts resets the fast-check configuration before every file.
 */
const shared = { setupFiles: ['tests/setup.ts'], isolate: false, testTimeout: 30_000, hookTimeout: 30_000 };

/**
 * The projects of npm test, the smoke and the date tests run in worker threads rather than child processes: one
 * process, cheaper module loading and messages, about 18% off npm test's wall time on 2 cores (159 s against 181-196 s,
 * measured on 2026-12-06). The extended and servers projects keep vitest's forks: their tests start servers, child
 * processes and signals of their own.
 */
const threads = { ...shared, pool: 'threads' } as const;

/**
 * The test projects (tests/projects.ts says which file is in which). `npm test` runs `unit`, `src` and `smoke`;
 * `npm run test:all` those and then `extended`, `dist` and `servers` with every server this machine has
 * (scripts/test.mjs, scripts/services.mjs); `npm run test:dates` the `dates` project.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two workers even on two cores (vitest's default there is one): many tests wait on sockets, timers and child
    // processes.
    maxWorkers: 2,
    // The default reporter, then the 15 slowest files of the run (CI and `npm test` print it at the end).
    reporters: ['default', './tests/support/slowest-files-reporter.ts'],
    // The files of SLOW_FIRST start first in their project, even without the durations of a previous run.
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        // Pure tests of the core against the sources, and every type test: seconds (`npm run test:unit`).
        resolve: { alias: fromSource },
        test: {
          ...threads,
          name: 'unit',
          include: UNIT,
          exclude: ALWAYS_EXCLUDED,
          // tsc over src/ and the type tests (tsconfig.type-tests.json), about half of `npm run typecheck`, which CI
          // runs over everything.
          typecheck: { enabled: true, include: ['tests/**/*.test-d.ts'], tsconfig: './tsconfig.type-tests.json' },
        },
      },
      {
        // The rest of npm test against the sources: stores, services, adapters, examples, docs, over real HTTP.
        resolve: { alias: fromSource },
        test: {
          ...threads,
          name: 'src',
          include: ['tests/**/*.test.ts'],
          exclude: [
            ...ALWAYS_EXCLUDED,
            ...UNIT,
            ...EXTENDED_FILES,
            ...SMOKE_ONLY_FILES,
            ...DIST_ONLY_FILES,
            'tests/smoke/**',
          ],
        },
      },
      {
        // The built package on every supported Node line: every entry in ESM and CJS, each adapter's HTTP contract
        // on memory, the repository contract on PGlite (`npm run build` first; npm test builds).
        resolve: { alias: fromDist },
        test: { ...threads, name: 'smoke', include: [...SMOKE_FILES], exclude: ALWAYS_EXCLUDED },
      },
      {
        // The smoke's storage leg: the built repository contract (short mode) on PGlite. Not in npm test, whose src
        // project runs the contract in full on PGlite; `npm run test:smoke` and test:extended run it.
        resolve: { alias: fromDist },
        test: { ...threads, name: 'smoke-pglite', include: [...SMOKE_PGLITE_FILES], exclude: ALWAYS_EXCLUDED },
      },
      {
        // npm run test:all only: what needs a server, a browser, a replica, Redis or long runs.
        resolve: { alias: fromSource },
        test: { ...shared, name: 'extended', include: [...EXTENDED_FILES], exclude: ALWAYS_EXCLUDED },
      },
      {
        // npm run test:all only: the examples, clients and adapters again against the built package.
        resolve: { alias: fromDist },
        test: { ...threads, name: 'dist', include: [...DIST_FILES], exclude: [...ALWAYS_EXCLUDED, ...SMOKE_FILES] },
      },
      {
        // npm run test:all only: the files with server legs again, for those legs alone (PAGELOPE_LEGS=servers).
        resolve: { alias: fromSource },
        test: {
          ...shared,
          name: 'servers',
          include: [...SERVER_FILES],
          exclude: [...ALWAYS_EXCLUDED, ...EXTENDED_FILES],
        },
      },
      {
        // npm run test:dates: the date tests, which CI runs in UTC beside the whole suite in Asia/Kolkata.
        resolve: { alias: fromSource },
        test: { ...threads, name: 'dates', include: [...DATE_FILES], exclude: ALWAYS_EXCLUDED },
      },
    ],
  },
});
