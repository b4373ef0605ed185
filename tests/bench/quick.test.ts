import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK } from '../../bench/config';
import type { RunResult } from '../../bench/run';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WORKLOADS = ['W1', 'W2', 'W3', 'W4', 'Memory', 'Relations'] as const;

// Checks that the suite works end to end at the quick sizes; it never asserts timings or targets.
describe('npm run bench -- --quick', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pagelope-bench-'));
  let result: RunResult;
  let stdout = '';

  beforeAll(() => {
    const json = join(dir, 'quick.json');
    stdout = execFileSync(
      process.execPath,
      ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', 'bench/run.ts', '--quick', '--json', json],
      { cwd: ROOT, encoding: 'utf8', timeout: 480_000, maxBuffer: 16 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    result = JSON.parse(readFileSync(json, 'utf8')) as RunResult;
  }, 500_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(WORKLOADS.map((workload) => ({ workload })))('returns at least one table for $workload', ({ workload }) => {
    expect(result.tables.filter((table) => table.workload === workload).length).toBeGreaterThan(0);
  });

  it('returns finite positive figures for every implementation of every table', () => {
    for (const table of result.tables) {
      expect(table.rows.length, table.id).toBeGreaterThan(0);
      for (const row of table.rows) {
        const label = `${table.id} / ${row.name}`;
        expect(Number.isFinite(row.median) && row.median > 0, `${label}: median ${row.median}`).toBe(true);
        expect(row.samples, label).toBeGreaterThan(0);
        if (row.p25 !== undefined && row.p75 !== undefined) {
          expect(Number.isFinite(row.p25) && Number.isFinite(row.p75) && row.p25 <= row.p75, label).toBe(true);
        }
      }
    }
  });

  it('returns every implementation the issue names in W1, W2 (each query), W3 (each query) and W4', () => {
    const names = (id: string): string[] =>
      result.tables.find((table) => table.id === id)?.rows.map((row) => row.name) ?? [];
    expect(names('w1-valid')).toEqual([
      'pagelope parseListQuery',
      'qs + zod',
      '@nestjsx/crud-request',
      'URLSearchParams by hand',
    ]);
    expect(names('w1-invalid')).toHaveLength(4);
    for (const q of ['q1', 'q2', 'q3', 'q4']) {
      const rows = names(`w2-${QUICK.listSizes[0]}-${q}`);
      expect(rows, q).toEqual(
        expect.arrayContaining([
          'pagelope memory repository',
          'naive filter+sort+slice',
          'lodash chain',
          'mingo',
          'json-server 0.17 list logic',
        ]),
      );
      expect(rows.includes('one linear scan'), q).toBe(q === 'q1' || q === 'q4');
    }
    expect(names('w2-load')).toHaveLength(1);
    expect(names('w2-create')).toHaveLength(1);
    // W3: each adapter's minimal app beside its framework's bare route, the example-versus-example pair and the two
    // peers on the sorted page; in quick mode q1 runs only on the rows its targets read.
    expect(names('w3-sorted')).toEqual([
      'pagelope Fastify adapter, minimal app',
      'bare Fastify route, precomputed page',
      'pagelope Express adapter, minimal app',
      'bare Express route, precomputed page',
      'pagelope Hono adapter, minimal app',
      'bare Hono route, precomputed page',
      'pagelope NestJS adapter, minimal app',
      'bare NestJS route, precomputed page',
      'Fastify example on the adapter (whole app, rate limiter)',
      'hand-wired Fastify example (before the adapters, rate limiter)',
      'Fastify route, naive filter+sort+slice',
      'json-server 0.17',
    ]);
    expect(names('w3-q1')).toEqual([
      'pagelope Fastify adapter, minimal app',
      'Fastify route, naive filter+sort+slice',
      'json-server 0.17',
    ]);
    for (const c of ['http-error', 'validation', 'unknown'])
      expect(names(`w4-${c}`), c).toEqual(['errorResponse', 'hand-built object']);
    expect(names('memory')).toHaveLength(2);
    expect(names('relations-memory')).toEqual([
      'service list `limit=20` (plain page)',
      'service list `include=author&limit=20`',
      'service list `author.fullName[cont]=Kafka&limit=20`',
    ]);
  });

  it('returns the same page as pagelope from every peer that sorts (W2 lists) and from every W3 server', () => {
    for (const table of result.tables.filter((t) => t.extraColumns?.includes('same page'))) {
      const compared = table.rows.filter(
        (r) =>
          (r.role !== 'floor' || table.workload === 'W3') &&
          r.extra?.['same page'] !== undefined &&
          !r.extra['same page'].startsWith('n/a'),
      );
      expect(compared.length, table.id).toBeGreaterThan(1);
      for (const row of compared) {
        expect(row.extra?.['same page'], `${table.id} / ${row.name}`).toBe('✓');
      }
    }
  });

  it('returns the relation pages checked against the plain page before timing', () => {
    const rows = result.tables.find((table) => table.id === 'relations-memory')?.rows ?? [];
    expect(rows.map((row) => row.extra?.['check'])).toEqual(['✓', '✓', '✓']);
  });

  it('checks every target of the issue with a measured figure', () => {
    expect(result.targets.length).toBe(24);
    for (const check of result.targets) {
      expect(typeof check.met, check.target).toBe('boolean');
      expect(check.measured, check.target).not.toBe('—');
    }
  });

  it('prints each adapter ÷ floor in req/s in the W3 sorted table, with no rate limiter on either side', () => {
    const notes = result.tables.find((table) => table.id === 'w3-sorted')?.notes ?? [];
    const note = notes.find((each) => each.includes('no rate limiter on either side')) ?? '';
    for (const framework of ['Fastify', 'Express', 'Hono', 'NestJS']) {
      expect(note, framework).toMatch(new RegExp(`${framework} [\\d,.]+ / [\\d,.]+ req/s = [\\d,.]+×`));
    }
  });

  it('prints one Markdown table per table and the Targets table', () => {
    expect(stdout.match(/^#### /gm)?.length).toBe(result.tables.length);
    expect(stdout).toContain('### Targets');
  });
});
