import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryRepository, defineResource } from '../../src/index';
import {
  describeRepositoryContract,
  expectBadRequest,
  httpErrorOf,
  items,
  SEED,
  type Item,
} from '../contracts/repository-contract';

fc.configureGlobal({ seed: Number(process.env['FC_SEED'] ?? 42) });

describeRepositoryContract('createMemoryRepository', (resource, records) =>
  createMemoryRepository(resource, { records }),
);

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('createMemoryRepository', () => {
  const body = { name: 'n', age: 1, active: true, status: 'draft', createdAt: null } as const;

  it('returns uuid v7 ids by default, increasing in creation order', async () => {
    const repository = createMemoryRepository(items);
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push((await repository.create(body)).id);
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect([...ids].sort()).toStrictEqual(ids);
    expect(new Set(ids).size).toBe(50);
  });

  it('calls generateId for a record created without an id, and only then', async () => {
    let next = 0;
    const repository = createMemoryRepository(items, { generateId: () => `gen-${++next}` });
    expect((await repository.create(body)).id).toBe('gen-1');
    expect((await repository.create({ ...body, id: 'own' })).id).toBe('own');
    expect((await repository.create(body)).id).toBe('gen-2');
    expect(next).toBe(2);
  });

  it('throws a 409 when generateId repeats an id', async () => {
    const repository = createMemoryRepository(items, { generateId: () => 'same' });
    await repository.create(body);
    expect((await httpErrorOf(repository.create(body))).statusCode).toBe(409);
  });

  it('starts with the records option, validated, with ids assigned where absent', async () => {
    const repository = createMemoryRepository(items, {
      records: [SEED[0] as Item, body],
      generateId: () => 'seeded',
    });
    expect(await repository.get('a1')).toStrictEqual(SEED[0]);
    expect((await repository.get('seeded')).name).toBe('n');
    expect((await repository.list()).total).toBe(2);
  });

  it('accepts any iterable of records', async () => {
    function* records(): Generator<Item> {
      yield* SEED;
    }
    expect((await createMemoryRepository(items, { records: records() }).list()).total).toBe(SEED.length);
  });

  it('stores copies of the records option', async () => {
    const seed = structuredClone(SEED[0] as Item);
    const repository = createMemoryRepository(items, { records: [seed] });
    seed.name = 'changed';
    seed.createdAt?.setTime(0);
    expect(await repository.get('a1')).toStrictEqual(SEED[0]);
  });

  it.each([
    { name: 'a wrong field type', record: { ...body, age: 'x' } },
    { name: 'a missing required field', record: { age: 1 } },
    { name: 'a non-object', record: 'x' },
  ])('throws a 400 for a record option with $name', ({ record }) => {
    try {
      createMemoryRepository(items, { records: [record as Item] });
      expect.unreachable('createMemoryRepository should throw');
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 400 });
      expect(Array.isArray((error as { message: unknown }).message)).toBe(true);
    }
  });

  it('throws a 409 for two records option entries with one id', () => {
    expect(() => createMemoryRepository(items, { records: [SEED[0] as Item, SEED[0] as Item] })).toThrow(
      expect.objectContaining({ statusCode: 409 }),
    );
  });

  it('uses a custom idField', async () => {
    const books = defineResource({
      name: 'books',
      schema: z.object({ isbn: z.string(), title: z.string() }),
      idField: 'isbn',
      sortable: ['title'],
    });
    const repository = createMemoryRepository(books, { generateId: () => 'x-1' });
    // Repository<T>.create's type assumes the id field is `id` (Resource does not carry its idField literal), hence the cast.
    expect(await repository.create({ title: 'T' } as never)).toStrictEqual({ isbn: 'x-1', title: 'T' });
    await repository.create({ isbn: '0-1', title: 'U' });
    expect((await repository.list()).items.map((book) => book.isbn)).toStrictEqual(['0-1', 'x-1']);
    await expectBadRequest(repository.update('x-1', { isbn: 'other' }));
    expect((await httpErrorOf(repository.create({ isbn: '0-1', title: 'V' }))).statusCode).toBe(409);
  });

  it('returns a frozen repository', () => {
    expect(Object.isFrozen(createMemoryRepository(items))).toBe(true);
  });
});
