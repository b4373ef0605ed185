import { defineConfig } from 'vitest/config';

/**
 * The quick benchmark (`tests/bench/`): `npm run bench -- --quick` end to end, about 40 s, so it runs in CI as a step
 * of its own (`npx vitest run --config vitest.bench.config.ts`, in `.ci/run`) and not in `npm test`.
 */
export default defineConfig({
  test: {
    name: 'bench',
    include: ['tests/bench/**/*.test.ts'],
    setupFiles: ['tests/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
