import { customType, sqliteTable, blob, integer, numeric, real, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { resourceFromTable } from '../../src/drizzle/index';

/** Each mappable sqlite-core column type: the kind of its field, a value it takes, a value it refuses. */
const MAPPED = [
  { type: 'text', column: () => text('c'), kind: 'string', takes: 'Ünïcødé 𝄞', refuses: 1 },
  { type: 'text(5)', column: () => text('c', { length: 5 }), kind: 'string', takes: 'abcde', refuses: 'abcdef' },
  { type: 'text enum', column: () => text('c', { enum: ['a', 'b'] }), kind: 'enum', takes: 'a', refuses: '__proto__' },
  { type: 'integer', column: () => integer('c'), kind: 'number', takes: Number.MAX_SAFE_INTEGER, refuses: 1.5 },
  { type: 'integer (no unsafe)', column: () => integer('c'), kind: 'number', takes: -1, refuses: 2 ** 60 },
  {
    type: 'integer (boolean)',
    column: () => integer('c', { mode: 'boolean' }),
    kind: 'boolean',
    takes: true,
    refuses: 1,
  },
  {
    type: 'integer (timestamp)',
    column: () => integer('c', { mode: 'timestamp' }),
    kind: 'date',
    takes: new Date(0),
    refuses: 'yesterday',
  },
  {
    type: 'integer (timestamp_ms)',
    column: () => integer('c', { mode: 'timestamp_ms' }),
    kind: 'date',
    takes: new Date(1),
    refuses: 12,
  },
  { type: 'real', column: () => real('c'), kind: 'number', takes: -0.25, refuses: '1.5' },
  {
    type: 'numeric (number)',
    column: () => numeric('c', { mode: 'number' }),
    kind: 'number',
    takes: 12.5,
    refuses: 'x',
  },
  { type: 'numeric (string)', column: () => numeric('c'), kind: 'string', takes: '-12.50', refuses: '12,5' },
  {
    type: 'text (json)',
    column: () => text('c', { mode: 'json' }),
    kind: 'other',
    takes: { a: [1, null] },
    refuses: () => 1,
  },
  { type: 'blob (json)', column: () => blob('c', { mode: 'json' }), kind: 'other', takes: ['x'], refuses: () => 1 },
];

const point = customType<{ data: string }>({ dataType: () => 'point' });

describe('resourceFromTable (sqlite-core)', () => {
  it.each(MAPPED)('maps a $type column to a $kind field', ({ column, kind, takes, refuses }) => {
    const resource = resourceFromTable(sqliteTable('things', { id: text('id').notNull(), value: column().notNull() }));
    expect(resource.fields.get('value')?.kind).toBe(kind);
    const shape = resource.schema.shape as Record<string, { safeParse(value: unknown): { success: boolean } }>;
    expect(shape['value']?.safeParse(takes).success).toBe(true);
    expect(shape['value']?.safeParse(refuses).success).toBe(false);
    if (kind !== 'other') expect(shape['value']?.safeParse(null).success).toBe(false);
  });

  it.each(MAPPED)('makes the field of a nullable $type column nullable', ({ column }) => {
    const resource = resourceFromTable(sqliteTable('things', { id: text('id').notNull(), value: column() }));
    expect(resource.fields.get('value')?.nullable).toBe(true);
  });

  it.each([
    { type: 'blob (buffer)', column: blob('c', { mode: 'buffer' }) },
    { type: 'blob (bigint)', column: blob('c', { mode: 'bigint' }) },
    { type: 'numeric (bigint)', column: numeric('c', { mode: 'bigint' }) },
    { type: 'a custom type', column: point('c') },
  ])('throws a TypeError naming a $type column, which has no field type', ({ column }) => {
    const table = sqliteTable('things', { id: text('id').notNull(), oddColumn: column });
    expect(() => resourceFromTable(table)).toThrow(TypeError);
    expect(() => resourceFromTable(table)).toThrow(/column "oddColumn" of "things"/);
  });

  it('names the resource as the table and its fields by property, whatever the SQL column names', () => {
    const resource = resourceFromTable(
      sqliteTable('note_rows', {
        id: text('note_id').notNull(),
        createdAt: integer('created_at', { mode: 'timestamp_ms' }),
      }),
    );
    expect(resource.name).toBe('note_rows');
    expect([...resource.fields.keys()]).toEqual(['id', 'createdAt']);
  });
});
