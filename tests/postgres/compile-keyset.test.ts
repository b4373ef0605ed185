/**
 * The keyset condition: a row comparison when every direction agrees and nothing is nullable, otherwise the OR
 * expansion led by a bound on the first sort column that an index can start from, chosen by the NULL rule (nulls
 * after every value ascending, before every value descending); parameters numbered in text order.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource } from '../../src/index';
import { orderSourceOf } from '../../src/postgres/sql-context';
import { compileKeyset } from '../../src/sql/index';
import { plainContext } from './plain-context';

const events = defineResource({
  name: 'events',
  schema: z.object({ id: z.string(), at: z.date(), tag: z.string().nullable(), n: z.number() }),
  filterable: ['at', 'tag', 'n'],
  sortable: ['at', 'tag', 'n'],
});

const AT = new Date('2024-01-01T00:00:00Z');

const compile = (order: [string, 'asc' | 'desc'][], values: unknown[], collate: string[] = []) => {
  const context = plainContext(events.fields, collate);
  const sql = compileKeyset(
    order.map(([field, direction]) => ({ field, direction })),
    values,
    orderSourceOf(context),
  );
  return { sql, values: context.params.values };
};

describe('compileKeyset', () => {
  it.each([
    {
      name: 'desc, value',
      order: [
        ['at', 'desc'],
        ['id', 'asc'],
      ],
      values: [AT, 'e1'],
      sql: '"at" <= $1 AND (("at" < $2) OR ("at" = $3 AND "id" > $4))',
    },
    {
      name: 'desc nullable, value',
      order: [
        ['tag', 'desc'],
        ['id', 'asc'],
      ],
      values: ['x', 'e1'],
      sql: '"tag" <= $1 AND (("tag" < $2) OR ("tag" = $3 AND "id" > $4))',
    },
    {
      name: 'asc, value',
      order: [
        ['n', 'asc'],
        ['id', 'desc'],
      ],
      values: [3, 'e1'],
      sql: '"n" >= $1 AND (("n" > $2) OR ("n" = $3 AND "id" < $4))',
    },
    {
      name: 'asc nullable, NULL',
      order: [
        ['tag', 'asc'],
        ['id', 'desc'],
      ],
      values: [null, 'e1'],
      sql: '"tag" IS NULL AND (("tag" IS NULL AND "id" < $1))',
    },
    {
      name: 'desc nullable, NULL: every row can follow, no bound',
      order: [
        ['tag', 'desc'],
        ['id', 'asc'],
      ],
      values: [null, 'e1'],
      sql: '("tag" IS NOT NULL) OR ("tag" IS NULL AND "id" > $1)',
    },
    {
      name: 'asc nullable, value: the NULLs after it make no single range, no bound',
      order: [
        ['tag', 'asc'],
        ['id', 'desc'],
      ],
      values: ['x', 'e1'],
      sql: '(("tag" > $1 OR "tag" IS NULL)) OR ("tag" = $2 AND "id" < $3)',
    },
  ] as const)('returns the expansion with the leading bound the NULL rule allows ($name)', ({ order, values, sql }) => {
    expect(compile(order as never, values as never).sql).toBe(sql);
  });

  it('returns one row comparison when every direction agrees and nothing is nullable', () => {
    expect(
      compile(
        [
          ['at', 'desc'],
          ['id', 'desc'],
        ],
        [AT, 'e1'],
      ),
    ).toEqual({
      sql: '("at", "id") < ($1, $2)',
      values: [AT.toISOString(), 'e1'], // a Date is bound as its ISO instant, whatever the process's time zone
    });
    expect(
      compile(
        [
          ['n', 'asc'],
          ['id', 'asc'],
        ],
        [1, 'e1'],
      ).sql,
    ).toBe('("n", "id") > ($1, $2)');
  });

  it('returns FALSE when nothing can follow the cursor', () => {
    expect(compile([['tag', 'asc']], [null]).sql).toBe('FALSE');
  });

  it('collates exactly the columns the context names, the bound included', () => {
    const { sql } = compile(
      [
        ['tag', 'desc'],
        ['id', 'asc'],
      ],
      ['x', 'e1'],
      ['tag'],
    );
    expect(sql.startsWith('"tag" COLLATE "C" <= $')).toBe(true);
    expect(sql).toContain('"id" > $');
    expect(sql).not.toContain('"id" COLLATE');
  });
});
