import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src');
const ALLOWED_PACKAGES = new Set(['zod', 'uuid']);
/** Beyond zod and uuid: pagelope/postgres, pagelope/drizzle and pagelope/testing use the package's own public entries,
 * by name, pagelope/drizzle drizzle-orm and pagelope/testing the test runner and fast-check (their optional peers). */
const EXTRA_PACKAGES: Readonly<Record<string, readonly string[]>> = {
  sql: ['pagelope/kit'],
  postgres: ['pagelope', 'pagelope/kit'],
  drizzle: [
    'pagelope',
    'pagelope/kit',
    'pagelope/postgres',
    'drizzle-orm',
    'drizzle-orm/pg-core',
    'drizzle-orm/sqlite-core',
    'drizzle-orm/mysql-core',
  ],
  testing: ['pagelope', 'pagelope/kit', 'vitest', 'fast-check'],
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** The source without its comment lines (`// ...` and the ` * ...` lines of block comments), whose examples import. */
function withoutComments(source: string): string {
  return source.replace(/^\s*(?:\/\/|\/\*|\*).*$/gm, '');
}

/** The module specifiers a source file imports or re-exports (static and dynamic), read by TypeScript's own scanner. */
function importsOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);
}

describe('src/', () => {
  it('imports nothing but relative modules, zod and uuid (no framework or driver), adapters and refine aside', () => {
    const offenders: string[] = [];
    const edges = ['adapters', 'refine'];
    for (const file of files(SRC).filter((path) => !edges.some((edge) => relative(SRC, path).startsWith(edge)))) {
      const extra = EXTRA_PACKAGES[relative(SRC, file).split('/')[0] ?? ''] ?? [];
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        if (specifier.startsWith('.') || extra.includes(specifier)) continue;
        const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
        if (!ALLOWED_PACKAGES.has(name ?? '')) offenders.push(`${relative(SRC, file)}: ${specifier}`);
      }
    }
    expect(files(SRC).length).toBeGreaterThan(10);
    expect(offenders).toEqual([]);
  });

  it('detects a framework import (the check itself can fail)', () => {
    expect(importsOf("import express from 'express';\nconst x = await import('fastify');")).toEqual([
      'express',
      'fastify',
    ]);
  });
});

/** The packages each adapter may import besides `pagelope` itself (type-only imports included). */
const ADAPTER_PACKAGES: Readonly<Record<string, readonly string[]>> = {
  express: ['express'],
  fastify: ['fastify'],
  hono: ['hono', '@hono/node-server'],
  nestjs: ['@nestjs/common', '@nestjs/core'],
  node: [],
};

describe('src/adapters/', () => {
  it.each(Object.entries(ADAPTER_PACKAGES))(
    'pagelope/%s imports only its own framework, node: builtins, pagelope, pagelope/http (and src/http) and pagelope/node',
    (adapter, own) => {
      const offenders: string[] = [];
      for (const file of files(join(SRC, 'adapters', adapter))) {
        for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
          if (specifier.startsWith('./') || specifier.startsWith('node:')) continue;
          // The edge's helpers that one adapter uses: src/http by path, not exported (issue 33).
          if (/^\.\.\/\.\.\/http\/[a-z-]+$/.test(specifier)) continue;
          if (specifier === 'pagelope' || specifier === 'pagelope/http' || specifier === 'pagelope/node') continue;
          const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
          if (!own.includes(name ?? '')) offenders.push(`${relative(SRC, file)}: ${specifier}`);
        }
      }
      expect(offenders).toEqual([]);
    },
  );

  it.each(Object.keys(ADAPTER_PACKAGES))(
    // 374: the largest today (nestjs; express 339, fastify 368, hono 367), issue 33 aims at 60-150.
    'pagelope/%s is translation only: at most 7 files and 374 lines',
    (adapter) => {
      const sources = files(join(SRC, 'adapters', adapter));
      const lines = sources.reduce((sum, file) => sum + readFileSync(file, 'utf8').split('\n').length - 1, 0);
      expect(sources.length).toBeLessThanOrEqual(7);
      expect(lines).toBeLessThanOrEqual(374);
    },
  );
});

/** The specifiers a file loads at run time: `import`/`export ... from` but not `import type`/`export type`. */
function runtimeImports(source: string): string[] {
  const found: string[] = [];
  for (const match of withoutComments(source).matchAll(
    /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[\s\S]*?\bfrom\s*)?['"]([^'"]+)['"]/g,
  )) {
    found.push(match[1] ?? '');
  }
  return found;
}

/** The source files `entry` loads at run time, transitively through relative imports, and the packages they load. */
function runtimeClosure(entry: string): { files: string[]; packages: string[] } {
  const files: string[] = [];
  const packages: string[] = [];
  const visit = (file: string): void => {
    if (files.includes(file)) return;
    files.push(file);
    for (const specifier of runtimeImports(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) packages.push(`${relative(SRC, file)}: ${specifier}`);
      else {
        const base = resolve(dirname(file), specifier);
        visit(existsSync(`${base}.ts`) ? `${base}.ts` : join(base, 'index.ts'));
      }
    }
  };
  visit(entry);
  return { files, packages };
}

describe('src/client/', () => {
  it('loads at run time no package and, of the library, only the zod-free errors, fields and internal modules', () => {
    const { files, packages } = runtimeClosure(join(SRC, 'client', 'index.ts'));
    expect(packages).toEqual([]);
    const outside = files.map((file) => relative(SRC, file)).filter((file) => !file.startsWith('client'));
    expect(outside).toContain(join('errors', 'http-error.ts'));
    expect(outside).toContain(join('fields', 'operators.ts'));
    for (const file of outside) expect(/^(errors|fields|internal)\//.test(file), file).toBe(true);
    expect(outside).toContain(join('internal', 'random-uuid.ts'));
  });

  it('detects a runtime import and ignores type-only ones (the check itself can fail)', () => {
    const source =
      "import type { z } from 'zod';\nexport type { A } from './a';\nimport { v4 } from 'uuid';\nimport 'node:fs';";
    expect(runtimeImports(source)).toEqual(['uuid', 'node:fs']);
    expect(runtimeClosure(join(SRC, 'index.ts')).packages.join('\n')).toMatch(/: zod$/m);
    expect(
      runtimeImports("/**\n * @example\n * import { a } from 'b';\n */\n// import 'c';\nexport * from 'd';"),
    ).toEqual(['d']);
  });
});

/** What src/refine may import: its own files, pagelope/client, and (type-only, see below) the root and refine. */
const REFINE_SPECIFIERS: ReadonlySet<string> = new Set(['pagelope/client', 'pagelope', '@refinedev/core']);

describe('src/refine/', () => {
  it('imports only its own files, pagelope/client, and types from pagelope and @refinedev/core', () => {
    const offenders: string[] = [];
    for (const file of files(join(SRC, 'refine'))) {
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        if (!specifier.startsWith('./') && !REFINE_SPECIFIERS.has(specifier)) {
          offenders.push(`${relative(SRC, file)}: ${specifier}`);
        }
      }
    }
    expect(files(join(SRC, 'refine')).length).toBeGreaterThan(3);
    expect(offenders).toEqual([]);
  });

  it('loads at run time its own files and pagelope/client only: neither refine, React nor the root entry', () => {
    const { files: loaded, packages } = runtimeClosure(join(SRC, 'refine', 'index.ts'));
    expect(loaded.map((file) => relative(SRC, file)).filter((file) => !file.startsWith('refine'))).toEqual([]);
    expect(packages.map((entry) => entry.split(': ')[1])).toContain('pagelope/client');
    expect([...new Set(packages.map((entry) => entry.split(': ')[1]))]).toEqual(['pagelope/client']);
  });
});
