/**
 * Every entry of package.json "exports", loaded from dist/ in ESM (`import`) and in CommonJS (`require`) by the Node
 * running the tests: both formats load, export the same names, and export what the entry's source exports. The
 * smoke project runs this on every supported Node line (.ci/run).
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);

interface Conditions {
  readonly default: string;
}
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { import: Conditions; require: Conditions }>;
};
const tsconfig = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')) as {
  compilerOptions: { paths: Record<string, string[]> };
};

const ENTRIES = Object.entries(pkg.exports)
  .filter(([key]) => key !== './package.json')
  .map(([key, value]) => {
    const conditions = value as { import: Conditions; require: Conditions };
    const specifier = `pagelope${key.slice(1)}`;
    const source = tsconfig.compilerOptions.paths[specifier]?.[0];
    if (source === undefined) throw new Error(`tsconfig.json names no source for ${specifier}`);
    return { specifier, esm: conditions.import.default, cjs: conditions.require.default, source };
  });

const namesOf = (module: object): string[] =>
  Object.keys(module)
    .filter((name) => name !== 'default' && name !== '__esModule' && name !== 'module.exports')
    .sort();

describe('the built entries', () => {
  it('lists every entry, thirteen of them', () => {
    expect(ENTRIES.map((entry) => entry.specifier)).toContain('pagelope/nestjs');
    expect(ENTRIES.length).toBe(13);
  });

  it.each(ENTRIES)('loads $specifier in ESM and CJS with the same names as its source', async (entry) => {
    const esm = (await import(pathToFileURL(join(ROOT, entry.esm)).href)) as object;
    const source = (await import(pathToFileURL(join(ROOT, entry.source)).href)) as object;
    expect(namesOf(esm).length).toBeGreaterThan(0);
    expect(namesOf(esm)).toEqual(namesOf(source));
    // pagelope/testing's CommonJS build requires vitest, which refuses require() inside a vitest run.
    if (entry.specifier === 'pagelope/testing') return;
    const cjs = require(join(ROOT, entry.cjs)) as object;
    expect(namesOf(cjs)).toEqual(namesOf(source));
  });
});
