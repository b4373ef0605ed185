import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Condition } from 'pagelope/kit';
import { defineResource, type Resource } from '../../src/index';
import {
  deleteRecord,
  readRecord,
  writeRecord,
  type SqlRecordRunner,
  type SqlRecordSource,
  type SqlWriteDialect,
} from '../../src/sql/index';
import { rejectionOf } from '../support/rejection-of';

const notes = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string(), tenant: z.string(), title: z.string(), stamp: z.string().optional() }),
  filterable: ['tenant', 'title'],
  clientIds: true,
}) as unknown as Resource;

const STORED = { id: 'n1', tenant: 't1', title: 'old', stamp: 's' };

interface Options {
  readonly returning?: boolean;
  /** Whether the statement says a condition on `title` in SQL (else it is tested on the record read). */
  readonly saysTitle?: boolean;
  readonly valuesDefault?: boolean;
  readonly holds?: boolean;
}

/**
 * A positional dialect over a table of one stored record, `STORED`, whose statements are recorded: a SELECT or a
 * write matching `n1` returns it (as updated by the values bound), any other id nothing.
 */
function fixture({ returning = true, saysTitle = true, valuesDefault = false, holds = true }: Options = {}) {
  const dialect: SqlWriteDialect = {
    name: 'Test',
    quoteIdentifier: (name) => `"${name}"`,
    returning: { insert: true, update: returning, delete: returning },
    maxParameters: 100,
    valuesDefault,
    lockRead: 'FOR UPDATE',
  };
  const source: SqlRecordSource = {
    resource: notes,
    dialect,
    table: '"notes"',
    column: (field) => `"${field}"`,
    filledByDatabase: new Set(['stamp']),
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
        where(groups) {
          const terms = groups.flat() as readonly Condition[];
          // Binds first, then gives up: what it bound must not stay a parameter.
          const sql = terms.map((term) => `"${term.field}" = ${bind(term.field, term.value)}`).join(' AND ');
          return !saysTitle && terms.some((term) => term.field === 'title') ? undefined : sql;
        },
        holds: () => holds,
      };
    },
    toRecord: (row) => ({ ...row }),
  };
  const log: { text: string; values: unknown[]; transaction: boolean }[] = [];
  const answer = (text: string, values: readonly unknown[]) =>
    values.includes('n1') && (text.startsWith('SELECT') || text.includes('RETURNING')) ? [{ ...STORED }] : [];
  const runOf =
    (transaction: boolean): SqlRecordRunner['run'] =>
    (text, values) => {
      log.push({ text, values: [...values], transaction });
      return Promise.resolve(answer(text, values));
    };
  const runner: SqlRecordRunner = { run: runOf(false), transaction: (work) => work(runOf(true)) };
  return { source, runner, log };
}

describe('writeRecord', () => {
  it('calls one UPDATE ... RETURNING with the scope in SQL, its SET values bound before the WHERE ones', async () => {
    const { source, runner, log } = fixture();
    await writeRecord(source, 'n1', { title: 'new' }, ['title'], { scope: { tenant: 't1' } }, runner);
    expect(log).toEqual([
      {
        text: 'UPDATE "notes" SET "title" = ? WHERE "id" = ? AND ("tenant" = ?) RETURNING *',
        values: ['new', 'n1', 't1'],
        transaction: false,
      },
    ]);
  });

  it('reads with a locking read first, updates by id and reads back without UPDATE ... RETURNING', async () => {
    const { source, runner, log } = fixture({ returning: false });
    await writeRecord(source, 'n1', { title: 'new' }, ['title'], { scope: { tenant: 't1' } }, runner);
    expect(log.map(({ text, values, transaction }) => [text, values, transaction])).toEqual([
      ['SELECT * FROM "notes" WHERE "id" = ? AND ("tenant" = ?) FOR UPDATE', ['n1', 't1'], true],
      ['UPDATE "notes" SET "title" = ? WHERE "id" = ?', ['new', 'n1'], true],
      ['SELECT * FROM "notes" WHERE "id" = ?', ['n1'], true],
    ]);
  });

  it('tests a condition SQL cannot say on the record read, in a transaction, and throws 404 outside it', async () => {
    const { source, runner, log } = fixture({ saysTitle: false });
    const error = await rejectionOf(
      writeRecord(
        source,
        'n1',
        { title: 'new' },
        ['title'],
        { scope: { tenant: 't1' }, where: { title: 'x' } },
        runner,
      ),
    );
    expect(error).toMatchObject({ statusCode: 404 });
    // The scope stays SQL; the `where` bound nothing; no UPDATE ran.
    expect(log).toEqual([
      {
        text: 'SELECT * FROM "notes" WHERE "id" = ? AND ("tenant" = ?) FOR UPDATE',
        values: ['n1', 't1'],
        transaction: true,
      },
    ]);
  });

  it('throws 404 without a statement for an id its column cannot hold', async () => {
    const { source, runner, log } = fixture({ holds: false });
    expect(await rejectionOf(writeRecord(source, 'n1', { title: 'x' }, ['title'], {}, runner))).toMatchObject({
      statusCode: 404,
    });
    expect(log).toEqual([]);
  });

  it.each([
    { valuesDefault: true, sets: '"tenant" = ?, "title" = ?, "stamp" = DEFAULT' },
    { valuesDefault: false, sets: '"tenant" = ?, "title" = ?' },
  ])('sets a field the database fills to $sets (valuesDefault: $valuesDefault)', async ({ valuesDefault, sets }) => {
    const { source, runner, log } = fixture({ valuesDefault });
    const record = { id: 'n1', tenant: 't1', title: 'new' };
    await writeRecord(source, 'n1', record, ['id', 'tenant', 'title', 'stamp'], { operation: 'replace' }, runner);
    expect(log[0]?.text).toBe(`UPDATE "notes" SET ${sets} WHERE "id" = ? RETURNING *`);
  });

  it('reads the record when no column is set', async () => {
    const { source, runner, log } = fixture();
    expect(await writeRecord(source, 'n1', { id: 'n1' }, ['id'], {}, runner)).toEqual(STORED);
    expect(log.map((entry) => entry.text)).toEqual(['SELECT * FROM "notes" WHERE "id" = ?']);
  });
});

describe('deleteRecord', () => {
  it('calls one DELETE ... RETURNING with the scope in SQL, and throws 404 when it returns nothing', async () => {
    const { source, runner, log } = fixture();
    expect(await deleteRecord(source, 'n1', { scope: { tenant: 't1' } }, runner)).toEqual(STORED);
    expect(await rejectionOf(deleteRecord(source, 'n2', {}, runner))).toMatchObject({ statusCode: 404 });
    expect(log.map((entry) => entry.text)).toEqual([
      'DELETE FROM "notes" WHERE "id" = ? AND ("tenant" = ?) RETURNING *',
      'DELETE FROM "notes" WHERE "id" = ? RETURNING *',
    ]);
  });

  it('reads with a locking read first and returns the record read without DELETE ... RETURNING', async () => {
    const { source, runner, log } = fixture({ returning: false });
    expect(await deleteRecord(source, 'n1', {}, runner)).toEqual(STORED);
    expect(log.map((entry) => entry.text)).toEqual([
      'SELECT * FROM "notes" WHERE "id" = ? FOR UPDATE',
      'DELETE FROM "notes" WHERE "id" = ?',
    ]);
  });
});

describe('readRecord', () => {
  it('returns the record within the scope, and throws 404 for one a condition SQL cannot say excludes', async () => {
    const { source, runner } = fixture({ saysTitle: false });
    expect(await readRecord(source, 'n1', { scope: { title: 'old' } }, runner.run)).toEqual(STORED);
    expect(await rejectionOf(readRecord(source, 'n1', { scope: { title: 'x' } }, runner.run))).toMatchObject({
      statusCode: 404,
    });
  });
});
