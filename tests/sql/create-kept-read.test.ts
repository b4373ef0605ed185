import { describe, expect, it } from 'vitest';
import { createKeptRead } from '../../src/sql/index';

/** A reader named `name` whose reads resolve the values of `answers` in turn, counted in `calls`. */
function readerOf(answers: (string | undefined | Error)[]) {
  const calls: string[] = [];
  const read = async (reader: string) => {
    calls.push(reader);
    const answer = answers.shift();
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { calls, read };
}

describe('createKeptRead', () => {
  it('returns the first value read and reads no more', async () => {
    const { calls, read } = readerOf(['facts', 'other']);
    const lookup = createKeptRead<string, string>('client', read);
    await expect(lookup()).resolves.toBe('facts');
    await expect(lookup()).resolves.toBe('facts');
    await expect(lookup('savepoint')).resolves.toBe('facts');
    expect(calls).toEqual(['client']);
  });

  it('shares one read among concurrent first calls on the client', async () => {
    const { calls, read } = readerOf(['facts']);
    const lookup = createKeptRead<string, string>('client', read);
    await expect(Promise.all([lookup(), lookup(), lookup()])).resolves.toEqual(['facts', 'facts', 'facts']);
    expect(calls).toEqual(['client']);
  });

  it('reads through a given reader on its own, and keeps what it read', async () => {
    const { calls, read } = readerOf(['facts']);
    const lookup = createKeptRead<string, string>('client', read);
    await expect(lookup('savepoint')).resolves.toBe('facts');
    await expect(lookup()).resolves.toBe('facts');
    expect(calls).toEqual(['savepoint']);
  });

  it('reads again after a read that resolved nothing or threw', async () => {
    const { calls, read } = readerOf([undefined, new Error('timeout'), 'facts']);
    const lookup = createKeptRead<string, string>('client', read);
    await expect(lookup()).resolves.toBeUndefined();
    await expect(lookup()).rejects.toThrow('timeout');
    await expect(lookup()).resolves.toBe('facts');
    expect(calls).toEqual(['client', 'client', 'client']);
  });

  it('starts from the value given, and keeps a value kept later', async () => {
    const { calls, read } = readerOf(['read']);
    const lookup = createKeptRead<string, string>('client', read, 'stated');
    await expect(lookup()).resolves.toBe('stated');
    lookup.keep('checked');
    await expect(lookup()).resolves.toBe('checked');
    expect(calls).toEqual([]);
  });
});
