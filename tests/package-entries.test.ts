import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIST = join(import.meta.dirname, '..', 'dist');
const RUNTIME_PACKAGES = new Set(['zod', 'uuid']);

/** Every bare specifier the file and the files it imports relatively (its chunks) load, transitively. */
function bareImports(entry: string): Set<string> {
  const seen = new Set<string>();
  const found = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g)) {
      const specifier = match[1] ?? '';
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
      else found.add(specifier);
    }
  };
  visit(entry);
  return found;
}

describe('dist/ (built by npm run build)', () => {
  it.each(['index.js', 'index.cjs', 'postgres/index.js', 'postgres/index.cjs'])(
    '%s loads no web framework and no driver',
    (file) => {
      expect(existsSync(join(DIST, file)), 'run npm run build first').toBe(true);
      const packages = [...bareImports(join(DIST, file))].filter((name) => !name.startsWith('node:'));
      expect(packages.filter((name) => !RUNTIME_PACKAGES.has(name))).toEqual([]);
    },
  );

  it('finds a framework import when there is one (the check itself can fail)', () => {
    expect(existsSync(join(DIST, 'express', 'index.js')), 'run npm run build first').toBe(true);
    const adapter = [...bareImports(join(DIST, 'express', 'index.js'))];
    expect(adapter).toContain('express');
    expect(adapter).toContain('pagelope');
  });
});
