import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const ADAPTERS = ['express', 'fastify', 'hono', 'nestjs', 'node'] as const;
// Subpaths first: an alias `pagelope` would otherwise also match `pagelope/express`.
const fromSource = {
  'pagelope/kit': `${root}src/kit/index.ts`,
  'pagelope/testing': `${root}src/testing/index.ts`,
  'pagelope/postgres': `${root}src/postgres/index.ts`,
  'pagelope/client': `${root}src/client/index.ts`,
  'pagelope/refine': `${root}src/refine/index.ts`,
  ...Object.fromEntries(ADAPTERS.map((name) => [`pagelope/${name}`, `${root}src/adapters/${name}/index.ts`])),
  pagelope: `${root}src/index.ts`,
};
const fromDist = {
  'pagelope/kit': `${root}dist/kit/index.js`,
  'pagelope/testing': `${root}dist/testing/index.js`,
  'pagelope/postgres': `${root}dist/postgres/index.js`,
  'pagelope/client': `${root}dist/client/index.js`,
  'pagelope/refine': `${root}dist/refine/index.js`,
  ...Object.fromEntries(ADAPTERS.map((name) => [`pagelope/${name}`, `${root}dist/${name}/index.js`])),
  pagelope: `${root}dist/index.js`,
};

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        // Every test against the sources, type tests included.
        resolve: { alias: fromSource },
        test: {
          name: 'src',
          include: ['tests/**/*.test.ts'],
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
          ],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
