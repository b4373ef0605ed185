import { describe, expect, it } from 'vitest';
import { parseListQuery } from '../../../src/index';
import { relationsRead } from '../../../src/kit/index';
import { normalizeInput } from '../../../src/query/model/normalize-input';
import { books } from '../relations-fixtures';

const bindings = { author: { scope: undefined }, reviews: { scope: undefined } };
const normalized = (text: string) =>
  normalizeInput(parseListQuery(text, books), books as never, 'page', undefined, bindings);

describe('relationsRead', () => {
  it.each([
    { text: 'title[eq]=x', names: [] },
    { text: 'author.fullName[cont]=ann', names: ['author'] },
    { text: 'orderBy=author.fullName', names: ['author'] },
    { text: 'reviews.rating[gte]=4&orderBy=author.fullName', names: ['reviews', 'author'] },
    { text: 'or[0][title][eq]=x&or[1][author.fullName][cont]=a', names: ['author'] },
    { text: 'include=author&counts=reviews', names: [] },
  ])('returns the relations $text reads, in the order met', ({ text, names }) => {
    expect([...relationsRead(normalized(text))]).toStrictEqual(names);
  });

  it('returns one shared, frozen empty set for queries that read no relation', () => {
    const none = relationsRead(normalized('title[eq]=x'));
    expect(relationsRead(normalized('year[gte]=1'))).toBe(none);
    expect(Object.isFrozen(none)).toBe(true);
  });
});
