/**
 * The collation lookup with a fake client: how many catalog reads each mode makes, and which fields it collates.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource } from '../../src/index';
import type { SqlClient } from '../../src/postgres/index';
import { collateAllText, createCollationLookup } from '../../src/postgres/text-collation';

const items = defineResource({
  name: 'items',
  schema: z.object({ id: z.string(), title: z.string(), kind: z.enum(['a', 'b']), n: z.number() }),
  filterable: ['title', 'kind', 'n'],
  sortable: ['title', 'kind', 'n'],
});

type Row = { name: string; collatable: boolean; code_point: boolean };

function fakeClient(answers: (readonly Row[] | Error)[]): SqlClient & { calls: number } {
  const client = {
    calls: 0,
    async query() {
      const answer = answers[Math.min(client.calls, answers.length - 1)];
      client.calls += 1;
      if (answer instanceof Error) throw answer;
      return { rows: answer ?? [] };
    },
  };
  return client;
}

const COLUMNS: Row[] = [
  { name: 'id', collatable: false, code_point: false }, // uuid
  { name: 'title', collatable: true, code_point: false }, // "en-x-icu" or the database default
  { name: 'kind', collatable: true, code_point: true }, // "C"
  { name: 'n', collatable: false, code_point: false },
];

describe('createCollationLookup', () => {
  it('returns the columns that are collatable and not "C", reading the catalog once', async () => {
    const client = fakeClient([COLUMNS]);
    const lookup = createCollationLookup(client, { table: '"items"', fields: items.fields, mode: 'detect' });
    const [a, b] = await Promise.all([lookup(), lookup()]);
    expect([...a]).toEqual(['title']);
    expect(b).toEqual(a);
    expect([...(await lookup())]).toEqual(['title']);
    expect(client.calls).toBe(1);
  });

  it('returns every text field, and looks again next time, while the table does not exist', async () => {
    const client = fakeClient([[], COLUMNS]);
    const lookup = createCollationLookup(client, { table: '"items"', fields: items.fields, mode: 'detect' });
    expect([...(await lookup())]).toEqual(['id', 'title', 'kind']);
    expect([...(await lookup())]).toEqual(['title']);
    expect(client.calls).toBe(2);
  });

  it('returns every text field for good when the catalog cannot be read', async () => {
    const client = fakeClient([new Error('relation "pg_attribute" does not exist')]);
    const lookup = createCollationLookup(client, { table: '"items"', fields: items.fields, mode: 'detect' });
    expect([...(await lookup())]).toEqual(['id', 'title', 'kind']);
    expect([...(await lookup())]).toEqual(['id', 'title', 'kind']);
    expect(client.calls).toBe(1);
  });

  it.each([
    { mode: 'C' as const, expected: [] },
    { mode: 'unknown' as const, expected: ['id', 'title', 'kind'] },
  ])('returns $expected without reading the catalog in mode $mode', async ({ mode, expected }) => {
    const client = fakeClient([COLUMNS]);
    const lookup = createCollationLookup(client, { table: '"items"', fields: items.fields, mode });
    expect([...(await lookup())]).toEqual(expected);
    expect(client.calls).toBe(0);
  });
});

describe('collateAllText', () => {
  it('returns the string and enum fields', () => {
    expect([...collateAllText(items.fields)]).toEqual(['id', 'title', 'kind']);
  });
});
