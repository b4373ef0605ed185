import fc from 'fast-check';
import { duplicateIdError } from 'pagelope/kit';
import { describe, expect, it } from 'vitest';
import { recordsArbitrary } from './arbitraries';
import type { ContractContext } from './contract-context';
import { expectBadRequest, httpErrorOf } from './expect-bad-request';
import { items, type Item } from './fixtures';
import { idsOf } from './ids-of';
import { listAll, openBatching, type Batching, type BatchSkipContext } from './open-batching';
import { SEED } from './seed';
import { tryMutate } from './try-mutate';

/**
 * The rules of `createMany`: every record stored and returned in order, as single creates give them; a duplicate id
 * (within the batch or against the store) a 409 and a bad item a 400, each changing nothing.
 */
export function batchCreateContract(context: ContractContext): void {
  const { body, STORED, assertParameters, rows } = context;
  // Two repositories per run: fewer runs than the other properties.
  const parameters = { ...assertParameters, numRuns: Math.min(assertParameters.numRuns, 25) };
  const open = (ctx: BatchSkipContext, seed = true) => openBatching(context, ctx, 'createMany', seed);

  describe('createMany', () => {
    it('stores every record and returns them in order, as single creates would', async (ctx) => {
      await open(ctx);
      await fc.assert(
        fc.asyncProperty(recordsArbitrary, fc.boolean(), async (records, withoutIds) => {
          const batch = (await context.seeded()) as Batching;
          const single = await context.seeded();
          // Half the runs leave the ids to the repository: then only the order and the rest of each record count.
          const withoutId = (record: Item): Omit<Item, 'id'> => {
            const rest: Partial<Item> = { ...record };
            delete rest.id;
            return rest as Omit<Item, 'id'>;
          };
          const data = withoutIds ? records.map(withoutId) : records;
          const created = await batch.createMany(data);
          const one: Item[] = [];
          for (const item of data) one.push(await single.create(item));
          const strip = (list: readonly Item[]) => (withoutIds ? list.map(withoutId) : list);
          expect(strip(created)).toStrictEqual(strip(one));
          expect(new Set(idsOf(created)).size).toBe(records.length);
          for (const record of created) expect(await batch.get(record.id)).toStrictEqual(record);
          if (!withoutIds) expect(await listAll(batch)).toStrictEqual(await listAll(single));
          expect((await batch.list()).total).toBe(SEED.length + records.length);
        }),
        parameters,
      );
    });

    it('returns an empty list for an empty batch and stores nothing', async (ctx) => {
      const repository = await open(ctx);
      expect(await repository.createMany([])).toStrictEqual([]);
      expect(await listAll(repository)).toStrictEqual(STORED);
    });

    it('throws the 409 of a single create for a duplicate id, within the batch or stored, and stores nothing', async (ctx) => {
      await open(ctx);
      const scenario = recordsArbitrary
        .filter((records) => records.length > 0)
        .chain((records) =>
          fc.record({
            records: fc.constant(records),
            at: fc.nat({ max: records.length }),
            // The id of an earlier record of the batch, or of a stored one.
            id: fc.constantFrom(...idsOf(records), ...idsOf(SEED)),
          }),
        );
      await fc.assert(
        fc.asyncProperty(scenario, async ({ records, at, id }) => {
          const repository = (await context.seeded()) as Batching;
          const data = [...records.slice(0, at), { ...body({ name: 'Twin' }), id }, ...records.slice(at)];
          // The first item whose id is stored or given before: the one the 409 names.
          const seen = new Set(idsOf(SEED));
          const first = idsOf(data).find((one) => seen.has(one) || !seen.add(one));
          const error = await httpErrorOf(repository.createMany(data));
          expect(error.statusCode).toBe(409);
          expect(error.message).toBe(duplicateIdError(items, first).message);
          expect(await listAll(repository)).toStrictEqual(STORED);
        }),
        parameters,
      );
    });

    it('answers a stored id exactly as a single create does', async (ctx) => {
      const repository = await open(ctx);
      const single = await httpErrorOf(repository.create({ ...body(), id: 'a3' }));
      const batch = await httpErrorOf(
        repository.createMany([
          { ...body(), id: 'n1' },
          { ...body(), id: 'a3' },
        ]),
      );
      expect({ statusCode: batch.statusCode, message: batch.message }).toStrictEqual({
        statusCode: single.statusCode,
        message: single.message,
      });
      expect(await listAll(repository)).toStrictEqual(STORED);
    });

    it.for(
      rows([
        { name: 'a wrong field type', data: { ...body(), age: 'forty' } },
        {
          name: 'a missing required field',
          data: { nick: 'x', age: 1, active: true, status: 'draft', createdAt: null },
        },
        { name: 'an enum value outside the enum', data: { ...body(), status: 'deleted' } },
        { name: 'a non-object item', data: 'Hedy' },
        { name: 'null', data: null },
      ]),
    )('throws a 400 for an item with $name and stores nothing', async ({ data }, ctx) => {
      const repository = await open(ctx);
      const batch = [{ ...body(), id: 'n1' }, data, { ...body(), id: 'n2' }];
      await expectBadRequest(repository.createMany(batch as Item[]));
      expect(await listAll(repository)).toStrictEqual(STORED);
    });

    it('stores copies: changing the input or the results afterwards changes nothing', async (ctx) => {
      const repository = await open(ctx, false);
      const input = [{ ...body(), id: 'n1' }];
      const [created] = await repository.createMany(input);
      const snapshot = structuredClone(created);
      (input[0] as Item).name = 'changed';
      input[0]?.createdAt?.setTime(0);
      tryMutate(() => {
        (created as { name: string }).name = 'changed';
        created?.createdAt?.setTime(0);
      });
      expect(await repository.get('n1')).toStrictEqual(snapshot);
    });
  });
}
