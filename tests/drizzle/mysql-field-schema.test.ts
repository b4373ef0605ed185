import {
  bigint,
  binary,
  boolean,
  char,
  date,
  datetime,
  decimal,
  double,
  float,
  int,
  json,
  mediumint,
  mysqlEnum,
  mysqlTable,
  serial,
  smallint,
  text,
  time,
  timestamp,
  tinyint,
  varchar,
  year,
} from 'drizzle-orm/mysql-core';
import { describe, expect, it } from 'vitest';
import { resourceFromTable } from '../../src/drizzle/index';
import { hasMysqlDatabaseDefault } from '../../src/drizzle/mysql-field-schema';

/** Each mappable mysql-core column type (a new builder each call): the kind of its field, values it takes and refuses. */
const MAPPED = [
  { type: 'text', column: () => text('c'), kind: 'string', takes: ['Ünïcødé 𝄞', ''], refuses: [1, null] },
  {
    type: 'varchar(5)',
    column: () => varchar('c', { length: 5 }),
    kind: 'string',
    takes: ['abcde'],
    refuses: ['abcdef'],
  },
  {
    type: 'char(3)',
    column: () => char('c', { length: 3 }),
    kind: 'string',
    takes: ['abc', ' a'],
    refuses: ['a ', 'abcd'],
  },
  { type: 'text enum', column: () => text('c', { enum: ['a', 'b'] }), kind: 'enum', takes: ['a'], refuses: ['c'] },
  {
    type: 'varchar enum',
    column: () => varchar('c', { length: 9, enum: ['x'] }),
    kind: 'enum',
    takes: ['x'],
    refuses: ['y'],
  },
  {
    type: 'mysqlEnum',
    column: () => mysqlEnum('c', ['sad', 'ok']),
    kind: 'enum',
    takes: ['ok'],
    refuses: ['__proto__'],
  },
  { type: 'tinyint', column: () => tinyint('c'), kind: 'number', takes: [-128, 127], refuses: [128, 0.5] },
  {
    type: 'tinyint unsigned',
    column: () => tinyint('c', { unsigned: true }),
    kind: 'number',
    takes: [255],
    refuses: [-1, 256],
  },
  { type: 'smallint', column: () => smallint('c'), kind: 'number', takes: [-32768], refuses: [32768] },
  { type: 'mediumint', column: () => mediumint('c'), kind: 'number', takes: [8388607], refuses: [8388608] },
  { type: 'int', column: () => int('c'), kind: 'number', takes: [-2147483648], refuses: [2147483648, 1.5] },
  {
    type: 'int unsigned',
    column: () => int('c', { unsigned: true }),
    kind: 'number',
    takes: [4294967295],
    refuses: [-1],
  },
  {
    type: 'bigint (number)',
    column: () => bigint('c', { mode: 'number' }),
    kind: 'number',
    takes: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
    refuses: [2 ** 60],
  },
  {
    type: 'bigint unsigned (number)',
    column: () => bigint('c', { mode: 'number', unsigned: true }),
    kind: 'number',
    takes: [Number.MAX_SAFE_INTEGER],
    refuses: [-1, 2 ** 60],
  },
  { type: 'serial', column: () => serial('c'), kind: 'number', takes: [1], refuses: [-1, 0.5] },
  { type: 'double', column: () => double('c'), kind: 'number', takes: [-0.25], refuses: [Infinity, '1'] },
  {
    type: 'double unsigned',
    column: () => double('c', { unsigned: true }),
    kind: 'number',
    takes: [0.5],
    refuses: [-0.5],
  },
  { type: 'float', column: () => float('c'), kind: 'number', takes: [1.5], refuses: [Number.NaN] },
  {
    type: 'decimal (number)',
    column: () => decimal('c', { mode: 'number' }),
    kind: 'number',
    takes: [12.5],
    refuses: ['x'],
  },
  { type: 'boolean', column: () => boolean('c'), kind: 'boolean', takes: [false], refuses: [0, 'false'] },
  {
    type: 'datetime(3)',
    column: () => datetime('c', { fsp: 3 }),
    kind: 'date',
    takes: [new Date('2024-01-02T03:04:05.678Z'), '2024-01-02T05:04:05.678+02:00'],
    refuses: ['yesterday', '2024-01-02 03:04:05'],
  },
  {
    type: 'datetime',
    column: () => datetime('c'),
    kind: 'date',
    takes: [new Date('2024-01-02T03:04:05Z')],
    refuses: [new Date('2024-01-02T03:04:05.600Z')],
  },
  {
    type: 'timestamp(1)',
    column: () => timestamp('c', { fsp: 1 }),
    kind: 'date',
    takes: [new Date('2024-01-02T03:04:05.600Z')],
    refuses: [new Date('2024-01-02T03:04:05.650Z')],
  },
  {
    type: 'datetime(2) (string)',
    column: () => datetime('c', { fsp: 2, mode: 'string' }),
    kind: 'string',
    takes: ['2024-02-29 23:59:59.25'],
    refuses: ['2024-02-29 23:59:59', '2024-02-29 23:59:59.250', '2023-02-29 00:00:00.00', '2024-02-29T23:59:59.25'],
  },
  {
    type: 'timestamp (string)',
    column: () => timestamp('c', { mode: 'string' }),
    kind: 'string',
    takes: ['2024-01-02 03:04:05'],
    refuses: ['2024-01-02 03:04:05.1', '2024-01-02 24:00:00'],
  },
  {
    type: 'date (date)',
    column: () => date('c', { mode: 'date' }),
    kind: 'date',
    takes: [new Date('2024-02-29T00:00:00Z')],
    refuses: [new Date('2024-02-29T00:00:00.001Z'), 12],
  },
  {
    type: 'date (string)',
    column: () => date('c', { mode: 'string' }),
    kind: 'isoDate',
    takes: ['2024-02-29'],
    refuses: ['2024-02-30'],
  },
  {
    type: 'json',
    column: () => json('c'),
    kind: 'other',
    takes: [{ a: [1, 'two', null] }, 'text', null],
    refuses: [() => 1],
  },
];

type Shape = Record<string, { safeParse(value: unknown): { success: boolean } }>;

describe('MYSQL_COLUMN_BASES', () => {
  it.each(MAPPED)('maps a $type column to a $kind field', ({ column, kind, takes, refuses }) => {
    const resource = resourceFromTable(mysqlTable('things', { id: int('id').notNull(), value: column().notNull() }));
    expect(resource.fields.get('value')?.kind).toBe(kind);
    const value = (resource.schema.shape as Shape)['value'];
    for (const taken of takes) expect(value?.safeParse(taken).success, String(taken)).toBe(true);
    for (const refused of refuses) expect(value?.safeParse(refused).success, String(refused)).toBe(false);
  });

  it.each(MAPPED.filter(({ type }) => type !== 'serial'))(
    'makes the field of a nullable $type column nullable',
    ({ column }) => {
      const resource = resourceFromTable(mysqlTable('things', { id: int('id').notNull(), value: column() }));
      expect((resource.schema.shape as Shape)['value']?.safeParse(null).success).toBe(true);
      expect(resource.fields.get('value')?.nullable).toBe(true);
    },
  );

  it('names fields by property and the resource by the table, whatever the SQL column names', () => {
    const resource = resourceFromTable(
      mysqlTable('book_rows', { id: varchar('book_id', { length: 36 }).notNull(), createdAt: datetime('created_at') }),
    );
    expect([...resource.fields.keys()]).toEqual(['id', 'createdAt']);
    expect(resource.name).toBe('book_rows');
  });

  it.each([
    { type: 'decimal (string)', column: decimal('c') },
    { type: 'bigint (bigint)', column: bigint('c', { mode: 'bigint' }) },
    { type: 'binary', column: binary('c') },
    { type: 'time', column: time('c') },
    { type: 'year', column: year('c') },
  ])('throws a TypeError naming a $type column, which has no field type', ({ column }) => {
    const table = mysqlTable('things', { id: int('id').notNull(), oddColumn: column });
    expect(() => resourceFromTable(table)).toThrow(TypeError);
    expect(() => resourceFromTable(table)).toThrow(/column "oddColumn" of "things"/);
  });
});

describe('hasMysqlDatabaseDefault', () => {
  it.each([
    { column: int('c').default(0), has: true },
    { column: int('c').autoincrement(), has: true },
    { column: serial('c'), has: true },
    { column: timestamp('c').defaultNow(), has: true },
    { column: int('c').notNull(), has: false },
    { column: varchar('c', { length: 9 }).$defaultFn(() => 'x'), has: false },
  ])('returns $has for the column', ({ column, has }) => {
    const table = mysqlTable('things', { c: column });
    expect(hasMysqlDatabaseDefault(table.c)).toBe(has);
  });
});
