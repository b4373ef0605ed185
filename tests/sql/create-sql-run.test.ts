import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/kit/index';
import { createSqlRun, type SqlFault } from '../../src/sql/index';

/** A dialect whose driver errors carry their fault by name. */
const DIALECT = {
  faultOf: (error: unknown): SqlFault | undefined =>
    (error as { fault?: unknown } | null)?.fault === 'unavailable' ? 'unavailable' : undefined,
};
const WRITE = { operation: 'create' } as const;
const failing = (error: unknown) => () => Promise.reject(error);
const answered = (error: unknown) => new HttpError(409, 'answered', { cause: error });

describe('createSqlRun', () => {
  it('returns the rows the statement read', async () => {
    const run = createSqlRun(async (text, values) => [{ text, values }], { dialect: DIALECT, writeError: answered });
    await expect(run('SELECT $1', [1])).resolves.toEqual([{ text: 'SELECT $1', values: [1] }]);
  });

  it('throws the 503 of a fault a retry may clear, even for a write', async () => {
    const error = { fault: 'unavailable' };
    const run = createSqlRun(failing(error), { dialect: DIALECT, writeError: answered });
    await expect(run('UPDATE t SET a = 1', [], WRITE)).rejects.toMatchObject({ statusCode: 503, cause: error });
  });

  it("throws a write's other errors as writeError answers them", async () => {
    const error = { code: '23505' };
    const run = createSqlRun(failing(error), { dialect: DIALECT, writeError: async (e) => answered(e) });
    await expect(run('INSERT INTO t VALUES (1)', [], WRITE)).rejects.toMatchObject({ statusCode: 409, cause: error });
  });

  it("throws a read's other errors as they are, without asking writeError", async () => {
    const error = new Error('syntax error');
    const run = createSqlRun(failing(error), {
      dialect: DIALECT,
      writeError: () => {
        throw new Error('asked');
      },
    });
    await expect(run('SELEC 1', [])).rejects.toBe(error);
  });
});
