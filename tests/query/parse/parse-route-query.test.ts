/**
 * Every route's query parameters are parsed in query/parse (issue 33, item 3): the list routes' own `total` and
 * `deleted` beside the grammar, GET one's `include`, `counts` and `deleted`, DELETE's `permanent`, nothing on the
 * other writes; one wording for an unknown parameter and every problem of a request in one 400.
 */
import { describe, expect, it } from 'vitest';
import { isHttpError } from '../../../src/index';
import {
  parseRouteCursorQuery,
  parseRouteDeleteQuery,
  parseRouteGetQuery,
  parseRouteListQuery,
  parseRouteWriteQuery,
} from '../../../src/query/index';
import { bookResource } from '../relations-fixtures';

/** The messages of the 400 `call` throws. */
function problemsOf(call: () => unknown): readonly string[] {
  try {
    call();
  } catch (error) {
    if (isHttpError(error) && error.statusCode === 400) return error.message as readonly string[];
    throw error;
  }
  throw new Error('the query was accepted');
}

const LIST_ROUTE = { clientTotal: ['exact', 'none'], deleted: true } as const;

describe('parseRouteListQuery', () => {
  it('throws one 400 naming each of limit, total and deleted', () => {
    const problems = problemsOf(() =>
      parseRouteListQuery('limit=abc&total=bogus&deleted=bogus', bookResource, LIST_ROUTE),
    );
    expect(problems).toHaveLength(3);
    expect(problems.filter((message) => message.startsWith('limit'))).toHaveLength(1);
    expect(problems).toContain("total must be 'exact' or 'none'");
    expect(problems).toContain("deleted must be 'include' or 'only'");
  });

  it.each([
    {
      label: 'total without clientTotal',
      route: {},
      query: 'total=none',
      problem: 'total cannot be chosen on this route (no clientTotal option)',
    },
    { label: 'deleted without the option', route: {}, query: 'deleted=only', problem: 'unknown parameter "deleted"' },
    { label: 'an empty total', route: LIST_ROUTE, query: 'total=', problem: "total must be 'exact' or 'none'" },
    {
      label: 'a repeated deleted',
      route: LIST_ROUTE,
      query: 'deleted=only&deleted=only',
      problem: 'deleted must not be repeated',
    },
    {
      label: 'a mode not listed',
      route: LIST_ROUTE,
      query: 'total=estimated',
      problem: "total must be 'exact' or 'none'",
    },
    // The grammar refuses an unsafe key at once, in its own words (tests/query/parse/read-query.test.ts).
    { label: '__proto__', route: LIST_ROUTE, query: '__proto__=1', problem: 'parameter "__proto__" is not allowed' },
    { label: 'an unknown name', route: LIST_ROUTE, query: 'totals=none', problem: 'unknown parameter "totals"' },
  ])('throws a 400 for $label', ({ route, query, problem }) => {
    expect(problemsOf(() => parseRouteListQuery(query, bookResource, route))).toEqual([problem]);
  });

  it('returns the query with the client total mode and the deleted mode', () => {
    const parsed = parseRouteListQuery('total=none&deleted=only&limit=5', bookResource, LIST_ROUTE);
    expect(parsed.deleted).toBe('only');
    expect(parsed.query).toMatchObject({ limit: 5, total: 'none' });
  });

  it("returns the route's own total and threshold when the client chooses none", () => {
    const parsed = parseRouteListQuery('', bookResource, { total: 'estimated', totalThreshold: 50 });
    expect(parsed).toMatchObject({ query: { total: 'estimated', totalThreshold: 50 }, deleted: undefined });
  });
});

describe('parseRouteCursorQuery', () => {
  it('throws one 400 naming the grammar problem and deleted', () => {
    const problems = problemsOf(() => parseRouteCursorQuery('limit=abc&deleted=bogus', bookResource, LIST_ROUTE));
    expect(problems).toHaveLength(2);
    expect(problems).toContain("deleted must be 'include' or 'only'");
  });

  it('throws a 400 for total, which a cursor route never reads', () => {
    expect(problemsOf(() => parseRouteCursorQuery('total=none', bookResource, LIST_ROUTE))).toEqual([
      'unknown parameter "total"',
    ]);
  });

  it('returns the deleted mode beside the cursor query', () => {
    const parsed = parseRouteCursorQuery('deleted=include', bookResource, LIST_ROUTE);
    expect(parsed.deleted).toBe('include');
    expect(parsed.query).toMatchObject({ cursor: null });
  });
});

describe('parseRouteGetQuery', () => {
  it.each([
    { label: 'an empty query', query: '', route: {}, expected: {} },
    { label: 'include', query: 'include=author,reviews', route: {}, expected: { include: ['author', 'reviews'] } },
    {
      label: 'a repeated include as one list',
      query: 'include=author&include=reviews',
      route: {},
      expected: { include: ['author', 'reviews'] },
    },
    {
      label: 'counts and deleted',
      query: 'counts=reviews&deleted=only',
      route: { deleted: true },
      expected: { counts: ['reviews'], deleted: 'only' },
    },
    { label: 'a parsed query object', query: { include: ['author'] }, route: {}, expected: { include: ['author'] } },
  ])('returns $label', ({ query, route, expected }) => {
    expect(parseRouteGetQuery(query, bookResource, route)).toStrictEqual(expected);
  });

  it.each([
    {
      label: 'every problem at once',
      query: 'x=1&include=nope&counts=author&deleted=bogus',
      route: { deleted: true },
      problems: [
        'unknown parameter "x"',
        'include: "nope" is not an includable relation',
        'counts: "author" is not a countable relation',
        "deleted must be 'include' or 'only'",
      ],
    },
    {
      label: 'deleted without the option',
      query: 'deleted=only',
      route: {},
      problems: ['unknown parameter "deleted"'],
    },
    { label: 'an empty include', query: 'include=', route: {}, problems: ['include must name at least one relation'] },
    {
      label: 'a name given twice',
      query: 'include=author&include=author',
      route: {},
      problems: ['include: "author" is given twice'],
    },
    {
      label: 'a relation not includable',
      query: 'include=editor',
      route: {},
      problems: ['include: "editor" is not an includable relation'],
    },
    {
      label: 'constructor',
      query: 'include=constructor',
      route: {},
      problems: ['include: "constructor" is not an includable relation'],
    },
    {
      label: 'a nested object',
      query: { include: { a: 'b' } },
      route: {},
      problems: ['include must name at least one relation'],
    },
    // A prototype key is worded as the list grammar words it (above), an ordinary unknown name as every route does.
    { label: '__proto__', query: '__proto__=1', route: {}, problems: ['parameter "__proto__" is not allowed'] },
    {
      label: 'a constructor key with a sub-key',
      query: 'constructor[x]=1&y[z]=2',
      route: {},
      problems: ['parameter "constructor[x]" is not allowed', 'unknown parameter "y[z]"'],
    },
    {
      label: 'seventeen names',
      query: `include=${'author,'.repeat(16)}reviews`,
      route: {},
      problems: ['include may name at most 16 relations'],
    },
  ])('throws one 400 for $label', ({ query, route, problems }) => {
    expect(problemsOf(() => parseRouteGetQuery(query, bookResource, route))).toEqual(problems);
  });
});

describe('parseRouteDeleteQuery', () => {
  it.each([
    { query: '', route: { permanent: true }, permanent: false },
    { query: 'permanent=true', route: { permanent: true }, permanent: true },
    { query: 'permanent=false', route: { permanent: true }, permanent: false },
  ])('returns permanent $permanent for "$query"', ({ query, route, permanent }) => {
    expect(parseRouteDeleteQuery(query, route)).toStrictEqual({ permanent });
  });

  it.each([
    {
      query: 'x=1&permanent=maybe',
      route: { permanent: true },
      problems: ['unknown parameter "x"', "permanent must be 'true' or 'false'"],
    },
    { query: 'permanent=true', route: {}, problems: ['unknown parameter "permanent"'] },
    {
      query: 'permanent=true&permanent=true',
      route: { permanent: true },
      problems: ['permanent must not be repeated'],
    },
  ])('throws one 400 for "$query"', ({ query, route, problems }) => {
    expect(problemsOf(() => parseRouteDeleteQuery(query, route))).toEqual(problems);
  });
});

describe('parseRouteWriteQuery', () => {
  it('returns for an empty query', () => {
    expect(parseRouteWriteQuery('?')).toBeUndefined();
  });

  it('throws one 400 naming every parameter, percent-decoded', () => {
    expect(problemsOf(() => parseRouteWriteQuery('a=1&%C3%A9=2&a=3'))).toEqual([
      'unknown parameter "a"',
      'unknown parameter "é"',
    ]);
  });
});
