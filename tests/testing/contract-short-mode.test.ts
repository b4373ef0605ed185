import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMemoryRepository } from 'pagelope';
import type { RepositoryContractOptions, RepositoryFactory } from 'pagelope/testing';
import { describe, expect, it } from 'vitest';
import { createContractContext } from '../../src/testing/contract-context';
import { OPERATOR_ROWS } from '../../src/testing/operator-rows';
import { relationRunsOf } from '../../src/testing/relation-contract';
import { sampleRows, SHORT_RUNS, SHORT_STRIDE, shortOffsetOf } from '../../src/testing/sample-rows';

const factory: RepositoryFactory = (resource, records) => createMemoryRepository(resource, { records });

/** Names of the legs the project runs the contract on. */
const LEG_NAMES = [
  'createMemoryRepository',
  'createPostgresRepository on PGlite',
  'createPostgresRepository on PostgreSQL server',
  'createDrizzleRepository on PGlite',
  'createDrizzleRepository on better-sqlite3',
  'createDrizzleRepository on node:sqlite',
  'createDrizzleRepository on libsql',
  'createDrizzleRepository on MariaDB',
];

/** A table of `length` distinct rows. */
const table = (length: number): { readonly n: number }[] => Array.from({ length }, (_, n) => ({ n }));

describe('shortOffsetOf', () => {
  it.each([
    { name: 'createMemoryRepository', offset: 1 },
    { name: 'createPostgresRepository on a replica', offset: 0 },
    { name: 'createDrizzleRepository on libsql', offset: 2 },
  ])('returns $offset for $name, on every call', ({ name, offset }) => {
    expect(shortOffsetOf(name)).toBe(offset);
    expect(shortOffsetOf(name)).toBe(offset);
  });

  it('returns every offset for the names of the legs, so that they sample different rows', () => {
    const offsets = new Set(LEG_NAMES.map(shortOffsetOf));
    expect([...offsets].sort()).toStrictEqual(Array.from({ length: SHORT_STRIDE }, (_, i) => i));
  });

  it.each(['', '__proto__', 'constructor', 'é😀\u0000', 'x'.repeat(10_000)])(
    'returns an offset from 0 to the stride - 1 for %j',
    (name) => {
      const offset = shortOffsetOf(name);
      expect(Number.isInteger(offset)).toBe(true);
      expect(offset).toBeGreaterThanOrEqual(0);
      expect(offset).toBeLessThan(SHORT_STRIDE);
    },
  );
});

describe('sampleRows', () => {
  it.each([3, 4, 5, 6, 7, 10, 31])('returns about one row in three of %i, in order, for every offset', (length) => {
    const rows = table(length);
    for (let offset = 0; offset < SHORT_STRIDE; offset++) {
      const sample = sampleRows(rows, offset);
      expect(sample.length).toBeGreaterThanOrEqual(1);
      expect(sample.length).toBeGreaterThanOrEqual(Math.floor(length / SHORT_STRIDE));
      expect(sample.length).toBeLessThanOrEqual(Math.ceil(length / SHORT_STRIDE));
      expect(sample).toStrictEqual(rows.filter((row) => sample.includes(row)));
    }
  });

  it.each([3, 4, 5, 8, 13])('covers each of %i rows exactly once over the offsets', (length) => {
    const rows = table(length);
    const union = Array.from({ length: SHORT_STRIDE }, (_, offset) => sampleRows(rows, offset)).flat();
    expect(union).toHaveLength(length);
    expect(new Set(union)).toStrictEqual(new Set(rows));
  });

  it('covers every operator row over the offsets', () => {
    const union = Array.from({ length: SHORT_STRIDE }, (_, offset) => sampleRows(OPERATOR_ROWS, offset)).flat();
    expect(new Set(union)).toStrictEqual(new Set(OPERATOR_ROWS));
    expect(union).toHaveLength(OPERATOR_ROWS.length);
  });

  it.each([0, 1, 2])('returns every row of a table of %i, for every offset', (length) => {
    const rows = table(length);
    for (let offset = 0; offset < SHORT_STRIDE; offset++) expect(sampleRows(rows, offset)).toStrictEqual(rows);
  });
});

describe('createContractContext in short mode', () => {
  const rowsOf = (name: string, options: RepositoryContractOptions, length = 10) =>
    createContractContext(name, factory, options).rows(table(length));

  it('returns every row in full mode, and by default', () => {
    expect(rowsOf('createMemoryRepository', {})).toStrictEqual(table(10));
    expect(rowsOf('createMemoryRepository', { mode: 'full' })).toStrictEqual(table(10));
  });

  it("returns the rows of the name's offset in short mode, the same for the same name", () => {
    for (const name of LEG_NAMES) {
      const rows = rowsOf(name, { mode: 'short' });
      expect(rows).toStrictEqual(sampleRows(table(10), shortOffsetOf(name)));
      expect(rowsOf(name, { mode: 'short' })).toStrictEqual(rows);
      expect(rows.length).toBeLessThan(10);
    }
  });

  it('returns other rows under names of other offsets', () => {
    const samples = new Set(LEG_NAMES.map((name) => JSON.stringify(rowsOf(name, { mode: 'short' }))));
    expect(samples.size).toBe(SHORT_STRIDE);
  });

  it('keeps a table of one or two rows whole in short mode', () => {
    for (const name of LEG_NAMES) {
      expect(rowsOf(name, { mode: 'short' }, 1)).toStrictEqual(table(1));
      expect(rowsOf(name, { mode: 'short' }, 2)).toStrictEqual(table(2));
    }
  });

  it.each([
    { options: { mode: 'short' }, runs: SHORT_RUNS, relationRuns: 4 },
    { options: { mode: 'short', numRuns: 40 }, runs: SHORT_RUNS, relationRuns: 4 },
    { options: { mode: 'short', numRuns: 5 }, runs: 5, relationRuns: 3 },
    { options: { mode: 'full', numRuns: 40 }, runs: 40, relationRuns: 20 },
    { options: { mode: 'full' }, runs: 100, relationRuns: 50 },
  ] as const)('runs each property $runs times, a relation property $relationRuns, for $options', (row) => {
    expect(createContractContext('x', factory, row.options).assertParameters.numRuns).toBe(row.runs);
    expect(relationRunsOf(row.options)).toBe(row.relationRuns);
  });

  it('titles the suite with the mode in short mode only', () => {
    expect(createContractContext('x', factory).titleOf('Repository contract')).toBe('x: Repository contract');
    expect(createContractContext('x', factory, { mode: 'short' }).titleOf('relation rules')).toBe(
      'x: relation rules (short)',
    );
  });

  it('throws a TypeError for another mode', () => {
    const options = { mode: 'fast' } as unknown as RepositoryContractOptions;
    expect(() => createContractContext('x', factory, options)).toThrow(TypeError);
  });
});

describe('the contract blocks', () => {
  const folder = join(import.meta.dirname, '..', '..', 'src', 'testing');
  const sources = readdirSync(folder)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({ file, text: readFileSync(join(folder, file), 'utf8') }));

  it('declare every table through the rows of the context', () => {
    const tables = sources.flatMap(({ file, text }) => {
      const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
      return [...code.matchAll(/\b(?:it|test|describe)\.(?:each|for)\b([\s\S]{0,16})/g)].map(
        (match) => `${file}: ${(match[1] ?? '').replace(/\s/g, '').slice(0, 6)}`,
      );
    });
    expect(tables.length).toBeGreaterThan(30);
    expect(tables.filter((entry) => !/: \(rows[(<]$/.test(entry))).toStrictEqual([]);
  });
});
