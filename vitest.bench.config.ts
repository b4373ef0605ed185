import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
/** `pagelope[/<entry>]` to its source file, as tsconfig.json's "paths" (which tsx uses in the bench) name it. */
const paths = (
  JSON.parse(readFileSync(`${root}tsconfig.json`, 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } }
).compilerOptions.paths;
const alias = Object.entries(paths)
  // Subpaths first: an alias `pagelope` would otherwise also match `pagelope/express`.
  .sort(([a], [b]) => b.length - a.length)
  .map(([find, [target = '']]) => ({ find: new RegExp(`^${find}$`), replacement: `${root}${target.slice(2)}` }));

/**
 * The quick benchmark (`tests/bench/`): `npm run bench -- --quick` end to end, about 40 s, so it runs in CI as a step
 * of its own (`npx vitest run --config vitest.bench.config.ts`, in `.ci/run`) and not in `npm test`; beside it, the
 * check that W3's adapter apps serve their floors' pages, on the sources as the bench runs them.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    name: 'bench',
    include: ['tests/bench/**/*.test.ts'],
    setupFiles: ['tests/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
