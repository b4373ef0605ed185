import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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

/** The quick benchmark runs in CI as a step of its own (`vitest.bench.config.ts`), not in `npm test`. */
const BENCH = 'tests/bench/**';
/**
 * The docs-snippet tests of the adapters run each snippet with `node --import tsx` and type-check it with tsc, which
 * resolve `pagelope` to the sources through tsconfig.json whatever the project: against `dist/` they would run the
 * very same thing again.
 */
const ADAPTER_DOCS = 'tests/adapters/**/*docs.test.ts';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two workers even on two cores (vitest's default there is one): many tests wait on sockets, timers and child
    // processes, and the type check runs beside them.
    maxWorkers: 2,
    projects: [
      {
        // Every test against the sources, type tests included.
        resolve: { alias: fromSource },
        test: {
          name: 'src',
          include: ['tests/**/*.test.ts'],
          exclude: ['**/node_modules/**', BENCH],
          setupFiles: ['tests/setup.ts'],
          // Under npm test: the declarations build beside the tests (scripts/test.mjs).
          globalSetup: ['tests/global-setup.ts'],
          // One module graph per worker, not per file: each file's imports (and PGlite's WebAssembly) load once per
          // worker. No test file stubs a global it does not restore or patches a module; tests/setup.ts resets the
          // fast-check configuration before every file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
          typecheck: { enabled: true, include: ['tests/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
        },
      },
      {
        // The framework examples and the export snapshot again, against the built package (`npm run build` first).
        resolve: { alias: fromDist },
        test: {
          name: 'dist',
          include: [
            'tests/examples/**/*.test.ts',
            'tests/adapters/**/*.test.ts',
            'tests/exports.test.ts',
            // The built client against the four demos on the built package.
            'tests/client/client-demo.test.ts',
            // The built refine provider against the four demos on the built package.
            'tests/refine/refine-demo.test.ts',
            // The built pagelope/testing suite against a repository written on the built pagelope and pagelope/kit.
            'tests/kit/array-repository.test.ts',
          ],
          exclude: ['**/node_modules/**', ADAPTER_DOCS],
          setupFiles: ['tests/setup.ts'],
          // One module graph per worker, not per file: each file's imports (and PGlite's WebAssembly) load once per
          // worker. No test file stubs a global it does not restore or patches a module; tests/setup.ts resets the
          // fast-check configuration before every file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
