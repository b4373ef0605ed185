import { sql } from 'drizzle-orm';
import { int as singlestoreInt, singlestoreTable } from 'drizzle-orm/singlestore-core';
import {
  bigint,
  bigserial,
  boolean,
  char,
  date,
  doublePrecision,
  integer,
  json,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { resourceFromTable } from '../../src/drizzle/index';

const mood = pgEnum('mood', ['sad', 'ok', 'happy']);

/** Each mappable column type (a new builder each call: `.notNull()` changes it): the kind of its field, a value it
 * takes, a value it refuses. */
const MAPPED = [
  { type: 'text', column: () => text('c'), kind: 'string', takes: 'Ünïcødé 𝄞', refuses: 1 },
  { type: 'varchar(5)', column: () => varchar('c', { length: 5 }), kind: 'string', takes: 'abcde', refuses: 'abcdef' },
  { type: 'varchar', column: () => varchar('c'), kind: 'string', takes: 'x'.repeat(10_000), refuses: null },
  { type: 'text enum', column: () => text('c', { enum: ['a', 'b'] }), kind: 'enum', takes: 'a', refuses: 'c' },
  { type: 'pgEnum', column: () => mood('c'), kind: 'enum', takes: 'happy', refuses: '__proto__' },
  { type: 'integer', column: () => integer('c'), kind: 'number', takes: 2147483647, refuses: 2147483648 },
  { type: 'integer (whole)', column: () => integer('c'), kind: 'number', takes: -2147483648, refuses: 1.5 },
  { type: 'smallint', column: () => smallint('c'), kind: 'number', takes: -32768, refuses: 32768 },
  { type: 'serial', column: () => serial('c'), kind: 'number', takes: 1, refuses: 2147483648 },
  {
    type: 'bigint (number)',
    column: () => bigint('c', { mode: 'number' }),
    kind: 'number',
    takes: Number.MAX_SAFE_INTEGER,
    refuses: 2 ** 60,
  },
  {
    type: 'bigserial (number)',
    column: () => bigserial('c', { mode: 'number' }),
    kind: 'number',
    takes: 7,
    refuses: 0.5,
  },
  { type: 'real', column: () => real('c'), kind: 'number', takes: 1.5, refuses: '1.5' },
  { type: 'double precision', column: () => doublePrecision('c'), kind: 'number', takes: -0.25, refuses: Infinity },
  {
    type: 'numeric (number)',
    column: () => numeric('c', { mode: 'number' }),
    kind: 'number',
    takes: 12.5,
    refuses: 'x',
  },
  { type: 'boolean', column: () => boolean('c'), kind: 'boolean', takes: false, refuses: 'false' },
  {
    type: 'timestamp',
    column: () => timestamp('c', { withTimezone: true }),
    kind: 'date',
    takes: new Date(0),
    refuses: 'yesterday',
  },
  {
    type: 'date (date)',
    column: () => date('c', { mode: 'date' }),
    kind: 'date',
    takes: new Date(0),
    refuses: new Date('2024-02-29T10:00:00Z'),
  },
  { type: 'date (string)', column: () => date('c'), kind: 'isoDate', takes: '2024-02-29', refuses: '2024-02-30' },
  {
    type: 'uuid',
    column: () => uuid('c'),
    kind: 'string',
    takes: '0190a6b1-7c3e-7d2a-9f00-0123456789ab',
    refuses: 'not-a-uuid',
  },
  { type: 'jsonb', column: () => jsonb('c'), kind: 'other', takes: { a: [1, 'two', null] }, refuses: () => 1 },
];

describe('resourceFromTable', () => {
  it.each(MAPPED)('maps a $type column to a $kind field', ({ column, kind, takes, refuses }) => {
    const resource = resourceFromTable(pgTable('things', { id: text('id').notNull(), value: column().notNull() }));
    expect(resource.fields.get('value')?.kind).toBe(kind);
    const shape = resource.schema.shape as Record<string, { safeParse(value: unknown): { success: boolean } }>;
    expect(shape['value']?.safeParse(takes).success).toBe(true);
    expect(shape['value']?.safeParse(refuses).success).toBe(false);
    // A JSON null is a jsonb value; SQL NULL in a not-null column is the database's 400.
    if (kind !== 'other') expect(shape['value']?.safeParse(null).success).toBe(false);
  });

  it('reads a timestamp given as ISO 8601 text with an offset as the Date it names', () => {
    const resource = resourceFromTable(
      pgTable('things', { id: text('id').notNull(), at: timestamp('at_col').notNull() }),
    );
    const parsed = resource.schema.parse({ id: 'a', at: '2024-05-06T09:08:09.010+02:00' }) as { at: unknown };
    expect(parsed.at).toEqual(new Date('2024-05-06T07:08:09.010Z'));
  });

  it('lists the enum values of an enum column on its field', () => {
    const resource = resourceFromTable(pgTable('things', { id: text('id').notNull(), mood: mood('m') }));
    expect(resource.fields.get('mood')?.enumValues).toEqual(['sad', 'ok', 'happy']);
  });

  // Serials are NOT NULL whatever the declaration says.
  it.each(MAPPED.filter(({ type }) => !type.includes('serial')))(
    'makes the field of a nullable $type column nullable',
    ({ column }) => {
      const resource = resourceFromTable(pgTable('things', { id: text('id').notNull(), value: column() }));
      const shape = resource.schema.shape as Record<string, { safeParse(value: unknown): { success: boolean } }>;
      expect(shape['value']?.safeParse(null).success).toBe(true);
      expect(resource.fields.get('value')?.nullable).toBe(true);
    },
  );

  it('keeps a column with a database default required in the schema (the repository lists it instead)', () => {
    const resource = resourceFromTable(
      pgTable('things', {
        id: uuid('id').primaryKey().defaultRandom(),
        createdAt: timestamp('created_at').notNull().defaultNow(),
        rank: integer('rank').notNull().default(0),
      }),
    );
    expect(resource.schema.safeParse({}).success).toBe(false);
    expect(resource.schema.safeParse({ id: crypto.randomUUID(), createdAt: new Date(), rank: 1 }).success).toBe(true);
  });

  it('names fields by property, whatever the SQL column names', () => {
    const resource = resourceFromTable(
      pgTable('things', { id: text('thing_id').notNull(), createdAt: timestamp('created_at').notNull() }),
    );
    expect([...resource.fields.keys()]).toEqual(['id', 'createdAt']);
  });

  it("names the resource as the table by default, and passes defineResource's other options on", () => {
    const table = pgTable('book_rows', { id: text('id').notNull(), title: text('title').notNull() });
    expect(resourceFromTable(table).name).toBe('book_rows');
    const books = resourceFromTable(table, { name: 'books', filterable: ['title'], sortable: ['title'] });
    expect(books.name).toBe('books');
    expect(books.sortable.has('title')).toBe(true);
    expect(books.filterable.get('title')).toContain('eq');
  });

  it("throws defineResource's TypeError for an option naming no column", () => {
    const table = pgTable('things', { id: text('id').notNull() });
    expect(() => resourceFromTable(table, { sortable: ['nope' as 'id'] })).toThrow(TypeError);
  });

  it.each([
    { type: 'char(3)', column: char('c', { length: 3 }) },
    { type: 'numeric (string)', column: numeric('c') },
    { type: 'bigint (bigint)', column: bigint('c', { mode: 'bigint' }) },
    { type: 'timestamp (string)', column: timestamp('c', { mode: 'string' }) },
    { type: 'json', column: json('c') },
    { type: 'text[]', column: text('c').array() },
  ])('throws a TypeError naming a $type column, which has no field type', ({ column }) => {
    const table = pgTable('things', { id: text('id').notNull(), oddColumn: column });
    expect(() => resourceFromTable(table)).toThrow(TypeError);
    expect(() => resourceFromTable(table)).toThrow(/column "oddColumn" of "things"/);
  });

  it.each([
    [
      'singlestore-core',
      singlestoreTable('things', { id: singlestoreInt('id') }),
      /drizzle-orm\/singlestore-core .* not supported yet/,
    ],
  ])('throws a TypeError saying a %s table is not supported yet', (_dialect, table, message) => {
    expect(() => resourceFromTable(table as never)).toThrow(TypeError);
    expect(() => resourceFromTable(table as never)).toThrow(message);
  });

  it.each([null, {}, 'things', sql`things`])('throws a TypeError for %s, which is no Drizzle table', (table) => {
    expect(() => resourceFromTable(table as never)).toThrow(/table must be a Drizzle table/);
  });
});
