import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context';
import { expectBadRequest, httpErrorOf } from './expect-bad-request';
import { at, type Item, type Task, tasks } from './fixtures';
import { idsOf } from './ids-of';
import { tryMutate } from './try-mutate';

/** The required fields of an item, and nothing else. */
const required = (overrides: Partial<Item> = {}): Omit<Item, 'id'> => ({
  name: 'Ada L',
  age: 37,
  active: null,
  status: 'draft',
  createdAt: null,
  ...overrides,
});

/** The record replaced whole: every field, optional fields left out, schema defaults. */
function replaceCases(context: ContractContext): void {
  const { makeRepository, options, rows, storedOf, STORED, seeded, body } = context;
  it.each(
    rows([
      { name: 'every field given', data: body(), expected: { ...body(), id: 'a1' } },
      { name: 'the optional fields left out', data: required(), expected: { ...required(), id: 'a1' } },
      {
        name: 'the optional fields given undefined',
        data: { ...required(), nick: undefined, score: undefined },
        expected: { ...required(), id: 'a1' },
      },
      {
        name: 'the nullable fields given null',
        data: body({ nick: null, age: null, active: null, createdAt: null }),
        expected: { ...body({ nick: null, age: null, active: null, createdAt: null }), id: 'a1' },
      },
      { name: 'the same id repeated', data: { ...body(), id: 'a1' }, expected: { ...body(), id: 'a1' } },
    ]),
  )('returns the replacement for $name, and stores exactly it', async ({ data, expected }) => {
    const repository = await seeded();
    const replaced = await repository.replace('a1', data);
    expect(replaced).toStrictEqual(storedOf(expected));
    expect(await repository.get('a1')).toStrictEqual(replaced);
    expect((await repository.list({ limit: 50 })).items).toStrictEqual([replaced, ...STORED.slice(1)]);
  });

  it('returns the schema defaults for absent fields, absent optional fields, and stores exactly it', async () => {
    const full: Task = {
      id: 't1',
      title: 'first',
      status: 'active',
      tag: 'custom',
      createdAt: at('2024-05-05T00:00:00.000Z'),
      memo: 'kept?',
      owner: 'someone',
      due: at('2025-01-01T00:00:00.000Z'),
    };
    const repository = await makeRepository(tasks, [full]);
    const data = { title: 'second', due: null } as unknown as Omit<Task, 'id'>;
    const replaced = await repository.replace('t1', data);
    const expected: Task = {
      id: 't1',
      title: 'second',
      status: 'draft',
      tag: 'none',
      createdAt: new Date(0),
      due: null,
      ...(options.readsAbsentNullableAsNull ? { owner: null } : {}),
    };
    expect(replaced).toStrictEqual(expected);
    expect(await repository.get('t1')).toStrictEqual(expected);
    expect(idsOf((await repository.list({ where: { status: 'draft', tag: 'none' } })).items)).toStrictEqual(['t1']);
    expect((await repository.list({ where: { status: 'active' } })).total).toBe(0);
  });
}

/** Filters and orders in step with the replacement; 400s that change nothing. */
function stepCases(context: ContractContext): void {
  const { rows, STORED, seeded, body } = context;
  it('keeps list filters and orders in step with the replacement', async () => {
    const repository = await seeded();
    await repository.replace('a4', body({ name: 'Aaron', age: 1, status: 'archived' }));
    expect(idsOf((await repository.list({ where: { status: 'archived' }, limit: 50 })).items)).toStrictEqual([
      'a2',
      'a4',
      'a6',
    ]);
    expect(idsOf((await repository.list({ where: { status: 'active' }, limit: 50 })).items)).toStrictEqual([
      'a1',
      'a7',
    ]);
    const byName = await repository.list({ orderBy: [{ field: 'name', direction: 'asc' }], limit: 2 });
    expect(idsOf(byName.items)).toStrictEqual(['a4', 'a1']);
    const byAge = await repository.listByCursor({ orderBy: [{ field: 'age', direction: 'asc' }], limit: 2 });
    expect(idsOf(byAge.items)).toStrictEqual(['a4', 'a6']);
  });

  it.each(
    rows([
      { name: 'another id', data: { ...body(), id: 'a9' }, message: ['id: the id cannot be changed'] },
      { name: 'the id of another record', data: { ...body(), id: 'a2' }, message: ['id: the id cannot be changed'] },
      {
        name: 'a missing required field',
        data: { nick: 'x', age: 1, active: true, status: 'draft', createdAt: null },
      },
      { name: 'a wrong field type', data: { ...body(), age: 'forty' } },
      { name: 'null on a required field', data: { ...body(), name: null } },
      { name: 'an enum value outside the enum', data: { ...body(), status: 'deleted' } },
      { name: 'a non-object body', data: 'Hedy' },
      { name: 'an array body', data: [body()] },
      { name: 'null', data: null },
      {
        name: 'a __proto__ key',
        data: JSON.parse(
          '{"name":"x","age":1,"active":true,"status":"draft","createdAt":null,"__proto__":{"polluted":true}}',
        ) as unknown,
      },
    ]),
  )('throws a 400 for $name and changes nothing', async ({ data, message }) => {
    const repository = await seeded();
    const error = await expectBadRequest(repository.replace('a1', data as Item));
    if (message) expect(error.message).toStrictEqual(message);
    expect((await repository.list({ limit: 50 })).items).toStrictEqual(STORED);
    expect((await httpErrorOf(repository.get('a9'))).statusCode).toBe(404);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
}

/** 404s for a missing id, and copies. */
function missingCases(context: ContractContext): void {
  const { rows, storedOf, STORED, seeded, body } = context;
  it.each(
    rows([
      { name: 'data without an id', data: body() },
      { name: 'data repeating the missing id', data: { ...body(), id: 'missing' } },
    ]),
  )('throws the 404 of get for a missing id, given $name, and creates nothing', async ({ data }) => {
    const repository = await seeded();
    const error = await httpErrorOf(repository.replace('missing', data));
    const ofGet = await httpErrorOf(repository.get('missing'));
    expect(error.statusCode).toBe(404);
    expect(error.error).toBe('Not Found');
    expect(error.message).toStrictEqual(ofGet.message);
    expect((await repository.list({ limit: 50 })).items).toStrictEqual(STORED);
  });

  it('stores a copy: changing the input or the result afterwards changes nothing', async () => {
    const repository = await seeded();
    const input = body();
    const replaced = await repository.replace('a2', input);
    const snapshot = structuredClone(replaced);
    input.name = 'changed';
    input.createdAt?.setTime(0);
    tryMutate(() => {
      (replaced as { name: string }).name = 'changed';
      replaced.createdAt?.setTime(0);
    });
    expect(await repository.get('a2')).toStrictEqual(snapshot);
    expect(snapshot).toStrictEqual(storedOf({ ...body(), id: 'a2' }));
  });
}

/**
 * The contract of replace: the whole record swapped, schema defaults filled in, the id kept, 400s and 404s that change
 * nothing.
 */
export function replaceContract(context: ContractContext): void {
  describe('replace', () => {
    replaceCases(context);
    stepCases(context);
    missingCases(context);
  });
}
