import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', 'postgres/index': 'src/postgres/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  splitting: true,
  sourcemap: false,
  clean: true,
  treeshake: true,
  target: 'node20',
});
