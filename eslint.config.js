import tseslint from 'typescript-eslint';

const FRAMEWORKS_AND_DRIVERS = [
  'express',
  'express-*',
  'fastify',
  '@fastify/*',
  'hono',
  'hono/*',
  'hono-*',
  '@hono/*',
  '@nestjs/*',
  'koa',
  'pg',
  'pg-*',
  '@electric-sql/*',
  'postgres',
  'mysql*',
  'redis',
  'ioredis',
  'typeorm',
  'knex',
  'drizzle-orm',
  'drizzle-orm/*',
];

/** The framework patterns each adapter may import. */
const ADAPTER_FRAMEWORKS = {
  express: ['express'],
  fastify: ['fastify'],
  hono: ['hono', 'hono/*', '@hono/*'],
  nestjs: ['@nestjs/*'],
  node: [],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.tmp/**'] },
  ...tseslint.configs.strict,
  {
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-invalid-void-type': 'off',
      '@typescript-eslint/no-dynamic-delete': 'off',
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/adapters/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: FRAMEWORKS_AND_DRIVERS, message: 'src/ stays free of framework and driver imports.' }] },
      ],
    },
  },
  // pagelope/drizzle imports drizzle-orm (its optional peer dependency), no driver, and the public entries by name.
  {
    files: ['src/drizzle/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Anchored (`/pg-*`): unanchored, `pg-*` and `postgres` would match `drizzle-orm/pg-core` and `pagelope/postgres`.
              group: FRAMEWORKS_AND_DRIVERS.filter((pattern) => !pattern.startsWith('drizzle-orm')).map(
                (pattern) => `/${pattern}`,
              ),
              message:
                'pagelope/drizzle imports drizzle-orm and no driver: the driver is the one the Drizzle database has.',
            },
            {
              // The SQL engine (src/sql) aside: it is the engine both SQL adapters share, on `pagelope/kit` alone.
              regex: '^\\.\\./(?!(\\.\\./)?sql/index$)',
              message:
                'pagelope/drizzle uses the public entries (`pagelope/postgres`) and the SQL engine, not internals.',
            },
          ],
        },
      ],
    },
  },
  // Each adapter imports only its own framework (and the package's public entries, by name).
  ...Object.entries(ADAPTER_FRAMEWORKS).map(([adapter, own]) => ({
    files: [`src/adapters/${adapter}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: FRAMEWORKS_AND_DRIVERS.filter((pattern) => !own.includes(pattern)),
              message: `pagelope/${adapter} imports only its own framework.`,
            },
            {
              // The edge's helpers used by one adapter are imported from src/http by path, not exported (issue 33).
              group: ['../../*', '!../../adapters', '!../../http'],
              message: 'Adapters use the public entries (`pagelope`) and src/http, not other internals.',
            },
          ],
        },
      ],
    },
  })),
  // pagelope/client runs in browsers, Deno and Bun: no Node builtin, no zod or uuid, and at run time nothing of the
  // library but the errors and fields modules (the HttpError class and the operator table, both free of zod); types may come from its modules.
  {
    files: ['src/client/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'pagelope/client runs in browsers: no Node builtins.' },
            {
              regex: '^(?!node:)[^./]',
              message: 'pagelope/client imports no package: neither zod nor uuid, nor any other.',
            },
            {
              regex: '^\\.\\./(?!errors/index$|fields/index$|internal/index$)',
              allowTypeImports: true,
              message:
                'pagelope/client imports at run time only its own files and the modules free of zod and uuid: ../errors, ../fields, ../internal.',
            },
          ],
        },
      ],
    },
  },
  // pagelope/refine runs where refine runs (browsers): at run time it loads pagelope/client alone, by name, as a third
  // party would; refine and the root entry give it types only, so neither refine, React nor zod is loaded.
  {
    files: ['src/refine/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'pagelope/refine runs in browsers: no Node builtins.' },
            {
              regex: '^(?!node:|pagelope$|pagelope/client$|@refinedev/core$)[^./]',
              message: 'pagelope/refine imports only pagelope/client, and types from pagelope and @refinedev/core.',
            },
            {
              regex: '^(pagelope|@refinedev/core)$',
              allowTypeImports: true,
              message: 'pagelope/refine imports only types from pagelope and @refinedev/core (import type).',
            },
            { regex: '^\\.\\./', message: 'pagelope/refine uses the public entries (pagelope/client), not internals.' },
          ],
        },
      ],
    },
  },
  {
    files: ['tests/**/*.ts', 'examples/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-extraneous-class': 'off' },
  },
);
