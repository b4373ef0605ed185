import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src');
const ALLOWED_PACKAGES = new Set(['zod', 'uuid']);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function importsOf(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) found.push(match[1] ?? '');
  return found;
}

describe('src/', () => {
  it('imports nothing but relative modules, zod and uuid (no framework or driver), adapters aside', () => {
    const offenders: string[] = [];
    for (const file of files(SRC).filter((path) => !relative(SRC, path).startsWith('adapters'))) {
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        if (specifier.startsWith('.')) continue;
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
    'pagelope/%s imports only its own framework, node: builtins and the public entries by name',
    (adapter, own) => {
      const offenders: string[] = [];
      for (const file of files(join(SRC, 'adapters', adapter))) {
        for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
          if (specifier.startsWith('./') || specifier.startsWith('node:')) continue;
          if (specifier === 'pagelope' || specifier.startsWith('pagelope/')) continue;
          const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
          if (!own.includes(name ?? '')) offenders.push(`${relative(SRC, file)}: ${specifier}`);
        }
      }
      expect(offenders).toEqual([]);
    },
  );
});
