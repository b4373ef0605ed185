/**
 * Relation reads of the memory repository by example: the to-one `isnull` term, quantifiers on childless parents,
 * to-one sorts with missing related records, server faults for relations the call cannot read, and transactions
 * (relation reads inside one see its state, reads outside it the committed state, a relation back to the same store).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryRepository, defineResource, type Repository } from '../../src/index';
import type {
  FieldDef,
  FilterTerm,
  OrderTerm,
  RelationBinding,
  RelationCondition,
  Resource,
} from '../../src/kit/index';
import { remember } from '../../src/query/model/index';
import {
  authors,
  books,
  conditionsOf,
  decodeCursorValues,
  idsOf,
  normalizedOf,
  reviews,
  stamped,
  type Author,
  type Book,
  type Review,
} from './relation-fixtures';

const seedAuthors: Author[] = [
  { id: 'a1', fullName: 'Ann', tier: 'gold', tenant: 't1' },
  { id: 'a2', fullName: 'Bob', tier: 'silver', tenant: 't2' },
  { id: 'a3', fullName: null, tier: 'gold', tenant: 't1' },
];
const seedBooks: Book[] = [
  { id: 'b1', title: 'Dune', year: 1990, authorId: 'a1', tenant: 't1' },
  { id: 'b2', title: 'Emma', year: 1991, authorId: 'a2', tenant: 't1' },
  { id: 'b3', title: 'Ulysses', year: 1992, authorId: null, tenant: 't1' },
  { id: 'b4', title: 'Beloved', year: 1993, authorId: 'a9', tenant: 't2' },
  { id: 'b5', title: 'Middlemarch', year: 1994, authorId: 'a3', tenant: 't2' },
];
const seedReviews: Review[] = [
  { id: 'r1', bookId: 'b1', rating: 5, tenant: 't1' },
  { id: 'r2', bookId: 'b1', rating: 2, tenant: 't2' },
  { id: 'r3', bookId: 'b2', rating: 4, tenant: 't1' },
  { id: 'r4', bookId: 'b5', rating: 1, tenant: 't1' },
];

function setup() {
  const repos = {
    authors: createMemoryRepository(authors, { records: seedAuthors }),
    books: createMemoryRepository(books, { records: seedBooks }),
    reviews: createMemoryRepository(reviews, { records: seedReviews }),
  };
  const bind = (scopes: { author?: object; reviews?: object } = {}) => ({
    relations: {
      author: { repository: repos.authors as Repository<unknown>, scope: scopes.author },
      reviews: { repository: repos.reviews as Repository<unknown>, scope: scopes.reviews },
    },
  });
  return { ...repos, bind };
}

const byId: readonly OrderTerm[] = [{ field: 'id', direction: 'asc' }];
const author = (where: Record<string, unknown>): RelationCondition => ({
  relation: 'author',
  kind: 'one',
  match: 'any',
  conditions: conditionsOf(where, authors),
});
/** `{ author: null }` as the normalization gives it: a to-one term whose condition is `id isnull`. */
const noAuthor: RelationCondition = {
  relation: 'author',
  kind: 'one',
  match: 'any',
  conditions: [
    { field: 'id', op: 'isnull', value: true, def: (authors as unknown as Resource).fields.get('id') as FieldDef },
  ],
};
const reviewsTerm = (match: 'any' | 'all' | 'none', where: Record<string, unknown>): RelationCondition => ({
  relation: 'reviews',
  kind: 'many',
  match,
  conditions: conditionsOf(where, reviews),
});
const pageOf = (groups: readonly (readonly FilterTerm[])[], order = byId, limit = 20) =>
  stamped(normalizedOf({ groups, order, limit }), 'page');

describe('createMemoryRepository list (relations)', () => {
  it.each([
    { name: 'author.fullName cont (to-one)', term: author({ fullName: { cont: 'n' } }), ids: ['b1'] },
    { name: 'author is null (none, or dangling)', term: noAuthor, ids: ['b3', 'b4'] },
    { name: 'author.fullName isnull', term: author({ fullName: null }), ids: ['b3', 'b4', 'b5'] },
    { name: 'an empty to-one term: has an author', term: author({}), ids: ['b1', 'b2', 'b5'] },
    { name: 'reviews any rating >= 4', term: reviewsTerm('any', { rating: { gte: 4 } }), ids: ['b1', 'b2'] },
    {
      name: 'reviews all rating >= 4 (never childless)',
      term: reviewsTerm('all', { rating: { gte: 4 } }),
      ids: ['b2'],
    },
    {
      name: 'reviews none rating >= 4 (childless included)',
      term: reviewsTerm('none', { rating: { gte: 4 } }),
      ids: ['b3', 'b4', 'b5'],
    },
    { name: 'an empty any: has reviews', term: reviewsTerm('any', {}), ids: ['b1', 'b2', 'b5'] },
    { name: 'an empty none: has no review', term: reviewsTerm('none', {}), ids: ['b3', 'b4'] },
  ])('returns the books matching $name', async ({ term, ids }) => {
    const { books: repository, bind } = setup();
    const page = await repository.list(pageOf([[term]]), bind());
    expect(idsOf(page.items)).toStrictEqual(ids);
    expect(page.total).toBe(ids.length);
  });

  it('reads only related records within the related scopes (out of scope: as if absent)', async () => {
    const { books: repository, bind } = setup();
    const scoped = bind({ author: { tenant: 't1' }, reviews: { tenant: 't1' } });
    // b2's author is in t2: absent, so its author has no name either.
    expect(idsOf((await repository.list(pageOf([[author({ fullName: null })]]), scoped)).items)).toStrictEqual([
      'b2',
      'b3',
      'b4',
      'b5',
    ]);
    // r2 (rating 2, t2) is out of scope: every review of b1 left has rating >= 4.
    expect(
      idsOf((await repository.list(pageOf([[reviewsTerm('all', { rating: { gte: 4 } })]]), scoped)).items),
    ).toStrictEqual(['b1', 'b2']);
  });

  it('combines relation terms with field conditions in OR groups and with the scope of the books', async () => {
    const { books: repository, bind } = setup();
    const groups = [
      [...conditionsOf({ tenant: 't1' }, books), author({ tier: 'silver' })],
      [...conditionsOf({ title: { cont: 'a' } }, books), reviewsTerm('any', {})],
    ];
    expect(idsOf((await repository.list(pageOf(groups), bind())).items)).toStrictEqual(['b2', 'b5']);
    const scoped = { ...bind(), scope: { tenant: 't2' as const } };
    expect(idsOf((await repository.list(pageOf(groups), scoped)).items)).toStrictEqual(['b5']);
  });

  it('sorts by a to-one path: missing and out-of-scope authors last ascending, first descending', async () => {
    const { books: repository, bind } = setup();
    const order = (direction: 'asc' | 'desc'): readonly OrderTerm[] => [
      { field: 'author.fullName', direction },
      { field: 'id', direction: 'asc' },
    ];
    const scoped = bind({ author: { tenant: 't1' } });
    expect(idsOf((await repository.list(pageOf([[]], order('asc')), scoped)).items)).toStrictEqual([
      'b1',
      'b2',
      'b3',
      'b4',
      'b5',
    ]);
    expect(idsOf((await repository.list(pageOf([[]], order('asc')), bind())).items)).toStrictEqual([
      'b1',
      'b2',
      'b3',
      'b4',
      'b5',
    ]);
    expect(idsOf((await repository.list(pageOf([[]], order('desc')), bind())).items)).toStrictEqual([
      'b3',
      'b4',
      'b5',
      'b2',
      'b1',
    ]);
  });

  it('returns a cursor that carries the related value (null when absent), and items without it', async () => {
    const { books: repository, bind } = setup();
    const shape = {
      groups: [[]],
      order: [
        { field: 'author.fullName', direction: 'desc' as const },
        { field: 'id', direction: 'asc' as const },
      ],
      limit: 2,
    };
    const first = await repository.listByCursor(stamped(normalizedOf(shape), 'cursor'), bind());
    expect(idsOf(first.items)).toStrictEqual(['b3', 'b4']);
    expect(Object.keys(first.items[0] ?? {})).not.toContain('author.fullName');
    const { values } = decodeCursorValues(first.nextCursor ?? '');
    expect(values).toStrictEqual([null, 'b4']);
    const second = await repository.listByCursor(stamped(normalizedOf(shape, values), 'cursor'), bind());
    expect(idsOf(second.items)).toStrictEqual(['b5', 'b2']);
    expect(decodeCursorValues(second.nextCursor ?? '').values).toStrictEqual(['Bob', 'b2']);
  });

  it.each<{
    name: string;
    options: { relations?: Record<string, RelationBinding> };
    query: never;
    message: RegExp;
  }>([
    {
      name: 'a relation without a binding',
      options: { relations: {} },
      query: pageOf([[author({})]]),
      message: /reads relation "author", which has no binding/,
    },
    {
      name: 'a relation bound to something without listByCursor (the kit fallback reads through it)',
      options: { relations: { author: { repository: { list: async () => ({}) } as unknown as Repository<unknown> } } },
      query: pageOf([[author({})]]),
      message: /listByCursor is not a function/,
    },
    {
      name: 'a relation the resource does not declare',
      options: {},
      query: pageOf([[{ ...author({}), relation: 'publisher' }]]),
      message: /reads relation "publisher", which has no binding/,
    },
    {
      name: 'a relation named __proto__',
      options: {},
      query: pageOf([[{ ...author({}), relation: '__proto__' }]]),
      message: /reads relation "__proto__", which has no binding/,
    },
    {
      name: 'a sort by a to-many path',
      options: {},
      query: pageOf(
        [[]],
        [
          { field: 'reviews.rating', direction: 'asc' },
          { field: 'id', direction: 'asc' },
        ],
      ),
      message: /not a to-one path/,
    },
  ])('throws an Error (a server fault) for $name', async ({ options, query, message }) => {
    const { books: repository, bind } = setup();
    const relations = options.relations ?? bind().relations;
    const call = repository.list(query, { relations });
    await expect(call).rejects.toThrow(message);
    await expect(call).rejects.not.toHaveProperty('statusCode');
  });

  it('throws an Error when a relation term reaches a resource without relations', async () => {
    const plain = createMemoryRepository(reviews, { records: seedReviews });
    const query = remember(
      {},
      normalizedOf({ groups: [[author({})]], order: byId, limit: 5 }),
      reviews,
      'page',
    ) as never;
    await expect(plain.list(query)).rejects.toThrow(/relation "author"/);
  });
});

describe('createMemoryRepository (relations, programmatic input)', () => {
  it.each([
    { name: 'a to-one clause', where: { author: { fullName: { cont: 'n' } } }, ids: ['b1'] },
    { name: '{ author: null }', where: { author: null }, ids: ['b3', 'b4'] },
    { name: 'reviews all', where: { reviews: { all: { rating: { gte: 4 } } } }, ids: ['b2'] },
    { name: 'reviews none (childless included)', where: { reviews: { none: {} } }, ids: ['b3', 'b4'] },
    {
      name: 'an OR of relation clauses',
      where: [{ reviews: { none: {} } }, { author: { tier: 'silver' } }],
      ids: ['b2', 'b3', 'b4'],
    },
    {
      name: 'two clauses of one quantifier (each its own term)',
      where: { reviews: { any: [{ rating: 5 }, { rating: 2 }] } },
      ids: ['b1'],
    },
  ])('returns the books of $name', async ({ where, ids }) => {
    const { books: repository, bind } = setup();
    const page = await repository.list({ where } as never, bind());
    expect(idsOf(page.items)).toStrictEqual(ids);
    expect(page.total).toBe(ids.length);
  });

  it('walks cursors sorted by a to-one path under related scopes, and refuses them under other ones', async () => {
    const { books: repository, bind } = setup();
    const options = { ...bind({ author: { tenant: 't1' } }), scope: { tenant: 't1' as const } };
    const query = { orderBy: [{ field: 'author.fullName', direction: 'desc' }], limit: 2 } as never;
    const first = await repository.listByCursor(query, options);
    expect(idsOf(first.items)).toStrictEqual(['b2', 'b3']);
    const next = { orderBy: [{ field: 'author.fullName', direction: 'desc' }], limit: 2, cursor: first.nextCursor };
    const second = await repository.listByCursor(next as never, options);
    expect(idsOf(second.items)).toStrictEqual(['b1']);
    expect(second.nextCursor).toBeNull();
    const otherScope = { ...bind({ author: { tenant: 't2' } }), scope: { tenant: 't1' as const } };
    await expect(repository.listByCursor(next as never, otherScope)).rejects.toMatchObject({ statusCode: 400 });
  });
});

// A resource related to itself: a relation read of a store in its committed view reads that same store.
const employeeSchema = z.object({ id: z.string(), name: z.string(), managerId: z.string().nullable() });
type Employee = z.output<typeof employeeSchema>;
const employees: Resource<Employee> = defineResource({
  name: 'employees',
  schema: employeeSchema,
  relations: {
    manager: { kind: 'one', resource: () => employees, field: 'managerId' },
    reports: { kind: 'many', resource: () => employees, field: 'managerId' },
  },
});

describe('createMemoryRepository transaction (relations)', () => {
  it('returns the transaction state inside it and the committed state outside it', async () => {
    const { books: repository, authors: authorRepository, reviews: reviewRepository, bind } = setup();
    const query = pageOf([[author({ fullName: 'Zed' })]]);
    const result = await repository.transaction?.(async (tx) => {
      const txAuthors = tx.repository(authorRepository);
      const txBooks = tx.repository(repository);
      await txAuthors.update('a2', { fullName: 'Zed' });
      await tx.repository(reviewRepository).create({ id: 'r9', bookId: 'b3', rating: 5, tenant: 't1' });
      const inside = await txBooks.list(query, bind());
      const insideBound = await txBooks.list(query, {
        relations: { author: { repository: txAuthors as Repository<unknown> } },
      });
      const outside = await repository.list(query, bind());
      const reviewed = await repository.list(pageOf([[reviewsTerm('any', { rating: 5 })]]), bind());
      const reviewedInside = await txBooks.list(pageOf([[reviewsTerm('any', { rating: 5 })]]), bind());
      const counted = await reviewRepository.countByValues?.('bookId', ['b3']);
      const countedInside = await tx.repository(reviewRepository).countByValues?.('bookId', ['b3']);
      return { inside, insideBound, outside, reviewed, reviewedInside, counted, countedInside };
    });
    expect(idsOf(result?.inside.items ?? [])).toStrictEqual(['b2']);
    expect(idsOf(result?.insideBound.items ?? [])).toStrictEqual(['b2']);
    expect(idsOf(result?.outside.items ?? [])).toStrictEqual([]);
    expect(idsOf(result?.reviewed.items ?? [])).toStrictEqual(['b1']);
    expect(idsOf(result?.reviewedInside.items ?? [])).toStrictEqual(['b1', 'b3']);
    expect(result?.counted).toStrictEqual(new Map([['b3', 0]]));
    expect(result?.countedInside).toStrictEqual(new Map([['b3', 1]]));
    // Committed: everyone sees it.
    expect(idsOf((await repository.list(query, bind())).items)).toStrictEqual(['b2']);
  });

  it('returns the state before a transaction that rolled back', async () => {
    const { books: repository, authors: authorRepository, bind } = setup();
    const fail = new Error('roll back');
    await expect(
      repository.transaction?.(async (tx) => {
        await tx.repository(authorRepository).update('a1', { fullName: 'Zed' });
        throw fail;
      }),
    ).rejects.toBe(fail);
    expect(idsOf((await repository.list(pageOf([[author({ fullName: 'Ann' })]]), bind())).items)).toStrictEqual(['b1']);
  });

  it('reads a relation back to the same store in its committed state from outside, once', async () => {
    const staff = createMemoryRepository(employees, {
      records: [
        { id: 'e1', name: 'Ada', managerId: null },
        { id: 'e2', name: 'Bo', managerId: 'e1' },
        { id: 'e3', name: 'Cy', managerId: 'e2' },
        { id: 'e4', name: 'Di', managerId: 'e2' },
      ],
    });
    const relations = {
      manager: { repository: staff as Repository<unknown> },
      reports: { repository: staff as Repository<unknown> },
    };
    const managedByBo = stamped0(
      [[{ relation: 'manager', kind: 'one', match: 'any', conditions: conditionsOf({ name: 'Bo' }, employees) }]],
      [{ field: 'id', direction: 'asc' }],
    );
    const managers = stamped0(
      [[{ relation: 'reports', kind: 'many', match: 'any', conditions: [] }]],
      [
        { field: 'manager.name', direction: 'desc' },
        { field: 'id', direction: 'asc' },
      ],
    );
    const seen = await staff.transaction?.(async (tx) => {
      const txStaff = tx.repository(staff);
      await txStaff.update('e3', { managerId: 'e1' });
      await txStaff.update('e1', { name: 'Bo' });
      await txStaff.delete('e4');
      return {
        outside: idsOf((await staff.list(managedByBo, { relations })).items),
        inside: idsOf((await txStaff.list(managedByBo, { relations })).items),
        managersOutside: idsOf((await staff.list(managers, { relations })).items),
        managersInside: idsOf((await txStaff.list(managers, { relations })).items),
        stored: (await staff.list({ limit: 10 })).items,
      };
    });
    expect(seen?.outside).toStrictEqual(['e3', 'e4']);
    expect(seen?.inside).toStrictEqual(['e2', 'e3']);
    // Outside: e1 (no manager: first descending) then e2 (manager Ada); inside: only e1 has reports.
    expect(seen?.managersOutside).toStrictEqual(['e1', 'e2']);
    expect(seen?.managersInside).toStrictEqual(['e1']);
    expect(seen?.stored).toStrictEqual([
      { id: 'e1', name: 'Ada', managerId: null },
      { id: 'e2', name: 'Bo', managerId: 'e1' },
      { id: 'e3', name: 'Cy', managerId: 'e2' },
      { id: 'e4', name: 'Di', managerId: 'e2' },
    ]);
    expect(idsOf((await staff.list(managedByBo, { relations })).items)).toStrictEqual(['e2', 'e3']);
    expect((await staff.list({ limit: 10 })).items).toStrictEqual([
      { id: 'e1', name: 'Bo', managerId: null },
      { id: 'e2', name: 'Bo', managerId: 'e1' },
      { id: 'e3', name: 'Cy', managerId: 'e1' },
    ]);
  });
});

/** A stamped page query of employees. */
function stamped0(groups: readonly (readonly FilterTerm[])[], order: readonly OrderTerm[]): never {
  const normalized = Object.freeze({ page: 1, limit: 10, groups, order, after: null });
  return remember({}, normalized, employees, 'page') as never;
}
