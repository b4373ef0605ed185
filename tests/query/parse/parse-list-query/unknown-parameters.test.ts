/** parseListQuery: unknown parameters and fields, hidden fields named like missing ones, every problem reported. */
import { describe, expect, it } from 'vitest';
import { parseCursorQuery, parseListQuery } from 'pagelope';
import { badCases, badRequestOf, expectBadRequestNaming, messagesOf, users } from '../../fixtures';
import { BAD_ROWS } from './rows/unknown-parameters';

describe('parseListQuery', () => {
  it.each(badCases(BAD_ROWS))('throws a 400 naming the parameter for $name, from $form', (row) => {
    expectBadRequestNaming(row);
  });

  it('reports every problem of a request, one message each', () => {
    const error = badRequestOf(() => parseListQuery('limit=0&page=x&nope=1&age[gte]=abc&orderBy=secret', users));
    expect([...messagesOf(error)].sort()).toStrictEqual(
      [
        'age[gte] must be a number',
        'limit must be a positive integer',
        'orderBy: "secret" is not a sortable field',
        'page must be a positive integer',
        'unknown parameter "nope"',
      ].sort(),
    );
  });

  it.each([
    { name: 'a shorthand filter', query: (f: string) => `${f}[eq]=1` },
    { name: 'the spec form', query: (f: string) => `${f}[operator]=eq&${f}[value]=1` },
    { name: 'an unknown operator', query: (f: string) => `${f}[bogus]=1` },
    { name: 'an operator that fits no field', query: (f: string) => `${f}[gt]=x` },
    { name: 'a repeated operator', query: (f: string) => `${f}[operator]=eq&${f}[operator]=ne` },
    { name: 'a value without operator', query: (f: string) => `${f}[value]=1` },
    { name: 'isnull', query: (f: string) => `${f}[isnull]` },
    { name: 'a bare field', query: (f: string) => `${f}=1` },
    { name: 'orderBy', query: (f: string) => `orderBy=${f}` },
    { name: 'orderBy with a direction', query: (f: string) => `orderBy=${f}&orderDirection=DESC` },
  ])('gives an existing hidden field and a missing field the same message but for the name: $name', ({ query }) => {
    const messages = (field: string) =>
      messagesOf(badRequestOf(() => parseListQuery(query(field), users))).map((message) =>
        message.replaceAll(field, '<field>'),
      );
    expect(messages('secret')).toStrictEqual(messages('nopex'));
    expect(messages('tags')).toStrictEqual(messages('nopex'));
    const cursorMessages = (field: string) =>
      messagesOf(badRequestOf(() => parseCursorQuery(query(field), users))).map((message) =>
        message.replaceAll(field, '<field>'),
      );
    expect(cursorMessages('secret')).toStrictEqual(cursorMessages('nopex'));
  });
});
