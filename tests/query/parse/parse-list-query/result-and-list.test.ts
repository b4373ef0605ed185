/** parseListQuery: the query as a whole, frozen, and as list and listByCursor take it. */
import { describe, expect, it } from 'vitest';
import { createMemoryRepository, parseCursorQuery, parseListQuery } from 'pagelope';
import { asc, RECORDS, strictUsers, users, validCases } from '../../fixtures';
import { VALID_ROWS } from './rows/result-and-list';

describe('parseListQuery', () => {
  it.each(validCases(VALID_ROWS))('returns the query for $name, from $form', ({ input, query }) => {
    expect(parseListQuery(input, users)).toStrictEqual(query);
  });

  it('returns a deeply frozen query', () => {
    const query = parseListQuery(
      'age[gte]=18&role[in]=admin&role[in]=guest&createdAt[between]=2024-01-01&createdAt[between]=2024-02-01&orderBy=age',
      users,
    );
    const where = query.where as Record<string, Record<string, unknown>>;
    expect(Object.isFrozen(query)).toBe(true);
    expect(Object.isFrozen(where)).toBe(true);
    expect(Object.isFrozen(where['age'])).toBe(true);
    expect(Object.isFrozen(where['role']?.['in'])).toBe(true);
    expect(Object.isFrozen(where['createdAt']?.['between'])).toBe(true);
    expect(Object.isFrozen(query.orderBy)).toBe(true);
    for (const term of query.orderBy) expect(Object.isFrozen(term)).toBe(true);
    expect(JSON.parse(JSON.stringify(query))).toStrictEqual({
      page: 1,
      limit: 10,
      where: {
        age: { gte: 18 },
        role: { in: ['admin', 'guest'] },
        createdAt: { between: ['2024-01-01T00:00:00.000Z', '2024-02-01T00:00:00.000Z'] },
      },
      orderBy: [asc('age'), asc('id')],
    });
  });

  it('returns a query that list accepts unchanged and applies', async () => {
    const repository = createMemoryRepository(users, { records: RECORDS });
    const query = parseListQuery('age[gte]=18&deletedAt[isnull]&orderBy=age&orderDirection=DESC&limit=2&page=2', users);
    const page = await repository.list(query);
    expect(page.items.map((user) => user.id)).toStrictEqual(['u4']);
    expect(page).toMatchObject({
      total: 3,
      page: 2,
      limit: 2,
      totalPages: 2,
      hasNextPage: false,
      hasPreviousPage: true,
    });
    const first = await repository.list(
      parseListQuery('age[gte]=18&deletedAt[isnull]&orderBy=age&orderDirection=DESC&limit=2', users),
    );
    expect(first.items.map((user) => user.id)).toStrictEqual(['u3', 'u6']);
  });

  it('validates a query parsed for another resource again, against the repository resource', async () => {
    const query = parseListQuery('age[gte]=18&orderBy=score', users);
    const strict = createMemoryRepository(strictUsers, { records: RECORDS });
    const page = await strict.list(query);
    expect(page.limit).toBe(10);
    expect(page.items.map((user) => user.id)).toStrictEqual(['u2', 'u3', 'u6', 'u5', 'u4']);
    const tooLarge = parseListQuery('limit=50', users);
    const error = await strict.list(tooLarge).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({ statusCode: 400, message: ['limit must be at most 20'] });
  });

  it('rejects a page query given to a cursor listing, and a cursor query given to list', async () => {
    const repository = createMemoryRepository(users, { records: RECORDS });
    await expect(repository.listByCursor(parseListQuery('', users) as never)).rejects.toMatchObject({
      statusCode: 400,
      message: ['unknown option "page"'],
    });
    await expect(repository.list(parseCursorQuery('', users) as never)).rejects.toMatchObject({
      statusCode: 400,
      message: ['unknown option "cursor"'],
    });
  });
});
