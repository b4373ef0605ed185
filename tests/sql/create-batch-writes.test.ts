import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Condition } from 'pagelope/kit';
import { defineResource, type Resource } from '../../src/index';
import { createBatchWrites, type SqlWrite, type SqlWriteDialect } from '../../src/sql/index';
import { rejectionOf } from '../support/rejection-of';

const notes = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string(), tenant: z.string(), title: z.string() }),
  filterable: ['tenant', 'title'],
  clientIds: true,
}) as unknown as Resource;

const STORED = [
  { id: 'n1', tenant: 't1', title: 'one' },
  { id: 'n2', tenant: 't1', title: 'two' },
];

interface Options {
  /** Whether the statement pairs ids with rows (`key`): the one-statement batch delete. */
  readonly keyed?: boolean;
  /** Whether the dialect has a clause that skips a stored id on a single create. */
  readonly skips?: boolean;
}

/**
 * A positional dialect over `STORED`, whose statements are recorded with whether they ran in the batch's transaction:
 * a SELECT or a write returning rows answers the stored records whose ids it binds.
 */
function fixture({ keyed = false, skips = false }: Options = {}) {
  const dialect: SqlWriteDialect = {
    name: 'Test',
    quoteIdentifier: (name) => `"${name}"`,
    returning: { insert: true, update: true, delete: true },
    maxParameters: 100,
    ...(skips && { skipStoredId: (column: string) => `ON CONFLICT (${column}) DO NOTHING` }),
  };
  const log: { text: string; values: unknown[]; transaction: boolean }[] = [];
  const writes: SqlWrite[] = [];
  const answer = (text: string, values: readonly unknown[]) => {
    if (text.startsWith('INSERT')) return text.includes('ON CONFLICT') && values.includes('n1') ? [] : [{}];
    const returns = text.startsWith('SELECT') || text.includes('RETURNING');
    return returns ? STORED.filter((row) => values.includes(row.id)) : [];
  };
  const runOf = (transaction: boolean) => (text: string, values: readonly unknown[]) => {
    log.push({ text, values: [...values], transaction });
    if (values.includes('bad')) return Promise.reject(new Error('check violation'));
    return Promise.resolve(answer(text, values));
  };
  const writesOf = createBatchWrites<Record<string, unknown>>({
    resource: notes,
    dialect,
    table: '"notes"',
    column: (field) => `"${field}"`,
    filledByDatabase: new Set(),
    statement() {
      const values: unknown[] = [];
      const bind = (_field: string, value: unknown) => {
        values.push(value);
        return '?';
      };
      return {
        bind,
        values,
        select: '*',
        where: (groups) =>
          (groups.flat() as readonly Condition[])
            .map((term) => `"${term.field}" = ${bind(term.field, term.value)}`)
            .join(' AND '),
        ...(keyed && { key: (_field: string, id: unknown) => String(id) }),
      };
    },
    toRecord: (row) => ({ ...row }),
    run: runOf(false),
    transaction: (work) => work(runOf(true)),
    isolateOne: false,
    isUnique: () => false,
    isValueError: () => true,
    writeError: (error, write) => {
      writes.push(write);
      return Promise.resolve(error);
    },
    prepare: (data) => ({ ...(data as object) }),
  });
  return { writes: writesOf, log, recorded: writes };
}

describe('createBatchWrites', () => {
  it('calls one DELETE ... RETURNING with the scope in SQL where the statement pairs ids with rows', async () => {
    const { writes, log } = fixture({ keyed: true });
    const removed = await writes.deleteMany(['n2', 'n1'], { scope: { tenant: 't1' } });
    expect(removed.map((record) => record['id'])).toEqual(['n2', 'n1']);
    expect(log).toEqual([
      {
        text: 'DELETE FROM "notes" WHERE "id" IN (?, ?) AND ("tenant" = ?) RETURNING *',
        values: ['n2', 'n1', 't1'],
        transaction: true,
      },
    ]);
  });

  it('reads each record first, then calls one DELETE of them, where the statement cannot pair ids with rows', async () => {
    const { writes, log } = fixture();
    await writes.deleteMany(['n1', 'n2'], { scope: { tenant: 't1' } });
    expect(log.map(({ text, values, transaction }) => [text, values, transaction])).toEqual([
      ['SELECT * FROM "notes" WHERE "id" = ? AND ("tenant" = ?)', ['n1', 't1'], true],
      ['SELECT * FROM "notes" WHERE "id" = ? AND ("tenant" = ?)', ['n2', 't1'], true],
      ['DELETE FROM "notes" WHERE "id" IN (?, ?)', ['n1', 'n2'], true],
    ]);
  });

  it.each([{ keyed: true }, { keyed: false }])('throws the 404 of an id given twice (%o)', async (options) => {
    const { writes } = fixture(options);
    expect(await rejectionOf(writes.deleteMany(['n1', 'n1']))).toMatchObject({ statusCode: 404 });
  });

  it('names the item of updateMany whose statement fails, mapped after the transaction', async () => {
    const { writes, log, recorded } = fixture();
    const error = await rejectionOf(
      writes.updateMany([
        { id: 'n1', patch: { title: 'ok' } },
        { id: 'n2', patch: { title: 'bad' } },
      ]),
    );
    expect(error).toEqual(new Error('check violation'));
    expect(recorded).toMatchObject([{ operation: 'update', id: 'n2', item: 1 }]);
    expect(log.map((entry) => entry.transaction)).toEqual([true, true]);
  });

  it('calls one INSERT ... ON CONFLICT for a create where the dialect skips a stored id, a missing row its 409', async () => {
    const { writes, log } = fixture({ skips: true });
    const error = await rejectionOf(writes.create({ id: 'n1', tenant: 't1', title: 'one' }));
    expect(error).toMatchObject({ statusCode: 409 });
    expect(log).toEqual([
      {
        text: 'INSERT INTO "notes" ("id", "tenant", "title") VALUES (?, ?, ?) ON CONFLICT ("id") DO NOTHING RETURNING *',
        values: ['n1', 't1', 'one'],
        transaction: false,
      },
    ]);
  });
});
