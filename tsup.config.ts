import { defineConfig } from 'tsup';

/**
 * `PAGELOPE_BUILD=js` builds the JavaScript only and `PAGELOPE_BUILD=dts` the declarations only, into the same dist/
 * without cleaning it: `npm test` (scripts/test.mjs) builds the JavaScript first and the declarations beside the tests.
 * Unset (`npm run build`): both.
 */
const only = process.env['PAGELOPE_BUILD'];

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'http/index': 'src/http/index.ts',
    'kit/index': 'src/kit/index.ts',
    'testing/index': 'src/testing/index.ts',
    'postgres/index': 'src/postgres/index.ts',
    'drizzle/index': 'src/drizzle/index.ts',
    'express/index': 'src/adapters/express/index.ts',
    'fastify/index': 'src/adapters/fastify/index.ts',
    'hono/index': 'src/adapters/hono/index.ts',
    'nestjs/index': 'src/adapters/nestjs/index.ts',
    'node/index': 'src/adapters/node/index.ts',
    'client/index': 'src/client/index.ts',
    'refine/index': 'src/refine/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: only === 'js' ? false : only === 'dts' ? { only: true } : true,
  splitting: true,
  sourcemap: false,
  clean: only !== 'dts',
  treeshake: true,
  target: 'node20',
  // Frameworks (and refine) stay the user's own copies (optional peer dependencies), never bundled.
  external: [
    'express',
    'fastify',
    'hono',
    /^hono\//,
    /^@hono\//,
    /^@nestjs\//,
    /^@refinedev\//,
    // pagelope/drizzle's ORM: the user's own copy (an optional peer dependency), whose tables it must recognise.
    'drizzle-orm',
    /^drizzle-orm\//,
    // pagelope/testing's test runner and property library: the user's own copies too.
    'vitest',
    /^vitest\//,
    'fast-check',
    'pagelope',
    /^pagelope\//,
  ],
});
