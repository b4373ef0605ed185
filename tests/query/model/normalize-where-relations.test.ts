import { describe, expect, it } from 'vitest';
import { normalizeWhere } from '../../../src/query/model/normalize-where';
import { normalizeOrder } from '../../../src/query/model/normalize-order';
import { normalizeScope } from '../../../src/query/model/normalize-scope';
import { toWhere } from '../../../src/query/model/to-where';
import { Problems } from '../../../src/errors/problems';
import { prototypeSnapshot } from '../fixtures';
import { authors, bookResource, plainGroups } from '../relations-fixtures';

const one = (conditions: unknown[]) => ({ relation: 'author', kind: 'one', match: 'any', conditions });
const many = (match: string, conditions: unknown[]) => ({ relation: 'reviews', kind: 'many', match, conditions });

function normalized(where: unknown): { groups: unknown[][]; messages: readonly string[] } {
  const problems = new Problems();
  const groups = normalizeWhere(where, bookResource, problems);
  return { groups: plainGroups(groups), messages: problems.messages };
}

describe('normalizeWhere (relations)', () => {
  it.each<{ name: string; where: unknown; groups: unknown[][] }>([
    {
      name: 'a to-one clause',
      where: { author: { fullName: { cont: 'Ann' } } },
      groups: [[one([['fullName', 'cont', 'Ann']])]],
    },
    {
      name: 'a to-one clause of equality and null on any related field (a hidden one too)',
      where: { author: { secret: 's1', born: null } },
      groups: [
        [
          one([
            ['secret', 'eq', 's1'],
            ['born', 'isnull', true],
          ]),
        ],
      ],
    },
    {
      name: '{ author: null }: no related record',
      where: { author: null },
      groups: [[one([['id', 'isnull', true]])]],
    },
    { name: 'an empty to-one clause: has a related record', where: { author: {} }, groups: [[one([])]] },
    {
      name: 'isnull and notnull on any to-one field (the related record may be absent)',
      where: { author: { fullName: null, id: { notnull: true } } },
      groups: [
        [
          one([
            ['fullName', 'isnull', true],
            ['id', 'notnull', true],
          ]),
        ],
      ],
    },
    ...(['any', 'all', 'none'] as const).map((match) => ({
      name: `a to-many ${match} clause`,
      where: { reviews: { [match]: { rating: { gte: 4 }, body: 'great' } } },
      groups: [
        [
          many(match, [
            ['rating', 'gte', 4],
            ['body', 'eq', 'great'],
          ]),
        ],
      ],
    })),
    {
      name: 'a quantifier holding an array of clauses, each its own term',
      where: { reviews: { any: [{ rating: 5 }, { body: { cont: 'g' } }], none: {} } },
      groups: [[many('any', [['rating', 'eq', 5]]), many('any', [['body', 'cont', 'g']]), many('none', [])]],
    },
    {
      name: 'relations beside fields, in an OR of clauses',
      where: [{ title: 'Alpha', author: { born: { gte: 1900 } } }, { reviews: { all: { rating: { gte: 3 } } } }],
      groups: [[['title', 'eq', 'Alpha'], one([['born', 'gte', 1900]])], [many('all', [['rating', 'gte', 3]])]],
    },
    {
      name: 'a relation not allowed to clients (programmatic callers may use any)',
      where: { editor: { fullName: 'Ann Lee' } },
      groups: [[{ relation: 'editor', kind: 'one', match: 'any', conditions: [['fullName', 'eq', 'Ann Lee']] }]],
    },
    {
      name: 'a lower-cased value of a case-insensitive operator',
      where: { author: { fullName: { contl: 'ÉLO' } } },
      groups: [[one([['fullName', 'contl', 'élo']])]],
    },
  ])('returns the groups of $name', ({ where, groups }) => {
    const result = normalized(where);
    expect(result.messages).toStrictEqual([]);
    expect(result.groups).toStrictEqual(groups);
  });

  it.each<{ name: string; where: unknown; messages: string[] }>([
    {
      name: 'two hops',
      where: { author: { publisher: { name: 'x' } } },
      messages: ['where.author.publisher: "publisher" is not a filterable field'],
    },
    {
      name: 'an unknown related field',
      where: { author: { nope: 1 } },
      messages: ['where.author.nope: "nope" is not a filterable field'],
    },
    {
      name: 'an operator that does not fit the related field',
      where: { author: { fullName: { gte: 3 } } },
      messages: ['where.author.fullName.gte: operator "gte" does not fit field "fullName"'],
    },
    {
      name: 'a value the related field cannot hold',
      where: { author: { fullName: { cont: 5 } } },
      messages: ['where.author.fullName.cont must be a string, got 5'],
    },
    {
      name: 'null on a to-many related field that is not nullable',
      where: { reviews: { any: { body: null } } },
      messages: ['where.reviews.any.body: operator "isnull" does not fit field "body"'],
    },
    {
      name: 'a to-one value that is not a clause',
      where: { author: 'a1' },
      messages: ['where.author must be an object of conditions on "author", or null'],
    },
    {
      name: 'an array for a to-one relation',
      where: { author: [{ fullName: 'x' }] },
      messages: ['where.author must be an object of conditions on "author", or null'],
    },
    {
      name: 'a to-many key other than any, all or none',
      where: { reviews: { some: { rating: 5 }, rating: 5 } },
      messages: [
        'where.reviews.some: "some" must be any, all or none',
        'where.reviews.rating: "rating" must be any, all or none',
      ],
    },
    {
      name: 'an empty to-many object',
      where: { reviews: {} },
      messages: ['where.reviews must be an object { any | all | none: <clause or clauses> }'],
    },
    {
      name: 'null on a to-many relation',
      where: { reviews: null },
      messages: ['where.reviews must be an object { any | all | none: <clause or clauses> }'],
    },
    {
      name: 'an empty array of clauses',
      where: { reviews: { any: [] } },
      messages: ['where.reviews.any must be a clause or a non-empty array of clauses'],
    },
    {
      name: 'a clause of an array that is not an object',
      where: { reviews: { all: [{ rating: 5 }, 'x'] } },
      messages: ['where.reviews.all[1] must be an object of conditions on "reviews"'],
    },
    {
      name: 'a to-many clause naming an unknown field',
      where: { reviews: { none: { stars: 5 } } },
      messages: ['where.reviews.none.stars: "stars" is not a filterable field'],
    },
    {
      name: 'a relation path as a key',
      where: { 'author.fullName': 'x' },
      messages: ['where.author.fullName: "author.fullName" is not a filterable field'],
    },
    {
      name: '__proto__ as a related key',
      where: { author: JSON.parse('{"__proto__":{"x":1}}') as unknown },
      messages: ['where.author.__proto__: "__proto__" is not a filterable field'],
    },
    {
      name: 'constructor as a quantifier',
      where: { reviews: { constructor: {} } },
      messages: ['where.reviews.constructor: "constructor" must be any, all or none'],
    },
    {
      name: 'more than 100 clauses, those on relations included',
      where: { reviews: { any: Array.from({ length: 100 }, () => ({ rating: 1 })) } },
      messages: ['where may hold at most 100 clauses, those on relations included'],
    },
  ])('reports $name', ({ where, messages }) => {
    const before = prototypeSnapshot();
    expect(normalized(where).messages).toStrictEqual(messages);
    expect(prototypeSnapshot()).toStrictEqual(before);
  });

  it('returns 99 relation clauses beside the top-level clause', () => {
    const where = { reviews: { any: Array.from({ length: 99 }, (_, i) => ({ rating: i })) } };
    const result = normalized(where);
    expect(result.messages).toStrictEqual([]);
    expect(result.groups[0]).toHaveLength(99);
  });

  it('returns a where that normalizes back to the same groups (toWhere)', () => {
    const where = [
      { title: { eq: 'Alpha' }, author: { born: { gte: 1900 }, fullName: { cont: 'A' } } },
      { reviews: { all: { rating: { gte: 3 } }, any: [{ rating: { eq: 5 } }, { body: { eq: 'x' } }] }, author: null },
    ];
    const first = normalizeWhere(where, bookResource, new Problems());
    expect(toWhere(first)).toStrictEqual([where[0], { reviews: where[1]?.reviews, author: { id: { isnull: true } } }]);
    expect(plainGroups(normalizeWhere(toWhere(first), bookResource, new Problems()))).toStrictEqual(plainGroups(first));
  });
});

describe('normalizeScope (relations)', () => {
  it('throws an Error for a relation in a scope (a scope holds own fields only)', () => {
    expect(() => normalizeScope({ author: { fullName: 'x' } }, bookResource)).toThrow(
      'the scope of books is not a valid where: where.author: "author" is not a filterable field',
    );
  });

  it('returns the scope of a related resource against that resource', () => {
    expect(plainGroups(normalizeScope({ born: { gte: 1 } }, authors))).toStrictEqual([[['born', 'gte', 1]]]);
  });
});

describe('normalizeOrder (relations)', () => {
  it.each<{ name: string; orderBy: unknown; fields?: string[]; messages?: string[] }>([
    {
      name: 'a to-one path',
      orderBy: [{ field: 'author.fullName', direction: 'desc' }],
      fields: ['author.fullName', 'id'],
    },
    {
      name: 'any related field of a to-one relation (one clients may not sort by)',
      orderBy: [{ field: 'editor.secret', direction: 'asc' }],
      fields: ['editor.secret', 'id'],
    },
    {
      name: 'a to-many path',
      orderBy: [{ field: 'reviews.rating', direction: 'asc' }],
      messages: ['orderBy[0].field: "reviews.rating" is not a sortable field'],
    },
    {
      name: 'two hops',
      orderBy: [{ field: 'author.publisher.name', direction: 'asc' }],
      messages: ['orderBy[0].field: "author.publisher.name" is not a sortable field'],
    },
    {
      name: 'an unknown relation',
      orderBy: [{ field: '__proto__.x', direction: 'asc' }],
      messages: ['orderBy[0].field: "__proto__.x" is not a sortable field'],
    },
    {
      name: 'a path given twice',
      orderBy: [
        { field: 'author.born', direction: 'asc' },
        { field: 'author.born', direction: 'desc' },
      ],
      messages: ['orderBy[1].field: "author.born" is given twice'],
    },
  ])('returns or reports $name', ({ orderBy, fields, messages }) => {
    const problems = new Problems();
    const order = normalizeOrder(orderBy, bookResource, problems);
    expect(problems.messages).toStrictEqual(messages ?? []);
    expect(order?.map((term) => term.field)).toStrictEqual(fields);
  });
});
