/**
 * The declarations of the built package (`npm run build`, which `npm run test:all` runs first; `npm test` builds the
 * JavaScript only): every type file package.json "exports" names exists, the refine types stay imports of
 * @refinedev/core, and the client's declarations, like its JavaScript (tests/smoke/client-entry.test.ts), reach no
 * `node:` module and no package.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reachableImports } from './support/reachable-imports';

const ROOT = join(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');

interface Conditions {
  readonly types: string;
  readonly default: string;
}
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { import: Conditions; require: Conditions }>;
};

const built = (file: string): string => {
  expect(existsSync(join(DIST, file)), `dist/${file} (run npm run build first)`).toBe(true);
  return join(DIST, file);
};

describe('the declarations in dist/ (built by npm run build)', () => {
  it.each(Object.keys(pkg.exports).filter((key) => key !== './package.json'))(
    'maps %s to type files that exist',
    (key) => {
      const entry = pkg.exports[key] as { import: Conditions; require: Conditions };
      for (const conditions of [entry.import, entry.require]) {
        expect(existsSync(join(ROOT, conditions.types)), `${conditions.types} (run npm run build first)`).toBe(true);
      }
    },
  );

  it('keeps the refine types as imports of @refinedev/core, never inlined', () => {
    for (const file of ['refine/index.d.ts', 'refine/index.d.cts']) {
      const source = readFileSync(built(file), 'utf8');
      expect(source).toMatch(/^import (?:type )?\{[^}]*\bDataProvider\b[^}]*\} from '@refinedev\/core';$/m);
      expect(source).not.toMatch(/from 'react'/);
    }
  });

  it.each(['client/index.d.ts', 'client/index.d.cts'])(
    '%s and every declaration file it loads import no node: module and no package',
    (file) => {
      const { specifiers, files } = reachableImports(built(file));
      expect([...specifiers]).toEqual([]);
      expect(files.length).toBeGreaterThan(1);
      for (const each of files) expect(readFileSync(each, 'utf8')).not.toMatch(/\bnode:[a-z]/);
    },
  );

  it('finds a package import in a declaration file when there is one (the check itself can fail)', () => {
    expect([...reachableImports(built('index.d.ts')).specifiers]).toContain('zod');
  });
});
