import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'kit/index': 'src/kit/index.ts',
    'testing/index': 'src/testing/index.ts',
    'postgres/index': 'src/postgres/index.ts',
    'express/index': 'src/adapters/express/index.ts',
    'fastify/index': 'src/adapters/fastify/index.ts',
    'hono/index': 'src/adapters/hono/index.ts',
    'nestjs/index': 'src/adapters/nestjs/index.ts',
    'node/index': 'src/adapters/node/index.ts',
    'client/index': 'src/client/index.ts',
    'refine/index': 'src/refine/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  splitting: true,
  sourcemap: false,
  clean: true,
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
    // pagelope/testing's test runner and property library: the user's own copies too.
    'vitest',
    /^vitest\//,
    'fast-check',
    'pagelope',
    /^pagelope\//,
  ],
});
