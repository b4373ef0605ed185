import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIST = join(import.meta.dirname, '..', '..', 'dist');
const RUNTIME_PACKAGES = new Set(['zod', 'uuid']);

/** The built file of one of the package's own entries (`pagelope`, `pagelope/kit`), in the format of `from`. */
function ownEntry(specifier: string, from: string): string | undefined {
  const match = /^pagelope(?:\/(kit))?$/.exec(specifier);
  if (!match) return undefined;
  return join(DIST, match[1] ?? '', from.endsWith('.cjs') ? 'index.cjs' : 'index.js');
}

/**
 * Every bare specifier the file and the files it imports relatively (its chunks) load, transitively. With `follow`,
 * the package's own root and kit entries, which pagelope/postgres imports by name, are followed into dist/ too.
 */
function bareImports(entry: string, follow = false): Set<string> {
  const seen = new Set<string>();
  const found = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    // `from` as a statement's keyword only: after white space or `}`, not inside SQL text (`"from" AS "from"`) or a
    // property name (`row['from']`).
    for (const match of source.matchAll(
      /(?:(?:^|[\s}])from\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g,
    )) {
      const specifier = match[1] ?? '';
      const own = follow ? ownEntry(specifier, file) : undefined;
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
      else if (own) visit(own);
      else found.add(specifier);
    }
  };
  visit(entry);
  return found;
}

describe('dist/ (built by npm run build)', () => {
  it.each([
    'index.js',
    'index.cjs',
    'kit/index.js',
    'kit/index.cjs',
    'postgres/index.js',
    'postgres/index.cjs',
    'client/index.js',
    'client/index.cjs',
  ])('%s loads no web framework and no driver', (file) => {
    expect(existsSync(join(DIST, file)), 'run npm run build first').toBe(true);
    const packages = [...bareImports(join(DIST, file), true)].filter((name) => !name.startsWith('node:'));
    expect(packages.filter((name) => !RUNTIME_PACKAGES.has(name))).toEqual([]);
  });

  it.each(['refine/index.js', 'refine/index.cjs'])(
    '%s loads pagelope/client and no other package: neither refine, React nor zod',
    (file) => {
      expect(existsSync(join(DIST, file)), 'run npm run build first').toBe(true);
      expect([...bareImports(join(DIST, file))]).toEqual(['pagelope/client']);
    },
  );

  it('finds a framework import when there is one (the check itself can fail)', () => {
    expect(existsSync(join(DIST, 'express', 'index.js')), 'run npm run build first').toBe(true);
    const adapter = [...bareImports(join(DIST, 'express', 'index.js'))];
    expect(adapter).toContain('express');
    expect(adapter).toContain('pagelope');
  });
});

interface Conditions {
  readonly types: string;
  readonly default: string;
}

describe('package.json exports', () => {
  const pkg = JSON.parse(readFileSync(join(DIST, '..', 'package.json'), 'utf8')) as {
    exports: Record<string, string | { import: Conditions; require: Conditions }>;
  };

  it('maps ./client to the client build with nested import and require conditions, types first', () => {
    expect(pkg.exports['./client']).toStrictEqual({
      import: { types: './dist/client/index.d.ts', default: './dist/client/index.js' },
      require: { types: './dist/client/index.d.cts', default: './dist/client/index.cjs' },
    });
  });

  it('maps ./refine to the refine build with nested import and require conditions, types first', () => {
    expect(pkg.exports['./refine']).toStrictEqual({
      import: { types: './dist/refine/index.d.ts', default: './dist/refine/index.js' },
      require: { types: './dist/refine/index.d.cts', default: './dist/refine/index.cjs' },
    });
  });

  it.each(Object.keys(pkg.exports).filter((key) => key !== './package.json'))(
    'maps %s to JavaScript files that exist in dist/ (tests/declarations.test.ts checks the types)',
    (key) => {
      const entry = pkg.exports[key] as { import: Conditions; require: Conditions };
      for (const conditions of [entry.import, entry.require]) {
        expect(Object.keys(conditions)).toEqual(['types', 'default']);
        expect(
          existsSync(join(DIST, '..', conditions.default)),
          `${conditions.default} (run npm run build first)`,
        ).toBe(true);
      }
    },
  );
});

describe('dist/postgres (built by npm run build)', () => {
  it.each(['postgres/index.js', 'postgres/index.cjs'])(
    '%s loads pagelope/kit alone of the package, by name, as a third-party repository would',
    (file) => {
      const direct = [...bareImports(join(DIST, file))];
      expect(direct).not.toContain('pagelope');
      expect(direct).toContain('pagelope/kit');
      expect(direct.filter((name) => !RUNTIME_PACKAGES.has(name) && !name.startsWith('pagelope'))).toEqual([]);
    },
  );
});

describe('dist/drizzle (built by npm run build)', () => {
  it.each(['drizzle/index.js', 'drizzle/index.cjs'])(
    '%s loads drizzle-orm, its pg-core, sqlite-core and mysql-core and the public entries of the package by name, and no driver',
    (file) => {
      expect(existsSync(join(DIST, file)), 'run npm run build first').toBe(true);
      const direct = [...bareImports(join(DIST, file))].filter((name) => !RUNTIME_PACKAGES.has(name)).sort();
      expect(direct).toEqual([
        'drizzle-orm',
        'drizzle-orm/mysql-core',
        'drizzle-orm/pg-core',
        'drizzle-orm/sqlite-core',
        'pagelope',
        'pagelope/kit',
        'pagelope/postgres',
      ]);
    },
  );

  it.each(['index.js', 'index.cjs', 'postgres/index.js', 'postgres/index.cjs'])(
    '%s loads nothing of drizzle-orm',
    (file) => {
      const packages = [...bareImports(join(DIST, file), true)];
      expect(packages.filter((name) => name.startsWith('drizzle-orm'))).toEqual([]);
    },
  );
});

describe('dist/node (built by npm run build)', () => {
  it.each(['express', 'fastify', 'hono', 'nestjs'].flatMap((name) => [`${name}/index.js`, `${name}/index.cjs`]))(
    '%s reaches the request context through pagelope/node, by name (one store, not a copy of its own)',
    (file) => {
      expect(existsSync(join(DIST, file)), 'run npm run build first').toBe(true);
      expect([...bareImports(join(DIST, file), false)]).toContain('pagelope/node');
      expect([...bareImports(join(DIST, file), false)]).not.toContain('node:async_hooks');
    },
  );

  it.each(['index.js', 'index.cjs', 'http/index.js', 'http/index.cjs', 'client/index.js', 'client/index.cjs'])(
    '%s loads no node:async_hooks',
    (file) => {
      expect([...bareImports(join(DIST, file), true)]).not.toContain('node:async_hooks');
    },
  );

  it('shares one request context between the ESM and the CJS build', () => {
    const script = [
      `const { currentCorrelationId } = require(${JSON.stringify(join(DIST, 'node', 'index.cjs'))});`,
      `import(${JSON.stringify(pathToFileURL(join(DIST, 'node', 'index.js')).href)}).then((esm) => {`,
      "  console.log(esm.runInRequestContext({ correlationId: 'dual-1' }, () => currentCorrelationId()));",
      '});',
    ].join('\n');
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('dual-1');
  });
});
