/**
 * `databaseDefaults`: fields the database fills (`gen_random_uuid()`, `now()`) are left out of the INSERT when a
 * record has none and read back; the repository says which they are, so the service's create needs no hook for a
 * read-only `createdAt` or a uuid id. On PGlite, and on the server when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createResourceService, defineResource, isHttpError } from '../../src/index';
import { validateCreate } from '../../src/kit/index';
import { createPostgresRepository } from '../../src/postgres/index';
import { testDatabases, uniqueTable, type TestDatabase } from './pg-clients';

const posts = defineResource({
  name: 'posts',
  schema: z.object({
    id: z.string(),
    title: z.string(),
    createdAt: z.date(),
    rank: z.number().int(),
  }),
  readOnly: ['createdAt'],
  filterable: ['title'],
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('validateCreate with databaseDefaults', () => {
  it.each([
    ['no list', undefined, { title: 't', rank: 1 }, ['createdAt: the field is required']],
    ['an empty list', [], { title: 't', rank: 1 }, ['createdAt: the field is required']],
    ['createdAt', ['createdAt'], { title: 't', rank: 1 }, null],
    ['createdAt twice', ['createdAt', 'createdAt'], { title: 't', rank: 1 }, null],
    ['rank, absent', ['rank'], { title: 't', createdAt: new Date(0) }, null],
    ['createdAt, with a bad value', ['createdAt'], { title: 't', rank: 1, createdAt: 'x' }, 'invalid'],
  ])('with %s', (_name, databaseDefaults, body, expected) => {
    const call = () => validateCreate(posts, body, { databaseDefaults });
    if (expected === null) expect(call()).toEqual(body);
    else if (expected === 'invalid') expect(call).toThrow(expect.objectContaining({ statusCode: 400 }));
    else {
      const error: unknown = (() => {
        try {
          call();
        } catch (caught) {
          return caught;
        }
      })();
      expect(isHttpError(error) && error.message).toEqual(expected);
    }
  });

  it.each(['__proto__', 'constructor', 'nope', ''])('throws a TypeError for a field %j it does not have', (field) => {
    expect(() => validateCreate(posts, { title: 't' }, { databaseDefaults: [field] })).toThrow(TypeError);
  });
});

describe('createPostgresRepository databaseDefaults option', () => {
  it.each(['__proto__', 'nope', 'created_at'])('throws a TypeError for %j, which is no field', (field) => {
    expect(() =>
      createPostgresRepository(posts, { client: { query: async () => ({ rows: [] }) }, databaseDefaults: [field] }),
    ).toThrow(TypeError);
  });

  it('exposes the list, frozen and without repeats', () => {
    const repository = createPostgresRepository(posts, {
      client: { query: async () => ({ rows: [] }) },
      databaseDefaults: ['id', 'createdAt', 'id'],
    });
    expect(repository.databaseDefaults).toEqual(['id', 'createdAt']);
    expect(Object.isFrozen(repository.databaseDefaults)).toBe(true);
  });
});

for (const [leg, open] of testDatabases()) {
  describe(`databaseDefaults on ${leg}`, () => {
    let db: TestDatabase;
    const table = uniqueTable('defaults_posts');
    beforeAll(async () => {
      db = await open();
      await db.exec(`CREATE TABLE ${table} (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title text NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        rank integer NOT NULL DEFAULT 7
      )`);
    });
    afterAll(async () => {
      await db.dropTables([table]);
      await db.close();
    });

    const make = (generateId = vi.fn(() => 'never')) => ({
      generateId,
      repository: createPostgresRepository(posts, {
        client: db.client,
        table,
        generateId,
        databaseDefaults: ['id', 'createdAt', 'rank'],
      }),
    });

    it('leaves the columns out, reads the stored values back and never calls generateId', async () => {
      const { repository, generateId } = make();
      const before = Date.now();
      const created = await repository.create({ title: 'a' } as never);
      expect(created.id).toMatch(UUID);
      expect(created.createdAt).toBeInstanceOf(Date);
      expect(Math.abs(created.createdAt.getTime() - before)).toBeLessThan(60_000);
      expect(created.rank).toBe(7);
      expect(generateId).not.toHaveBeenCalled();
      await expect(repository.get(created.id)).resolves.toEqual(created);
    });

    it('writes the values a record has', async () => {
      const { repository } = make();
      const id = '00000000-0000-4000-8000-00000000000a';
      const createdAt = new Date('2001-02-03T04:05:06.000Z');
      const created = await repository.create({ id, title: 'b', createdAt, rank: 1 });
      expect(created).toEqual({ id, title: 'b', createdAt, rank: 1 });
      const duplicate: unknown = await repository.create({ id, title: 'c' } as never).catch((e: unknown) => e);
      expect(isHttpError(duplicate) && [duplicate.statusCode, duplicate.message]).toEqual([
        409,
        'posts: the id is taken',
      ]);
    });

    it('sets a listed field a replace leaves out to its default', async () => {
      const { repository } = make();
      const created = await repository.create({ title: 'c', rank: 3 } as never);
      const replaced = await repository.replace(created.id, { title: 'd' } as never);
      expect(replaced).toMatchObject({ id: created.id, title: 'd', rank: 7 });
    });

    it('inserts DEFAULT VALUES when the database fills every column', async () => {
      const stamps = defineResource({ name: 'stamps', schema: z.object({ id: z.string(), createdAt: z.date() }) });
      const stampTable = uniqueTable('defaults_stamps');
      await db.exec(`CREATE TABLE ${stampTable} (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(), "createdAt" timestamptz NOT NULL DEFAULT now())`);
      const repository = createPostgresRepository(stamps, {
        client: db.client,
        table: stampTable,
        databaseDefaults: ['createdAt', 'id'],
      });
      const [first, second] = [await repository.create({} as never), await repository.create({} as never)];
      expect(first?.id).toMatch(UUID);
      expect(second?.id).not.toBe(first?.id);
      expect((await repository.list()).total).toBe(2);
      await db.dropTables([stampTable]);
    });

    it('without the option, calls generateId and requires every field', async () => {
      const repository = createPostgresRepository(posts, { client: db.client, table });
      expect(repository.databaseDefaults).toEqual([]);
      const error: unknown = await repository.create({ title: 'e' } as never).catch((e: unknown) => e);
      expect(isHttpError(error) && error.statusCode).toBe(400);
    });

    it('lets the service create with a read-only createdAt and no id, and refuses a client-sent createdAt', async () => {
      const { repository } = make();
      const service = createResourceService({ resource: posts, repository });
      const created = await service.create({ title: 'from the service' });
      expect(created).toMatchObject({ title: 'from the service', rank: 7 });
      expect(created.id).toMatch(UUID);
      expect(created.createdAt).toBeInstanceOf(Date);
      const refused: unknown = await service
        .create({ title: 'x', createdAt: '2000-01-01T00:00:00Z' })
        .catch((e: unknown) => e);
      expect(isHttpError(refused) && refused.statusCode).toBe(400);
      const replaced = await service.replace(created.id, { title: 'again', rank: 2 });
      expect(replaced.createdAt).toEqual(created.createdAt);
    });
  });
}
