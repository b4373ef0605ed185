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
  it('imports nothing but relative modules, zod and uuid (no framework or driver)', () => {
    const offenders: string[] = [];
    for (const file of files(SRC)) {
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
