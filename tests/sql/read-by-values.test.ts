import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource } from '../../src/index';
import type { ConditionGroups, Resource } from '../../src/kit/index';
import { countByValues, readByValues, type SqlByValuesSource } from '../../src/sql/index';

const notes = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string(), text: z.string(), rank: z.number() }),
  filterable: ['text', 'rank'],
  sortable: ['rank'],
});

const ROWS = [
  { id: 'a', text: 'one', rank: 1 },
  { id: 'b', text: 'Two', rank: 2 },
  { id: 'c', text: 'three', rank: 3 },
  { id: 'd', text: 'four', rank: 4 },
  { id: 'e', text: 'five', rank: 5 },
];

/**
 * A source of `$n` placeholders (numbered by what was bound before) and chunks of two values, whose `where` says a
 * scope's `gt` terms and no other (after binding what came before, as a compiler may), counting its calls; `read`
 * records each statement and answers the rows whose `rank` is among the statement's last values (the chunk).
 */
function sourceOf() {
  const compiled: ConditionGroups[] = [];
  const statements: { text: string; values: unknown[] }[] = [];
  const source: SqlByValuesSource = {
    resource: notes as unknown as Resource,
    dialect: { quoteIdentifier: (name) => `"${name}"` },
    table: '"notes"',
    chunk: 2,
    statement() {
      const values: unknown[] = [];
      const add = (value: unknown) => `$${values.push(value)}`;
      return {
        values,
        add,
        bind: (_field, value) => add(value),
        select: '*',
        column: (field) => `"${field}"`,
        where(groups) {
          compiled.push(groups);
          const terms = groups.flat().map((term) => ('op' in term ? term : undefined));
          const sql = terms.map((term) => (term ? `"${term.field}" > ${add(term.value)}` : undefined));
          return sql.every((text) => text !== undefined && /^"rank"/.test(text)) ? sql.join(' AND ') : undefined;
        },
        order: (order) => order.map(({ field, direction }) => `"${field}" ${direction}`).join(', '),
      };
    },
    read: async (text, values) => {
      statements.push({ text, values: [...values] });
      const chunk = values.slice(-2);
      return ROWS.filter((row) => chunk.includes(row.rank));
    },
    toRecord: (row) => row,
  };
  return { source, compiled, statements };
}

describe('readByValues', () => {
  it('compiles a scope SQL says once, and writes it first in each chunk with its values bound again', async () => {
    const { source, compiled, statements } = sourceOf();
    const found = await readByValues('rank', [1, 2, 3, 4, 5], { scope: { rank: { gt: 0 } } }, source);
    expect(compiled).toHaveLength(1);
    expect(statements).toEqual([
      { text: 'SELECT * FROM "notes" WHERE ("rank" > $1) AND "rank" IN ($2, $3) ORDER BY "id" asc', values: [0, 1, 2] },
      { text: 'SELECT * FROM "notes" WHERE ("rank" > $1) AND "rank" IN ($2, $3) ORDER BY "id" asc', values: [0, 3, 4] },
      { text: 'SELECT * FROM "notes" WHERE ("rank" > $1) AND "rank" IN ($2) ORDER BY "id" asc', values: [0, 5] },
    ]);
    expect(found.map((row) => row['id'])).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('binds perValue after the scope and the chunk', async () => {
    const { source, compiled, statements } = sourceOf();
    await readByValues('rank', [1, 2], { scope: { rank: { gt: 0 } }, perValue: 1 }, source);
    expect(compiled).toHaveLength(1);
    expect(statements.map(({ values }) => values)).toEqual([[0, 1, 2, 1]]);
    expect(statements[0]?.text).toContain('WHERE ("rank" > $1) AND "rank" IN ($2, $3)) AS "~w" WHERE "~n" <= $4');
  });

  it('compiles a scope SQL cannot say once, and tests it on the records of every chunk', async () => {
    const { source, compiled, statements } = sourceOf();
    const found = await readByValues('rank', [1, 2, 3, 4, 5], { scope: { text: { contl: 'T' } } }, source);
    expect(compiled).toHaveLength(1);
    expect(statements.map(({ text }) => text.includes('$1) AND'))).toEqual([false, false, false]);
    expect(found.map((row) => row['id'])).toEqual(['b', 'c']);
  });

  it('binds every value in one statement as one array where the statement has a list, keyed by its key', async () => {
    const { source, statements } = sourceOf();
    const statement = async () => ({
      ...(await source.statement()),
      list: (_field: string, values: readonly unknown[]) => ({ array: `$1::int[]/${values.length}` }),
      key: (_field: string, value: unknown) => String(Number(value)),
    });
    await readByValues('rank', [1, 2, 3, '3', 4, 5], {}, { ...source, chunk: undefined, statement });
    expect(statements.map(({ text }) => text)).toEqual([
      'SELECT * FROM "notes" WHERE "rank" = ANY($1::int[]/5) ORDER BY "id" asc',
    ]);
  });

  it('writes no scope without one', async () => {
    const { source, compiled, statements } = sourceOf();
    await readByValues('rank', [1], {}, source);
    expect(compiled).toHaveLength(0);
    expect(statements).toEqual([{ text: 'SELECT * FROM "notes" WHERE "rank" IN ($1) ORDER BY "id" asc', values: [1] }]);
  });
});

describe('countByValues', () => {
  it('compiles a scope SQL says once for every chunk', async () => {
    const { source, compiled, statements } = sourceOf();
    await countByValues('rank', [1, 2, 3], { scope: { rank: { gt: 2 } } }, source);
    expect(compiled).toHaveLength(1);
    expect(statements.map(({ values }) => values)).toEqual([
      [2, 1, 2],
      [2, 3],
    ]);
  });

  it('compiles a scope SQL cannot say once, and counts the records read', async () => {
    const { source, compiled } = sourceOf();
    const counts = await countByValues('rank', [1, 2, 3], { scope: { text: { contl: 'T' } } }, source);
    expect(compiled).toHaveLength(1);
    expect(counts).toEqual(
      new Map([
        [2, 1],
        [3, 1],
      ]),
    );
  });
});
