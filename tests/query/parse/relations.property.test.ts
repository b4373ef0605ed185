import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isHttpError, parseListQuery } from '../../../src/index';
import { normalizeInput } from '../../../src/query/model/normalize-input';
import { recall } from '../../../src/query/model/normalized-query';
import { toQueryString, type Pair } from '../fixtures';
import { bookResource, books, canonicalGroups } from '../relations-fixtures';

const text = fc.string({ unit: fc.constantFrom('a', 'B', 'é', ' ', '%', '&', '=', '[', '+'), maxLength: 5 });
const year = fc.integer({ min: 1990, max: 2010 }).map(String);
const rating = fc.integer({ min: 0, max: 5 }).map(String);

/** One filter parameter as `[path, operator, values]`: the paths and operators the books fixture allows clients. */
const condition: fc.Arbitrary<readonly [string, string, readonly string[]]> = fc.oneof(
  fc.tuple(
    fc.constant('title'),
    fc.constantFrom('eq', 'cont', 'contl'),
    text.map((v) => [v]),
  ),
  fc.tuple(
    fc.constant('year'),
    fc.constantFrom('eq', 'gte', 'lte'),
    year.map((v) => [v]),
  ),
  fc.tuple(fc.constant('year'), fc.constant('between'), fc.tuple(year, year)),
  fc.tuple(
    fc.constant('author.fullName'),
    fc.constantFrom('eq', 'cont', 'contl', 'starts'),
    text.map((v) => [v]),
  ),
  fc.tuple(
    fc.constant('author.born'),
    fc.constantFrom('gte', 'lte'),
    year.map((v) => [v]),
  ),
  fc.tuple(fc.constant('author.born'), fc.constant('isnull'), fc.constant([''])),
  fc.tuple(
    fc.constant('reviews.rating'),
    fc.constantFrom('eq', 'gte', 'lte'),
    rating.map((v) => [v]),
  ),
  fc.tuple(fc.constant('reviews.rating'), fc.constant('in'), fc.uniqueArray(rating, { minLength: 1, maxLength: 3 })),
  fc.tuple(
    fc.constant('reviews.body'),
    fc.constant('cont'),
    text.map((v) => [v]),
  ),
);

/** Conditions with no path and operator twice. */
const conditions = (max: number) =>
  fc.uniqueArray(condition, { maxLength: max, selector: ([path, op]) => `${path}[${op}]` });

const query = fc.record({
  top: conditions(5),
  match: fc.constantFrom(undefined, 'any', 'all', 'none'),
  groups: fc.array(
    conditions(3).filter((list) => list.length > 0),
    { maxLength: 3 },
  ),
});

type Generated = typeof query extends fc.Arbitrary<infer T> ? T : never;

function pairsOf({ top, match, groups }: Generated): Pair[] {
  const pairs: Pair[] = [];
  const add = (
    prefix: (path: string, op: string) => string,
    list: readonly (readonly [string, string, readonly string[]])[],
  ) => {
    for (const [path, op, values] of list) for (const value of values) pairs.push([prefix(path, op), value]);
  };
  add((path, op) => `${path}[${op}]`, top);
  if (match !== undefined && top.some(([path]) => path.startsWith('reviews.'))) pairs.push(['reviews[match]', match]);
  groups.forEach((list, n) => add((path, op) => `or[${n}][${path}][${op}]`, list));
  return pairs;
}

describe('parseListQuery (relations, property)', () => {
  it('returns groups that the programmatic form of its where normalizes to again', () => {
    let parsed = 0;
    fc.assert(
      fc.property(query, (generated) => {
        let result;
        try {
          result = parseListQuery(toQueryString(pairsOf(generated)), books);
        } catch (error) {
          // A group repeating a top-level condition of a field or a to-one path is a 400; nothing else may fail.
          expect(isHttpError(error) && error.statusCode === 400).toBe(true);
          expect(String((error as Error).message)).toMatch(/repeats the top-level condition/);
          return;
        }
        parsed++;
        const fromHttp = recall(result, bookResource, 'page');
        const programmatic = normalizeInput({ where: result.where }, bookResource, 'page', undefined, {
          author: {},
          reviews: {},
        });
        expect(canonicalGroups(programmatic.groups)).toBe(canonicalGroups(fromHttp?.groups ?? []));
      }),
      { seed: 19, numRuns: 300 },
    );
    expect(parsed).toBeGreaterThan(200);
  });
});
