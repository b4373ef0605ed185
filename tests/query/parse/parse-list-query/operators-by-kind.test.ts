/** parseListQuery: operators, the field kinds they fit, and the operator map. */
import { describe, expect, it } from 'vitest';
import { parseListQuery } from 'pagelope';
import { badCases, expectBadRequestNaming, users, validCases } from '../../fixtures';
import { BAD_ROWS, VALID_ROWS } from './rows/operators-by-kind';

describe('parseListQuery', () => {
  it.each(validCases(VALID_ROWS))('returns the query for $name, from $form', ({ input, query }) => {
    expect(parseListQuery(input, users)).toStrictEqual(query);
  });

  it.each(badCases(BAD_ROWS))('throws a 400 naming the parameter for $name, from $form', (row) => {
    expectBadRequestNaming(row);
  });

  it.each([
    { name: 'a bare isnull', input: 'deletedAt[isnull]' },
    { name: 'isnull=', input: 'deletedAt[isnull]=' },
    { name: 'isnull=true', input: 'deletedAt[isnull]=true' },
    { name: 'a bare isnull with a question mark', input: '?deletedAt[isnull]' },
    { name: 'a bare isnull in URLSearchParams', input: new URLSearchParams('deletedAt[isnull]') },
    { name: 'isnull as operator', input: 'deletedAt[operator]=isnull' },
    { name: 'isnull as operator with an empty value', input: 'deletedAt[operator]=isnull&deletedAt[value]=' },
  ])('treats $name as the same isnull condition', ({ input }) => {
    expect(parseListQuery(input, users).where).toStrictEqual({ deletedAt: { isnull: true } });
  });
});
