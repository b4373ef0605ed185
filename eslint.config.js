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
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: FRAMEWORKS_AND_DRIVERS, message: 'src/ stays free of framework and driver imports.' }] },
      ],
    },
  },
  {
    files: ['tests/**/*.ts', 'examples/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-extraneous-class': 'off' },
  },
);
