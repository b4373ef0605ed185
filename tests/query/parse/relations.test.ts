import { describe, expect, it } from 'vitest';
import { parseCursorQuery, parseListQuery } from '../../../src/index';
import { recall } from '../../../src/query/model/normalized-query';
import { badRequestOf, inputForms, messagesOf, prototypeSnapshot, type Pair } from '../fixtures';
import { books, bookResource, plainGroups } from '../relations-fixtures';

const normalizedOf = (query: object) => {
  const normalized = recall(query, bookResource, 'page');
  if (!normalized) throw new Error('the parsed query carries its normalized form');
  return normalized;
};

const one = (conditions: unknown[]) => ({ relation: 'author', kind: 'one', match: 'any', conditions });
const many = (match: string, conditions: unknown[]) => ({ relation: 'reviews', kind: 'many', match, conditions });

describe('parseListQuery (relations)', () => {
  it.each<{ name: string; pairs: Pair[]; where: unknown; groups: unknown[][] }>([
    {
      name: 'a to-one shorthand filter',
      pairs: [['author.fullName[cont]', 'Ann']],
      where: { author: { fullName: { cont: 'Ann' } } },
      groups: [[one([['fullName', 'cont', 'Ann']])]],
    },
    {
      name: 'the spec form on a to-one path',
      pairs: [
        ['author.fullName[operator]', 'cont'],
        ['author.fullName[value]', 'Ann'],
      ],
      where: { author: { fullName: { cont: 'Ann' } } },
      groups: [[one([['fullName', 'cont', 'Ann']])]],
    },
    {
      name: 'two paths of one to-one relation as one term',
      pairs: [
        ['author.fullName[starts]', 'A'],
        ['author.born[gte]', '1900'],
      ],
      where: { author: { fullName: { starts: 'A' }, born: { gte: 1900 } } },
      groups: [
        [
          one([
            ['fullName', 'starts', 'A'],
            ['born', 'gte', 1900],
          ]),
        ],
      ],
    },
    {
      name: 'isnull on a to-one path',
      pairs: [['author.born[isnull]', '']],
      where: { author: { born: { isnull: true } } },
      groups: [[one([['born', 'isnull', true]])]],
    },
    {
      name: 'a to-many filter, any by default, after a field condition',
      pairs: [
        ['reviews.rating[gte]', '4'],
        ['title[cont]', 'a'],
      ],
      where: { title: { cont: 'a' }, reviews: { any: { rating: { gte: 4 } } } },
      groups: [[['title', 'cont', 'a'], many('any', [['rating', 'gte', 4]])]],
    },
    ...(['any', 'all', 'none'] as const).map((match) => ({
      name: `reviews[match]=${match} on two conditions of the same child`,
      pairs: [
        ['reviews[match]', match],
        ['reviews.rating[gte]', '4'],
        ['reviews.body[cont]', 'g'],
      ] as Pair[],
      where: { reviews: { [match]: { rating: { gte: 4 }, body: { cont: 'g' } } } },
      groups: [
        [
          many(match, [
            ['rating', 'gte', 4],
            ['body', 'cont', 'g'],
          ]),
        ],
      ],
    })),
    {
      name: 'a relation path in an OR group by keys',
      pairs: [
        ['or[0][author.fullName][cont]', 'Ann'],
        ['or[1][title][eq]', 'Beta'],
      ],
      where: [{ author: { fullName: { cont: 'Ann' } } }, { title: { eq: 'Beta' } }],
      groups: [[one([['fullName', 'cont', 'Ann']])], [['title', 'eq', 'Beta']]],
    },
    {
      name: 'a group on a to-many relation beside its top-level term (its own term, any)',
      pairs: [
        ['reviews[match]', 'all'],
        ['reviews.rating[gte]', '2'],
        ['or[0][reviews.rating][gte]', '5'],
        ['or[1][title][eq]', 'Beta'],
      ],
      where: [
        { reviews: { all: { rating: { gte: 2 } }, any: { rating: { gte: 5 } } } },
        { title: { eq: 'Beta' }, reviews: { all: { rating: { gte: 2 } } } },
      ],
      groups: [
        [many('all', [['rating', 'gte', 2]]), many('any', [['rating', 'gte', 5]])],
        [['title', 'eq', 'Beta'], many('all', [['rating', 'gte', 2]])],
      ],
    },
    {
      name: 'a group on a to-one relation joining its top-level term (the same related record)',
      pairs: [
        ['author.born[gte]', '1900'],
        ['or[0][author.fullName][cont]', 'Ann'],
        ['or[1][author.born][lte]', '1990'],
      ],
      where: [
        { author: { born: { gte: 1900 }, fullName: { cont: 'Ann' } } },
        { author: { born: { gte: 1900, lte: 1990 } } },
      ],
      groups: [
        [
          one([
            ['born', 'gte', 1900],
            ['fullName', 'cont', 'Ann'],
          ]),
        ],
        [
          one([
            ['born', 'gte', 1900],
            ['born', 'lte', 1990],
          ]),
        ],
      ],
    },
    {
      name: 'a percent-encoded dot in the path',
      pairs: [['author%2EfullName[cont]', 'Ann']],
      where: { author: { fullName: { cont: 'Ann' } } },
      groups: [[one([['fullName', 'cont', 'Ann']])]],
    },
    {
      name: 'a Unicode value on a path',
      pairs: [['author.fullName[contl]', 'ÉLO😀']],
      where: { author: { fullName: { contl: 'élo😀' } } },
      groups: [[one([['fullName', 'contl', 'élo😀']])]],
    },
  ])('returns the where and groups of $name', ({ pairs, where, groups }) => {
    // The percent-encoded row is only meaningful as raw text; the others are checked in every input form.
    const forms = pairs.some(([key]) => key.includes('%'))
      ? [{ form: 'raw', input: pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&') }]
      : inputForms(pairs).filter(
          ({ form }) => !form.includes('nested') || !pairs.some(([key]) => key.startsWith('or[')),
        );
    for (const { input } of forms) {
      const query = parseListQuery(input, books);
      expect(query.where).toStrictEqual(where);
      expect(plainGroups(normalizedOf(query).groups)).toStrictEqual(groups);
    }
  });

  it('returns the same groups for or=<JSON> as for the keys', () => {
    const json = parseListQuery(
      `or=${encodeURIComponent('[{"author.fullName":{"cont":"Ann"}},{"reviews.rating":{"in":[4,5]}}]')}`,
      books,
    );
    const keys = parseListQuery(
      'or[0][author.fullName][cont]=Ann&or[1][reviews.rating][in]=4&or[1][reviews.rating][in]=5',
      books,
    );
    expect(json.where).toStrictEqual(keys.where);
    expect(plainGroups(normalizedOf(json).groups)).toStrictEqual([
      [one([['fullName', 'cont', 'Ann']])],
      [many('any', [['rating', 'in', [4, 5]]])],
    ]);
  });

  it.each<{ name: string; query: string; include?: string[]; counts?: string[]; orderBy?: string[] }>([
    { name: 'include of two relations', query: 'include=author,reviews', include: ['author', 'reviews'] },
    {
      name: 'include repeated, as a comma list',
      query: 'include=author&include=reviews',
      include: ['author', 'reviews'],
    },
    {
      name: 'counts repeated, as a comma list',
      query: 'counts=reviews&include=author',
      counts: ['reviews'],
      include: ['author'],
    },
    { name: 'counts of a to-many relation', query: 'counts=reviews', counts: ['reviews'] },
    { name: 'a to-one sort', query: 'orderBy=author.fullName', orderBy: ['author.fullName', 'id'] },
    {
      name: 'a to-one sort after a field, descending',
      query: 'orderBy=year,author.born&orderDirection=desc',
      orderBy: ['year', 'author.born', 'id'],
    },
  ])('returns $name', ({ query, include, counts, orderBy }) => {
    const parsed = parseListQuery(query, books);
    expect(parsed.include).toStrictEqual(include);
    expect(parsed.counts).toStrictEqual(counts);
    expect(normalizedOf(parsed).include).toStrictEqual(include);
    expect(normalizedOf(parsed).counts).toStrictEqual(counts);
    if (orderBy) expect(parsed.orderBy.map((term) => term.field)).toStrictEqual(orderBy);
    expect(Object.isFrozen(parsed)).toBe(true);
  });

  it('returns include and counts on a cursor query', () => {
    const parsed = parseCursorQuery('include=author&counts=reviews&orderBy=author.fullName', books);
    expect(parsed).toMatchObject({ include: ['author'], counts: ['reviews'], cursor: null });
    expect(recall(parsed, bookResource, 'cursor')?.include).toStrictEqual(['author']);
  });

  it('returns no include or counts key when none is given', () => {
    const parsed = parseListQuery('title[cont]=a', books);
    expect('include' in parsed || 'counts' in parsed).toBe(false);
  });

  const unknownField = (path: string, sub: string) => `${path}[${sub}]: "${path}" is not a filterable field`;

  it.each<{ name: string; query: string; messages: string[] }>([
    { name: 'an unknown relation', query: 'nope.name[eq]=x', messages: [unknownField('nope.name', 'eq')] },
    {
      name: 'two hops',
      query: 'author.publisher.name[eq]=x',
      messages: [unknownField('author.publisher.name', 'eq')],
    },
    { name: 'a hidden related field', query: 'author.secret[eq]=x', messages: [unknownField('author.secret', 'eq')] },
    {
      name: 'a related field the resource does not allow',
      query: 'author.publisherId[eq]=p1',
      messages: [unknownField('author.publisherId', 'eq')],
    },
    {
      name: 'a relation clients may not filter through',
      query: 'editor.fullName[eq]=x',
      messages: [unknownField('editor.fullName', 'eq')],
    },
    { name: 'a relation name as a field', query: 'author[eq]=x', messages: [unknownField('author', 'eq')] },
    {
      name: 'a path in an OR group into a hidden field',
      query: 'or[0][author.secret][eq]=x',
      messages: ['or[0][author.secret][eq]: "author.secret" is not a filterable field'],
    },
    {
      name: 'a path in or=<JSON> with two hops',
      query: `or=${encodeURIComponent('[{"author.publisher.name":{"eq":"x"}}]')}`,
      messages: ['or[0][author.publisher.name][eq]: "author.publisher.name" is not a filterable field'],
    },
    { name: '__proto__ as a relation', query: '__proto__.x[eq]=1', messages: [unknownField('__proto__.x', 'eq')] },
    {
      name: 'constructor as a key',
      query: 'constructor[eq]=1',
      messages: ['parameter "constructor[eq]" is not allowed'],
    },
    {
      name: 'an operator the path does not allow',
      query: 'author.born[cont]=1',
      messages: ['author.born[cont]: operator "cont" is not allowed on field "author.born"'],
    },
    {
      name: 'a value the related field cannot hold',
      query: 'reviews.rating[gte]=high',
      messages: ['reviews.rating[gte] must be a number'],
    },
    {
      name: 'an unknown match',
      query: 'reviews[match]=sometimes&reviews.rating[gte]=4',
      messages: ['reviews[match]: "sometimes" must be any, all or none'],
    },
    {
      name: 'match on a to-one relation',
      query: 'author[match]=all&author.fullName[cont]=a',
      messages: ['author[match] applies to to-many relations only'],
    },
    {
      name: 'match without a condition',
      query: 'reviews[match]=all',
      messages: ['reviews[match] needs a condition on reviews'],
    },
    {
      name: 'match with a condition in an OR group only',
      query: 'reviews[match]=none&or[0][reviews.rating][eq]=1',
      messages: ['reviews[match] needs a condition on reviews'],
    },
    {
      name: 'match repeated',
      query: 'reviews[match]=all&reviews[match]=all&reviews.rating[gte]=4',
      messages: ['reviews[match] must not be repeated'],
    },
    {
      name: 'match inside an OR group',
      query: 'or[0][reviews][match]=all&or[0][reviews.rating][gte]=4',
      messages: ['or[0][reviews][match]: reviews[match] applies to the top-level conditions only'],
    },
    {
      name: 'match on a relation clients may not filter through',
      query: 'editor[match]=all',
      messages: [unknownField('editor', 'match')],
    },
    {
      name: 'a group repeating a top-level to-one condition',
      query: 'author.fullName[cont]=a&or[0][author.fullName][cont]=b',
      messages: ['or[0][author.fullName][cont] repeats the top-level condition author.fullName[cont]'],
    },
    { name: 'an empty include', query: 'include=', messages: ['include must name at least one relation'] },
    {
      name: 'an include of an empty name',
      query: 'include=author,',
      messages: ['include: "" is not an includable relation'],
    },
    {
      name: 'a relation named in two include parameters',
      query: 'include=author&include=reviews,author',
      messages: ['include: "author" is given twice'],
    },
    {
      name: 'an empty include beside another',
      query: 'include=author&include=',
      messages: ['include: "" is not an includable relation'],
    },
    { name: 'a name included twice', query: 'include=author,author', messages: ['include: "author" is given twice'] },
    {
      name: 'unknown and not includable relations, each named',
      query: 'include=nope,editor,__proto__',
      messages: [
        'include: "nope" is not an includable relation',
        'include: "editor" is not an includable relation',
        'include: "__proto__" is not an includable relation',
      ],
    },
    {
      name: 'an over-long include list',
      query: `include=${'author,'.repeat(40)}author`,
      messages: ['include may name at most 16 relations'],
    },
    { name: 'an empty counts', query: 'counts=', messages: ['counts must name at least one relation'] },
    {
      name: 'counts on a to-one relation',
      query: 'counts=author',
      messages: ['counts: "author" is not a countable relation'],
    },
    { name: 'counts repeated', query: 'counts=reviews&counts=reviews', messages: ['counts: "reviews" is given twice'] },
    {
      name: 'include repeated past the limit of names',
      query: Array.from({ length: 17 }, () => 'include=author').join('&'),
      messages: ['include may name at most 16 relations'],
    },
    { name: 'include[x] as a field', query: 'include[eq]=author', messages: ['unknown parameter "include[eq]"'] },
    {
      name: 'a sort by a hidden related field',
      query: 'orderBy=author.secret',
      messages: ['orderBy: "author.secret" is not a sortable field'],
    },
    {
      name: 'a sort by a to-many path',
      query: 'orderBy=reviews.rating',
      messages: ['orderBy: "reviews.rating" is not a sortable field'],
    },
    {
      name: 'a sort by two hops',
      query: 'orderBy=author.publisher.name',
      messages: ['orderBy: "author.publisher.name" is not a sortable field'],
    },
  ])('throws a 400 for $name', ({ query, messages }) => {
    const before = prototypeSnapshot();
    expect(messagesOf(badRequestOf(() => parseListQuery(query, books)))).toStrictEqual(messages);
    expect(prototypeSnapshot()).toStrictEqual(before);
  });

  it('throws a 400 for OR groups whose relation conditions exceed the bound', () => {
    const group = (n: number) =>
      `or[${n}][reviews.rating][eq]=1&or[${n}][reviews.rating][gte]=1&or[${n}][reviews.rating][lte]=5&or[${n}][reviews.body][cont]=x`;
    const full = [0, 1, 2, 3, 4, 5, 6, 7].map(group).join('&');
    // Eight groups of four relation conditions are the 32 allowed; one more condition is not.
    expect(() => parseListQuery(full, books)).not.toThrow();
    expect(messagesOf(badRequestOf(() => parseListQuery(`${full}&or[0][title][cont]=a`, books)))).toStrictEqual([
      'OR groups may hold at most 32 conditions in all, got 33',
    ]);
  });
});
