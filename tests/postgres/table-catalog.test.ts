/**
 * The catalog lookup with a fake client: how many catalog reads each mode makes, which fields it collates, and which
 * type each field gets (read, stated by `columnTypes`, or the default of its kind).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, isHttpError } from '../../src/index';
import type { SqlClient } from '../../src/postgres/index';
import { toColumnMap } from '../../src/postgres/column-map';
import { createCatalogLookup } from '../../src/postgres/table-catalog';
import type { TextCollation } from '../../src/postgres/text-collation';

const items = defineResource({
  name: 'items',
  schema: z.object({ id: z.string(), title: z.string(), kind: z.enum(['a', 'b']), n: z.number(), createdAt: z.date() }),
  filterable: ['title', 'kind', 'n'],
  sortable: ['title', 'kind', 'n'],
});

type Row = { name: string; type: string; collatable: boolean; code_point: boolean };

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
  { name: 'id', type: 'uuid', collatable: false, code_point: false },
  { name: 'title', type: 'text', collatable: true, code_point: false }, // "en-x-icu" or the database default
  { name: 'kind', type: 'character varying', collatable: true, code_point: true }, // "C"
  { name: 'n', type: 'integer', collatable: false, code_point: false },
  { name: 'created_at', type: 'date', collatable: false, code_point: false },
];

const lookupOf = (client: SqlClient, mode: TextCollation, columnTypes?: Record<string, string>) =>
  createCatalogLookup(client, {
    table: '"items"',
    fields: items.fields,
    columns: toColumnMap(items, { columnNaming: 'snake_case' }),
    mode,
    columnTypes,
  });

const DEFAULT_TYPES = {
  id: 'text',
  title: 'text',
  kind: 'text',
  n: 'double precision',
  createdAt: 'timestamp with time zone',
};

describe('createCatalogLookup', () => {
  it('returns the types by column name and the columns to collate, reading the catalog once', async () => {
    const client = fakeClient([COLUMNS]);
    const lookup = lookupOf(client, 'detect');
    const [a, b] = await Promise.all([lookup(), lookup()]);
    expect([...a.collate]).toEqual(['title']);
    expect(Object.fromEntries(a.types)).toEqual({
      id: 'uuid',
      title: 'text',
      kind: 'character varying',
      n: 'integer',
      createdAt: 'date',
    });
    expect(b).toBe(a);
    expect(await lookup()).toBe(a);
    expect(client.calls).toBe(1);
  });

  it('returns the types of createTableSql, and looks again next time, while the table does not exist', async () => {
    const client = fakeClient([[], COLUMNS]);
    const lookup = lookupOf(client, 'detect');
    const first = await lookup();
    expect([...first.collate]).toEqual(['id', 'title', 'kind']);
    expect(Object.fromEntries(first.types)).toEqual(DEFAULT_TYPES);
    expect([...(await lookup()).collate]).toEqual(['title']);
    expect(client.calls).toBe(2);
  });

  it('keeps the fallback for good when the catalog cannot be read (SQLSTATE 42P01)', async () => {
    const client = fakeClient([Object.assign(new Error('relation "pg_attribute" does not exist'), { code: '42P01' })]);
    const lookup = lookupOf(client, 'detect');
    expect([...(await lookup()).collate]).toEqual(['id', 'title', 'kind']);
    expect([...(await lookup()).collate]).toEqual(['id', 'title', 'kind']);
    expect(client.calls).toBe(1);
  });

  it.each([
    ['a statement timeout', { code: '57014' }],
    ['a lock timeout', { code: '55P03' }],
    ['a serialization failure', { code: '40001' }],
    ['an aborted transaction', { code: '25P02' }],
    ['a lost connection', { code: 'ECONNRESET' }],
    ['an error without SQLSTATE', {}],
  ])('answers 503 with retry-after after %s, guesses no type and reads again next time', async (_name, fields) => {
    const cause = Object.assign(new Error('failed'), fields);
    const client = fakeClient([cause, COLUMNS]);
    const lookup = lookupOf(client, 'detect');
    const error: unknown = await lookup().catch((caught: unknown) => caught);
    expect(isHttpError(error) && [error.statusCode, error.headers['retry-after'], error.cause]).toEqual([
      503,
      '1',
      cause,
    ]);
    expect((await lookup()).types.get('id')).toBe('uuid');
    expect(client.calls).toBe(2);
  });

  it('throws an Error naming each field without a column and the table, on every call', async () => {
    const client = fakeClient([COLUMNS.filter((column) => column.name !== 'n' && column.name !== 'created_at')]);
    const lookup = lookupOf(client, 'detect');
    const message =
      'pagelope/postgres: the table "items" has no column for the field "n" (column "n"), ' +
      'the field "createdAt" (column "created_at")';
    await expect(lookup()).rejects.toThrow(message);
    await expect(lookup()).rejects.toThrow(message);
    expect(client.calls).toBe(2);
  });

  it.each([
    { mode: 'C' as const, expected: [] },
    { mode: 'unknown' as const, expected: ['id', 'title', 'kind'] },
  ])('returns $expected without reading the catalog in mode $mode when every type is stated', async (row) => {
    const client = fakeClient([COLUMNS]);
    const stated = { id: 'varchar(36)', title: 'TEXT', kind: 'text', n: 'int4', createdAt: 'timestamptz' };
    const shape = await lookupOf(client, row.mode, stated)();
    expect([...shape.collate]).toEqual(row.expected);
    expect(Object.fromEntries(shape.types)).toEqual({
      id: 'character varying',
      title: 'text',
      kind: 'text',
      n: 'integer',
      createdAt: 'timestamp with time zone',
    });
    expect(client.calls).toBe(0);
  });

  it('lets a stated type win over the catalog, and reads the others', async () => {
    const client = fakeClient([COLUMNS]);
    const shape = await lookupOf(client, 'C', { n: 'bigint' })();
    expect(shape.types.get('n')).toBe('bigint');
    expect(shape.types.get('id')).toBe('uuid');
    expect(client.calls).toBe(1);
  });

  it.each([
    { name: 'an unknown field', types: { nope: 'text' }, message: 'columnTypes: "nope" is not a field' },
    { name: 'an own __proto__', types: JSON.parse('{"__proto__": "text"}'), message: '"__proto__" is not a field' },
    { name: 'an unknown type', types: { n: 'money' }, message: '"money" is not a column type' },
    { name: 'SQL in a type', types: { n: 'int; DROP TABLE x' }, message: 'is not a column type' },
  ])('throws a TypeError for $name', ({ types, message }) => {
    expect(() => lookupOf(fakeClient([]), 'C', types)).toThrow(message);
  });
});
