import { describe, expect, it } from 'vitest';
import { withPrepare } from '../../../src/drizzle/sql/with-prepare';

describe('withPrepare', () => {
  const repositoryOf = (calls: string[]) => ({
    databaseDefaults: Object.freeze(['id']),
    get: async (id: string) => (calls.push(`get ${id}`), { id }),
    list: async () => (calls.push('list'), []),
  });

  it('calls every method once prepare has resolved, with its arguments and its result', async () => {
    const calls: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const prepared = withPrepare(repositoryOf(calls), () => (calls.push('prepare'), gate));
    const got = prepared.get('a');
    const listed = prepared.list();
    await Promise.resolve();
    expect(calls).toEqual(['prepare', 'prepare']);
    release();
    expect(await got).toEqual({ id: 'a' });
    expect(await listed).toEqual([]);
    expect(calls).toEqual(['prepare', 'prepare', 'get a', 'list']);
  });

  it("rejects a call with prepare's rejection, without calling the method", async () => {
    const calls: string[] = [];
    const prepared = withPrepare(repositoryOf(calls), () => Promise.reject(new Error('not MariaDB')));
    await expect(prepared.get('a')).rejects.toThrow('not MariaDB');
    expect(calls).toEqual([]);
  });

  it('copies what is not a method, and freezes the result', () => {
    const prepared = withPrepare(repositoryOf([]), () => Promise.resolve());
    expect(prepared.databaseDefaults).toEqual(['id']);
    expect(Object.isFrozen(prepared)).toBe(true);
  });
});
