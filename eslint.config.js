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
              group: ['../../*', '!../../adapters'],
              message: 'Adapters use the public entries (`pagelope`), not internals.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['tests/**/*.ts', 'examples/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-extraneous-class': 'off' },
  },
);
