/** parseListQuery: values turned into the field's type, and values the type rejects. */
import { describe, expect, it } from 'vitest';
import { parseListQuery } from 'pagelope';
import { badCases, expectBadRequestNaming, users, validCases } from '../../fixtures';
import { BAD_ROWS, VALID_ROWS } from './rows/value-coercion';

describe('parseListQuery', () => {
  it.each(validCases(VALID_ROWS))('returns the query for $name, from $form', ({ input, query }) => {
    expect(parseListQuery(input, users)).toStrictEqual(query);
  });

  it.each(badCases(BAD_ROWS))('throws a 400 naming the parameter for $name, from $form', (row) => {
    expectBadRequestNaming(row);
  });
});
