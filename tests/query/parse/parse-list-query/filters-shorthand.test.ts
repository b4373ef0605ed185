/** parseListQuery: the shorthand form of a filter, `field[op]=value`. */
import { describe, expect, it } from 'vitest';
import { parseListQuery } from 'pagelope';
import { badCases, expectBadRequestNaming, users, validCases } from '../../fixtures';
import { BAD_ROWS, VALID_ROWS } from './rows/filters-shorthand';

describe('parseListQuery', () => {
  it.each(validCases(VALID_ROWS))('returns the query for $name, from $form', ({ input, query }) => {
    expect(parseListQuery(input, users)).toStrictEqual(query);
  });

  it.each(badCases(BAD_ROWS))('throws a 400 naming the parameter for $name, from $form', (row) => {
    expectBadRequestNaming(row);
  });
});
