import fc from 'fast-check';
import type { Where } from 'pagelope';
import { notFoundError, type Repository } from 'pagelope/kit';
import { describe, expect, it } from 'vitest';
import { fieldValues } from './arbitraries';
import { listAll, openBatching, type BatchSkipContext } from './open-batching';
import { modelDeleteMany, modelUpdateMany, type BatchOutcome, type ModelChange } from './batch-model';
import type { ContractContext } from './contract-context';
import { expectBadRequest, httpErrorOf } from './expect-bad-request';
import { items, type Item } from './fixtures';
import { ALL_IDS } from './seed';

/** A patch of any fields but the id, each with a value (none undefined). */
const patchArbitrary = fc.record(fieldValues, { requiredKeys: [] });
/**
 * Checks a batch against the model: its results and the records after it, or the 404 of the item that failed and
 * the records as stored before.
 */
async function expectOutcome(
  repository: Repository<Item>,
  call: Promise<readonly Item[]>,
  outcome: BatchOutcome,
  stored: readonly Item[],
): Promise<void> {
  if (outcome.ok) {
    expect(await call).toStrictEqual(outcome.results);
    expect(await listAll(repository)).toStrictEqual(outcome.records);
    return;
  }
  const error = await httpErrorOf(call);
  expect({ statusCode: error.statusCode, message: error.message }).toStrictEqual({
    statusCode: 404,
    message: notFoundError(items, outcome.failed).message,
  });
  expect(await listAll(repository)).toStrictEqual(stored);
}

/** Ids of the seed, some of them repeated, at times one that is missing. */
const idsArbitrary = fc.oneof(
  fc.shuffledSubarray([...ALL_IDS], { minLength: 1, maxLength: 5 }),
  fc.array(fc.constantFrom(...ALL_IDS, 'missing'), { minLength: 1, maxLength: 5 }),
);
/** The call's scope, if any. */
const scopeArbitrary = fc.constantFrom<Record<string, unknown> | undefined>(
  undefined,
  { status: 'active' },
  { age: { gte: 36 } },
  { active: true },
);
/** A change's own condition, if any. */
const whereArbitrary = fc.option(
  fc.constantFrom<Record<string, unknown>>({ age: 36 }, { status: 'draft' }, { age: { gte: 40 } }, { name: 'Ada' }),
  { nil: undefined, freq: 2 },
);

/** What the batch change cases share: the repositories that skip without the method, and a scope option. */
function batchChangeKit(context: ContractContext) {
  return {
    update: (ctx: BatchSkipContext) => openBatching(context, ctx, 'updateMany'),
    remove: (ctx: BatchSkipContext) => openBatching(context, ctx, 'deleteMany'),
    scopeOf: (scope: Record<string, unknown> | undefined) =>
      scope === undefined ? undefined : { scope: scope as Where<Item> },
  };
}

/** The cases of updateMany: every change in order or the first failure and nothing changed; exactly the named fields; 400s. */
function updateManyCases(context: ContractContext): void {
  const { rows, assertParameters, STORED } = context;
  const { update, scopeOf } = batchChangeKit(context);
  it('applies every change in order, or throws the 404 of the first that fails and changes nothing', async (ctx) => {
    await update(ctx);
    const changes = idsArbitrary.chain((ids) =>
      fc.tuple(...ids.map((id) => fc.record({ id: fc.constant(id), patch: patchArbitrary, where: whereArbitrary }))),
    );
    await fc.assert(
      fc.asyncProperty(changes, scopeArbitrary, async (list, scope) => {
        const repository = await update(ctx);
        const given: ModelChange[] = list.map(({ id, patch, where }) => (where ? { id, patch, where } : { id, patch }));
        const outcome = modelUpdateMany(STORED, given, scope);
        const call = repository.updateMany(
          given.map((change) => change as { id: string; patch: Partial<Item>; where?: Where<Item> }),
          scopeOf(scope),
        );
        await expectOutcome(repository, call, outcome, STORED);
      }),
      assertParameters,
    );
  });

  it.for(
    rows([
      { name: 'a missing id', options: undefined, where: undefined, id: 'missing' },
      { name: 'an id outside the scope', options: { scope: { status: 'active' } }, where: undefined, id: 'a3' },
      { name: 'a where the record does not match', options: undefined, where: { age: 37 }, id: 'a1' },
    ] as const),
  )('throws the 404 of a single update for $name and changes nothing', async (row, ctx) => {
    const repository = await update(ctx);
    const single = await httpErrorOf(repository.update(row.id, { age: 1 }, row.options ?? { scope: row.where }));
    // Around it, records within every scope of the table.
    const changes = [
      { id: 'a4', patch: { age: 1 } },
      { id: row.id, patch: { age: 1 }, where: row.where },
      { id: 'a7', patch: { age: 1 } },
    ];
    const error = await httpErrorOf(repository.updateMany(changes, row.options));
    expect({ statusCode: error.statusCode, message: error.message }).toStrictEqual({
      statusCode: single.statusCode,
      message: single.message,
    });
    expect(single.statusCode).toBe(404);
    expect(await listAll(repository)).toStrictEqual(STORED);
  });

  it('changes exactly the fields a patch names, a record given twice as the first change left it', async (ctx) => {
    const repository = await update(ctx);
    const [a1, a2] = STORED as [Item, Item];
    const updated = await repository.updateMany([
      { id: 'a2', patch: { name: 'Alan', nick: 'al' } },
      { id: 'a1', patch: { age: 1 } },
      { id: 'a1', patch: { score: 7 }, where: { age: 1 } },
    ]);
    expect(updated).toStrictEqual([
      { ...a2, name: 'Alan', nick: 'al' },
      { ...a1, age: 1 },
      { ...a1, age: 1, score: 7 },
    ]);
    expect(await repository.get('a1')).toStrictEqual({ ...a1, age: 1, score: 7 });
  });

  it.for(
    rows([
      { name: 'a changed id', patch: { id: 'a9' } },
      { name: 'a wrong field type', patch: { age: 'x' } },
      { name: 'null on a required field', patch: { name: null } },
      { name: 'a non-object patch', patch: 'x' },
    ]),
  )('throws a 400 for a change with $name and changes nothing', async ({ patch }, ctx) => {
    const repository = await update(ctx);
    const changes = [
      { id: 'a1', patch: { age: 1 } },
      { id: 'a2', patch: patch as Partial<Item> },
    ];
    await expectBadRequest(repository.updateMany(changes));
    expect(await listAll(repository)).toStrictEqual(STORED);
  });

  it('returns an empty list for an empty batch and changes nothing', async (ctx) => {
    const repository = await update(ctx);
    expect(await repository.updateMany([])).toStrictEqual([]);
    expect(await listAll(repository)).toStrictEqual(STORED);
  });
}

/** The cases of deleteMany: every record removed in order or the first failure and nothing removed. */
function deleteManyCases(context: ContractContext): void {
  const { rows, assertParameters, STORED } = context;
  const { remove, scopeOf } = batchChangeKit(context);
  it('removes every record and returns them in order, or throws the 404 of the first that fails and removes nothing', async (ctx) => {
    await remove(ctx);
    await fc.assert(
      fc.asyncProperty(idsArbitrary, scopeArbitrary, async (ids, scope) => {
        const repository = await remove(ctx);
        const outcome = modelDeleteMany(STORED, ids, scope);
        const call = repository.deleteMany(ids, scopeOf(scope));
        await expectOutcome(repository, call, outcome, STORED);
      }),
      assertParameters,
    );
  });

  it.for(
    rows([
      { name: 'a missing id', ids: ['a1', 'missing', 'a2'], options: undefined, failed: 'missing' },
      { name: 'an id outside the scope', ids: ['a1', 'a2'], options: { scope: { status: 'active' } }, failed: 'a2' },
      { name: 'an id given twice', ids: ['a1', 'a2', 'a1'], options: undefined, failed: 'a1' },
    ] as const),
  )('throws the 404 of a single delete for $name and removes nothing', async (row, ctx) => {
    const repository = await remove(ctx);
    const error = await httpErrorOf(repository.deleteMany(row.ids, row.options));
    const single = await httpErrorOf(repository.delete(row.failed, { scope: { age: { gt: 1000 } } }));
    expect({ statusCode: error.statusCode, message: error.message }).toStrictEqual({
      statusCode: 404,
      message: single.message,
    });
    expect(await listAll(repository)).toStrictEqual(STORED);
  });

  it('returns an empty list for an empty batch and removes nothing', async (ctx) => {
    const repository = await remove(ctx);
    expect(await repository.deleteMany([])).toStrictEqual([]);
    expect(await listAll(repository)).toStrictEqual(STORED);
  });
}

/**
 * The rules of `updateMany` and `deleteMany`, against a model of the same single calls in order: the results in
 * input order, exactly the named fields changed, or, for the first item whose id is missing, outside the scope, not
 * matching its `where` (or, for a delete, given before), the 404 of a single call and nothing changed; a bad patch
 * a 400 that changes nothing.
 */
export function batchChangeContract(context: ContractContext): void {
  describe('updateMany', () => {
    updateManyCases(context);
  });

  describe('deleteMany', () => {
    deleteManyCases(context);
  });
}
