import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context';
import { expectBadRequest, httpErrorOf } from './expect-bad-request';
import { at, type Item } from './fixtures';
import { idsOf } from './ids-of';
import { except, SEED } from './seed';
import { tryMutate } from './try-mutate';

/** The cases of create: a stored copy with an assigned or given id, 409 for a duplicate id, 400s that store nothing. */
function createCases(context: ContractContext): void {
  const { seeded, fresh, body, STORED, rows } = context;
  it('returns the stored record with an assigned string id when the id is absent', async () => {
    const repository = await fresh();
    const created = await repository.create(body());
    expect(typeof created.id).toBe('string');
    expect(created.id.length).toBeGreaterThan(0);
    expect(created).toStrictEqual({ ...body(), id: created.id });
    expect(await repository.get(created.id)).toStrictEqual(created);
  });

  it('assigns a different id to each record', async () => {
    const repository = await fresh();
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) ids.add((await repository.create(body({ name: `n${i}` }))).id);
    expect(ids.size).toBe(20);
    expect((await repository.list({ limit: 50 })).total).toBe(20);
  });

  it('keeps an id that is given', async () => {
    const repository = await fresh();
    const created = await repository.create({ ...body(), id: 'given-1' });
    expect(created.id).toBe('given-1');
    expect((await repository.get('given-1')).name).toBe('Hedy');
  });

  it('throws a 409 for a duplicate id and keeps the stored record', async () => {
    const repository = await seeded();
    const error = await httpErrorOf(repository.create({ ...body({ name: 'Impostor' }), id: 'a1' }));
    expect(error.statusCode).toBe(409);
    expect(error.error).toBe('Conflict');
    expect(await repository.get('a1')).toStrictEqual(STORED[0]);
    expect((await repository.list()).total).toBe(SEED.length);
  });

  it.each(
    rows([
      { name: 'a wrong field type', data: { ...body(), age: 'forty' } },
      {
        name: 'a missing required field',
        data: { nick: 'x', age: 1, active: true, status: 'draft', createdAt: null },
      },
      { name: 'an enum value outside the enum', data: { ...body(), status: 'deleted' } },
      { name: 'a non-object body', data: 'Hedy' },
      { name: 'an array body', data: [body()] },
      { name: 'null', data: null },
      { name: 'a __proto__ key', data: JSON.parse('{"name":"x","__proto__":{"polluted":true}}') as unknown },
    ]),
  )('throws a 400 for $name and stores nothing', async ({ data }) => {
    const repository = await fresh();
    await expectBadRequest(repository.create(data as Item));
    expect((await repository.list()).total).toBe(0);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('stores a copy: changing the input or the result afterwards changes nothing', async () => {
    const repository = await fresh();
    const input = body();
    const created = await repository.create(input);
    const snapshot = structuredClone(created);
    input.name = 'changed';
    input.createdAt?.setTime(0);
    tryMutate(() => {
      (created as { name: string }).name = 'changed';
      created.createdAt?.setTime(0);
    });
    expect(await repository.get(created.id)).toStrictEqual(snapshot);
  });
}

/** The cases of get: the record, a copy; 404 for a missing id. */
function getCases(context: ContractContext): void {
  const { seeded, STORED, rows } = context;
  it('returns the record with the id', async () => {
    const repository = await seeded();
    expect(await repository.get('a4')).toStrictEqual(STORED[3]);
  });

  it.each(rows([{ id: 'missing' }, { id: '' }, { id: '__proto__' }, { id: 'constructor' }, { id: 'A1' }]))(
    'throws a 404 for the missing id $id',
    async ({ id }) => {
      const repository = await seeded();
      const error = await httpErrorOf(repository.get(id));
      expect(error.statusCode).toBe(404);
      expect(error.error).toBe('Not Found');
    },
  );

  it('returns a copy: changing it or its Date never changes the store', async () => {
    const repository = await seeded();
    const first = await repository.get('a1');
    tryMutate(() => {
      (first as { age: number | null }).age = 99;
      first.createdAt?.setTime(0);
      delete (first as { nick?: unknown }).nick;
    });
    expect(await repository.get('a1')).toStrictEqual(STORED[0]);
  });
}

/** The cases of update: the patch applied, copies both ways; 404 and 400s that change nothing. */
function updateCases(context: ContractContext): void {
  const { seeded, STORED, rows } = context;
  it('applies the patch and returns the updated record', async () => {
    const repository = await seeded();
    const updated = await repository.update('a1', { age: 37, nick: null });
    expect(updated).toStrictEqual({ ...SEED[0], age: 37, nick: null });
    expect(await repository.get('a1')).toStrictEqual(updated);
    expect(await repository.get('a2')).toStrictEqual(STORED[1]);
  });

  it('treats an undefined value in the patch as not given', async () => {
    const repository = await seeded();
    const updated = await repository.update('a1', { name: undefined, age: undefined, score: 2 });
    expect(updated).toStrictEqual({ ...SEED[0], score: 2 });
    expect(await repository.get('a1')).toStrictEqual(updated);
  });

  it('accepts the unchanged id in the patch', async () => {
    const repository = await seeded();
    expect(await repository.update('a2', { id: 'a2', name: 'Alan' })).toMatchObject({ id: 'a2', name: 'Alan' });
  });

  it('throws a 404 for a missing id', async () => {
    const repository = await seeded();
    expect((await httpErrorOf(repository.update('missing', { age: 1 }))).statusCode).toBe(404);
  });

  it.each(
    rows([
      { name: 'a changed id', patch: { id: 'a9' } },
      { name: 'a wrong field type', patch: { age: 'x' } },
      { name: 'null on a required field', patch: { name: null } },
      { name: 'a non-object patch', patch: 'x' },
    ]),
  )('throws a 400 for $name and leaves the record unchanged', async ({ patch }) => {
    const repository = await seeded();
    await expectBadRequest(repository.update('a1', patch as Partial<Item>));
    expect(await repository.get('a1')).toStrictEqual(STORED[0]);
    expect((await httpErrorOf(repository.get('a9'))).statusCode).toBe(404);
  });

  it('stores a copy of the patch: changing its Date afterwards changes nothing', async () => {
    const repository = await seeded();
    const patch = { createdAt: at('2030-01-01T00:00:00.000Z') };
    await repository.update('a3', patch);
    patch.createdAt.setTime(0);
    expect((await repository.get('a3')).createdAt).toStrictEqual(at('2030-01-01T00:00:00.000Z'));
  });

  it('returns a copy: changing it never changes the store', async () => {
    const repository = await seeded();
    const updated = await repository.update('a5', { score: 5 });
    const snapshot = structuredClone(updated);
    tryMutate(() => {
      (updated as { score?: number }).score = 6;
      updated.createdAt?.setTime(0);
    });
    expect(await repository.get('a5')).toStrictEqual(snapshot);
  });
}

/** The cases of delete: the record removed and returned; 404 for a missing id; the id free again. */
function deleteCases(context: ContractContext): void {
  const { seeded, body, STORED } = context;
  it('removes the record and returns it', async () => {
    const repository = await seeded();
    expect(await repository.delete('a3')).toStrictEqual(STORED[2]);
    expect((await httpErrorOf(repository.get('a3'))).statusCode).toBe(404);
    expect(idsOf((await repository.list({ limit: 50 })).items)).toStrictEqual(except('a3'));
  });

  it('throws a 404 for a missing id, and for a second delete', async () => {
    const repository = await seeded();
    expect((await httpErrorOf(repository.delete('missing'))).statusCode).toBe(404);
    await repository.delete('a3');
    expect((await httpErrorOf(repository.delete('a3'))).statusCode).toBe(404);
    expect((await repository.list()).total).toBe(SEED.length - 1);
  });

  it('frees the id for a new record', async () => {
    const repository = await seeded();
    await repository.delete('a3');
    expect((await repository.create({ ...body(), id: 'a3' })).name).toBe('Hedy');
  });
}

/**
 * The contract of create, get, update and delete: stored copies, assigned and given ids, 404s, 409s and 400s that
 * change nothing.
 */
export function crudContract(context: ContractContext): void {
  describe('create', () => {
    createCases(context);
  });
  describe('get', () => {
    getCases(context);
  });
  describe('update', () => {
    updateCases(context);
  });
  describe('delete', () => {
    deleteCases(context);
  });
}
