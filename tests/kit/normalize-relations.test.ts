import { describe, expect, it } from 'vitest';
import {
  CURSOR_MISMATCH,
  encodeCursor,
  nextCursorOf,
  normalizeCursorInput,
  normalizeListInput,
  scopeTagOf,
} from '../../src/kit/index';
import { fingerprintOf, queryFingerprint } from '../../src/query/model/normalized-query';
import { parseCursorQuery, parseListQuery } from '../../src/index';
import { badRequestOf, messagesOf } from '../query/fixtures';
import { books, plainGroups } from '../query/relations-fixtures';

const byAuthor = { where: { author: { fullName: { cont: 'A' } } }, orderBy: [{ field: 'title', direction: 'asc' }] };

describe('normalizeListInput (relations)', () => {
  it('returns the related scope of each relation the filter or the order reads', () => {
    const query = normalizeListInput(
      {
        where: { reviews: { none: { rating: 1 } } },
        orderBy: [{ field: 'author.fullName', direction: 'asc' }],
      },
      books,
      { relations: { author: { scope: { born: { gte: 1900 } } }, reviews: {}, editor: { scope: { born: 1 } } } },
    );
    const scopes = Object.fromEntries(
      [...(query.relationScopes ?? [])].map(([name, groups]) => [name, plainGroups(groups)]),
    );
    expect(scopes).toStrictEqual({ reviews: [[]], author: [[['born', 'gte', 1900]]] });
    expect(query.scopeTag).toEqual(expect.any(String));
  });

  it('returns no relationScopes and no scope tag for a query that reads no relation', () => {
    const query = normalizeListInput({ where: { title: 'Alpha' } }, books, {
      relations: { author: { scope: { born: 1 } } },
    });
    expect(query.relationScopes).toBeUndefined();
    expect(query.scopeTag).toBeUndefined();
  });

  it('returns the scope tag of the own scope alone when no relation is read (earlier cursors stay valid)', () => {
    const scope = { year: { gte: 2000 } };
    const query = normalizeListInput({ where: { title: 'Alpha' } }, books, { scope, relations: {} });
    const own = normalizeListInput({ where: { year: { gte: 2000 } } }, books);
    expect(query.scopeTag).toBe(scopeTagOf(fingerprintOf(own.groups, [])));
  });

  it('returns the scope tag of the own scope alone when the relations read have no scope', () => {
    const scope = { year: { gte: 2000 } };
    const related = normalizeListInput(byAuthor, books, { scope, relations: { author: {} } });
    const plain = normalizeListInput({ where: { title: 'x' } }, books, { scope });
    expect(related.scopeTag).toBe(plain.scopeTag);
    expect(
      normalizeListInput(byAuthor, books, { relations: { author: { scope: undefined } } }).scopeTag,
    ).toBeUndefined();
  });

  it('returns include and counts of any relation for programmatic callers (an empty list: none)', () => {
    const query = normalizeListInput({ include: ['editor', 'reviews'], counts: ['reviews'] }, books);
    expect(query.include).toStrictEqual(['editor', 'reviews']);
    expect(query.counts).toStrictEqual(['reviews']);
    const none = normalizeCursorInput({ include: [], counts: [] }, books);
    expect('include' in none || 'counts' in none).toBe(false);
  });

  it('returns the include and counts of a parsed query it takes as it is', () => {
    const query = normalizeListInput(parseListQuery('include=author&counts=reviews', books), books);
    expect([query.include, query.counts]).toStrictEqual([['author'], ['reviews']]);
  });

  it.each<{ name: string; input: unknown; messages: string[] }>([
    {
      name: 'include that is not an array',
      input: { include: 'author' },
      messages: ['include must be an array of relation names'],
    },
    { name: 'an unknown relation', input: { include: ['nope'] }, messages: ['include: "nope" is not a relation'] },
    { name: 'a name twice', input: { counts: ['reviews', 'reviews'] }, messages: ['counts: "reviews" is given twice'] },
    {
      name: 'counts of a to-one relation',
      input: { counts: ['author'] },
      messages: ['counts: "author" is not a to-many relation'],
    },
    { name: 'a name that is not a string', input: { include: [1] }, messages: ['include must hold relation names'] },
    { name: '__proto__', input: { include: ['__proto__'] }, messages: ['include: "__proto__" is not a relation'] },
    {
      name: 'an over-long list',
      input: { include: Array.from({ length: 17 }, () => 'author') },
      messages: ['include may name at most 16 relations'],
    },
  ])('throws a 400 for $name', ({ input, messages }) => {
    expect(messagesOf(badRequestOf(() => normalizeListInput(input, books)))).toStrictEqual(messages);
  });

  it.each<{ name: string; input: unknown }>([
    { name: 'a filter', input: byAuthor },
    { name: 'an order', input: { orderBy: [{ field: 'author.born', direction: 'asc' }] } },
    { name: 'a parsed query', input: parseListQuery('reviews.rating[gte]=4', books) },
  ])('throws an Error (a server fault) for $name on a relation without a binding', ({ input }) => {
    expect(() => normalizeListInput(input, books, { relations: { editor: {} } })).toThrow(/has no binding/);
    expect(() => normalizeListInput(input, books)).toThrow(/has no binding/);
  });

  it('throws an Error (a server fault) for a related scope that is not a valid where', () => {
    expect(() => normalizeListInput(byAuthor, books, { relations: { author: { scope: { nope: 1 } } } })).toThrow(
      'the scope of authors is not a valid where',
    );
  });
});

describe('normalizeCursorInput (relations)', () => {
  const order = [{ field: 'author.fullName', direction: 'asc' }] as const;

  function firstCursor(authorScope: unknown, scope?: unknown): string {
    const query = normalizeCursorInput({ orderBy: order, limit: 1 }, books, {
      scope,
      relations: { author: { scope: authorScope } },
    });
    return nextCursorOf(query, { id: 'b1', 'author.fullName': 'Ann Lee' });
  }

  it('returns the decoded cursor of the same related scope', () => {
    const cursor = firstCursor({ born: 1950 }, { year: { gte: 2000 } });
    const next = normalizeCursorInput({ orderBy: order, cursor }, books, {
      scope: { year: { gte: 2000 } },
      relations: { author: { scope: { born: 1950 } } },
    });
    expect(next.after).toStrictEqual(['Ann Lee', 'b1']);
  });

  it.each<{ name: string; issued: [unknown, unknown?]; used: [unknown, unknown?] }>([
    { name: 'another related scope', issued: [{ born: 1950 }], used: [{ born: 1990 }] },
    { name: 'a related scope, then none', issued: [{ born: 1950 }], used: [undefined] },
    { name: 'no related scope, then one', issued: [undefined], used: [{ born: 1950 }] },
    {
      name: 'the same related scope under another own scope',
      issued: [{ born: 1 }, { year: 1 }],
      used: [{ born: 1 }, { year: 2 }],
    },
  ])('throws a 400 for a cursor issued under $name', ({ issued, used }) => {
    const cursor = firstCursor(...issued);
    const error = badRequestOf(() =>
      normalizeCursorInput({ orderBy: order, cursor }, books, {
        scope: used[1],
        relations: { author: { scope: used[0] } },
      }),
    );
    expect(messagesOf(error)).toStrictEqual([CURSOR_MISMATCH]);
  });

  it('returns a null related value of a cursor (a book without an author) and its walk from a parsed query', () => {
    const parsed = parseCursorQuery('orderBy=author.fullName&orderDirection=desc', books);
    const first = normalizeCursorInput(parsed, books, { relations: { author: {} } });
    const cursor = nextCursorOf(first, { id: 'b3', 'author.fullName': null });
    const next = normalizeCursorInput(
      parseCursorQuery(`orderBy=author.fullName&orderDirection=desc&cursor=${cursor}`, books),
      books,
      {
        relations: { author: {} },
      },
    );
    expect(next.after).toStrictEqual([null, 'b3']);
  });

  it('returns the fingerprint of a relation-free query as before relations existed', () => {
    const query = normalizeCursorInput(
      { where: { title: 'Alpha' }, orderBy: [{ field: 'year', direction: 'desc' }] },
      books,
    );
    expect(queryFingerprint(query)).toBe('[[["[\\"title\\",\\"eq\\",\\"Alpha\\"]"]],[["year","desc"],["id","asc"]]]');
    // A cursor encoded by hand for that fingerprint, as an earlier release wrote it, still decodes.
    const cursor = encodeCursor([2001, 'b1'], queryFingerprint(query));
    const next = normalizeCursorInput(
      { where: { title: 'Alpha' }, orderBy: [{ field: 'year', direction: 'desc' }], cursor },
      books,
    );
    expect(next.after).toStrictEqual([2001, 'b1']);
  });
});
