import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryRepository, defineResource } from '../../src/index';
import { rejectionOf } from '../support/rejection-of';

const counters = defineResource({
  name: 'counters',
  schema: z.object({ id: z.number().int(), label: z.string() }),
  filterable: ['id', 'label'],
  sortable: ['label'],
  clientIds: true,
});

const ids = (items: readonly { id: number }[]) => items.map((item) => item.id);

describe('createMemoryRepository: integer ids', () => {
  it('orders number ids by value, not as text', async () => {
    const repository = createMemoryRepository(counters, {
      records: [10, 2, 1, 33, 4].map((id) => ({ id, label: `c${id}` })),
    });
    expect(ids((await repository.list()).items)).toStrictEqual([1, 2, 4, 10, 33]);
    expect(ids((await repository.list({ where: { id: { gt: 3 } } })).items)).toStrictEqual([4, 10, 33]);
    const first = await repository.listByCursor({ limit: 2 });
    const second = await repository.listByCursor({ limit: 10, cursor: first.nextCursor });
    expect([...ids(first.items), ...ids(second.items)]).toStrictEqual([1, 2, 4, 10, 33]);
    await repository.create({ id: 3, label: 'c3' });
    expect(ids((await repository.list()).items)).toStrictEqual([1, 2, 3, 4, 10, 33]);
  });

  it('finds, updates, replaces and deletes by number id, and a text id finds nothing', async () => {
    const repository = createMemoryRepository(counters, { records: [{ id: 1, label: 'one' }] });
    expect(await repository.get(1)).toStrictEqual({ id: 1, label: 'one' });
    expect(await repository.update(1, { label: 'uno' })).toStrictEqual({ id: 1, label: 'uno' });
    expect(await repository.replace(1, { label: 'eins' })).toStrictEqual({ id: 1, label: 'eins' });
    // Repositories take the parsed id: the service turns a path's text into the number.
    expect(await rejectionOf(repository.get('1'))).toMatchObject({ statusCode: 404 });
    expect(await repository.delete(1)).toStrictEqual({ id: 1, label: 'eins' });
    expect(await rejectionOf(repository.get(1))).toMatchObject({ statusCode: 404, message: 'counters "1" not found' });
  });

  it('throws a 400 for a record without an id and no generateId, and a 409 for a taken id', async () => {
    const repository = createMemoryRepository(counters, { records: [{ id: 1, label: 'one' }] });
    expect(await rejectionOf(repository.create({ label: 'two' }))).toMatchObject({
      statusCode: 400,
      message: ['id: the id is required'],
    });
    expect(await rejectionOf(repository.create({ id: 1, label: 'again' }))).toMatchObject({ statusCode: 409 });
    expect(await rejectionOf(repository.create({ id: 1.5, label: 'half' }))).toMatchObject({ statusCode: 400 });
  });

  it('calls generateId for a record without an id', async () => {
    let next = 100;
    const repository = createMemoryRepository(counters, { generateId: () => ++next });
    expect(await repository.create({ label: 'a' })).toStrictEqual({ id: 101, label: 'a' });
    expect(await repository.create({ label: 'b' })).toStrictEqual({ id: 102, label: 'b' });
    expect(ids((await repository.list()).items)).toStrictEqual([101, 102]);
  });

  it('finds rows by search and text filters after writes with number ids', async () => {
    const searchable = defineResource({
      name: 'notes',
      schema: z.object({ id: z.number().int(), text: z.string() }),
      filterable: ['text'],
      searchable: ['text'],
      clientIds: true,
    });
    const repository = createMemoryRepository(searchable, {
      records: Array.from({ length: 30 }, (_, i) => ({ id: 30 - i, text: i % 2 ? 'odd' : 'even' })),
    });
    await repository.list({ search: 'odd' });
    await repository.update(9, { text: 'odd now' });
    await repository.delete(10);
    const found = await repository.list({ search: 'odd', limit: 100 });
    expect(ids(found.items)).toStrictEqual([1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29]);
    const contains = await repository.list({ where: { text: { cont: 'now' } } });
    expect(ids(contains.items)).toStrictEqual([9]);
  });
});
