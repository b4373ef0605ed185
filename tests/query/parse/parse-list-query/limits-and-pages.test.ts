/** parseListQuery: page and limit. */
import { describe, expect, it } from 'vitest';
import { parseListQuery } from 'pagelope';
import {
  asc,
  badCases,
  expected,
  badRequestOf,
  expectBadRequestNaming,
  messagesOf,
  strictUsers,
  users,
  validCases,
} from '../../fixtures';
import { BAD_ROWS, VALID_ROWS } from './rows/limits-and-pages';

describe('parseListQuery', () => {
  it.each(validCases(VALID_ROWS))('returns the query for $name, from $form', ({ input, query }) => {
    expect(parseListQuery(input, users)).toStrictEqual(query);
  });

  it.each(badCases(BAD_ROWS))('throws a 400 naming the parameter for $name, from $form', (row) => {
    expectBadRequestNaming(row);
  });

  it.each([
    { name: 'null', input: null },
    { name: 'undefined', input: undefined },
    { name: 'an empty string', input: '' },
    { name: 'a lone question mark', input: '?' },
    { name: 'an empty object', input: {} },
    { name: 'a null-prototype object', input: Object.create(null) as unknown },
    { name: 'an object with an undefined value', input: { limit: undefined } },
  ])('returns the defaults for $name', ({ input }) => {
    expect(parseListQuery(input, users)).toStrictEqual(expected());
    expect(parseListQuery(input, strictUsers)).toStrictEqual({ page: 1, limit: 5, where: {}, orderBy: [asc('id')] });
  });

  it('clamps a limit above maxLimit with the clamp policy and rejects it with the reject policy', () => {
    expect(parseListQuery('limit=1000', users).limit).toBe(50);
    expect(parseListQuery('limit=20', strictUsers).limit).toBe(20);
    const error = badRequestOf(() => parseListQuery('limit=21', strictUsers));
    expect(messagesOf(error)).toStrictEqual(['limit must be at most 20']);
  });
});
