/**
 * Pending regression test (weakness W4 of the hardening report): `parseListQuery` must answer a query object that
 * cannot be read (a throwing getter, a Proxy whose traps throw) with a 400 HttpError, not let the raw error escape,
 * whose message is internal text. Rename to `.test.ts` once the fix in src/query/read-query-pairs.ts lands.
 */
import { describe, expect, it } from 'vitest';
import { isHttpError, parseCursorQuery, parseListQuery } from '../../src/index';
import { users } from '../query/fixtures';

const secret = 'internal secret';
const throwing = (): never => {
  throw new Error(secret);
};

describe('parseListQuery, on a query object that cannot be read', () => {
  it.each([
    { name: 'a throwing getter', make: () => Object.defineProperty({}, 'limit', { enumerable: true, get: throwing }) },
    {
      name: 'a throwing nested getter',
      make: () => ({ username: Object.defineProperty({}, 'eq', { enumerable: true, get: throwing }) }),
    },
    { name: 'a Proxy whose ownKeys trap throws', make: () => new Proxy({}, { ownKeys: throwing }) },
    { name: 'a Proxy whose getPrototypeOf trap throws', make: () => new Proxy({}, { getPrototypeOf: throwing }) },
    { name: 'a Proxy whose get trap throws', make: () => new Proxy({ limit: '1' }, { get: throwing }) },
  ])('throws a 400 HttpError, not the raw error, for $name', ({ make }) => {
    for (const parse of [parseListQuery, parseCursorQuery]) {
      let thrown: unknown;
      try {
        parse(make(), users);
      } catch (error) {
        thrown = error;
      }
      expect(isHttpError(thrown)).toBe(true);
      expect(thrown).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(JSON.stringify((thrown as { message: unknown }).message)).not.toContain(secret);
    }
  });
});
