/**
 * Memory transactions against a model that applies only committed transactions: random sequences of creates,
 * updates, replaces and deletes on two joined repositories, in transactions that commit, throw, or fail on a 404/409,
 * leave both stores (records, ordered and equality indexes, search columns) equal to the model.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryRepository, type Repository } from '../../src/index';
import { fieldValues, searchArbitrary } from '../../src/testing/arbitraries';
import { SEARCH_FIELDS, searchableItems, type Item } from '../../src/testing/fixtures';
import { referenceList } from '../../src/testing/reference-model';

type Body = Omit<Item, 'id'>;
type Op =
  | { readonly kind: 'create'; readonly target: 0 | 1; readonly id: string; readonly body: Body }
  | { readonly kind: 'replace'; readonly target: 0 | 1; readonly id: string; readonly body: Body }
  | { readonly kind: 'update'; readonly target: 0 | 1; readonly id: string; readonly patch: Partial<Body> }
  | { readonly kind: 'delete'; readonly target: 0 | 1; readonly id: string }
  | { readonly kind: 'search'; readonly target: 0 | 1; readonly text: string };
interface Step {
  readonly ops: readonly Op[];
  /** Whether `work` throws after its operations. */
  readonly fails: boolean;
}
type Model = [Map<string, Item>, Map<string, Item>];

const IDS = ['k0', 'k1', 'k2', 'k3', 'k4', 'k5'];
const FAIL = new Error('work failed');
const body: fc.Arbitrary<Body> = fc.record(fieldValues, {
  requiredKeys: ['name', 'age', 'active', 'status', 'createdAt'],
});
const target = fc.constantFrom(0 as const, 1 as const);
const id = fc.constantFrom(...IDS);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constantFrom('create' as const, 'replace' as const), target, id, body }),
  fc.record({
    kind: fc.constant('update' as const),
    target,
    id,
    patch: body.chain((b) =>
      fc
        .subarray(Object.keys(b))
        .map((keys) => Object.fromEntries(keys.map((k) => [k, b[k as keyof Body]])) as Partial<Body>),
    ),
  }),
  fc.record({ kind: fc.constant('delete' as const), target, id }),
  fc.record({ kind: fc.constant('search' as const), target, text: searchArbitrary }),
);
const steps: fc.Arbitrary<Step[]> = fc.array(fc.record({ ops: fc.array(op, { maxLength: 6 }), fails: fc.boolean() }), {
  maxLength: 8,
});
const seedArbitrary = fc.uniqueArray(fc.tuple(id, body), { selector: ([key]) => key, maxLength: 4 });

/** Applies `op` to the model (a working copy); returns false where the repository must throw (a 404 or a 409). */
function applyToModel(model: Model, op: Op): boolean {
  if (op.kind === 'search') return true;
  const records = model[op.target];
  const current = records.get(op.id);
  if (op.kind === 'create') {
    if (current) return false;
    records.set(op.id, { ...op.body, id: op.id });
  } else if (current === undefined) return false;
  else if (op.kind === 'replace') records.set(op.id, { ...op.body, id: op.id });
  else if (op.kind === 'update') records.set(op.id, { ...current, ...op.patch });
  else records.delete(op.id);
  return true;
}

async function applyToRepository(repository: Repository<Item>, model: Model, op: Op): Promise<void> {
  if (op.kind === 'create') await repository.create({ ...op.body, id: op.id });
  else if (op.kind === 'replace') await repository.replace(op.id, op.body);
  else if (op.kind === 'update') await repository.update(op.id, op.patch);
  else if (op.kind === 'delete') await repository.delete(op.id);
  else await expectSearch(repository, [...model[op.target].values()], op.text);
}

/** A search (read from the text columns) answers as the reference model over `records`. */
async function expectSearch(repository: Repository<Item>, records: readonly Item[], search: string): Promise<void> {
  const page = await repository.list({ search, limit: 50, orderBy: [{ field: 'score', direction: 'desc' }] });
  const expected = referenceList(records, undefined, [{ field: 'score', direction: 'desc' }], {
    text: search,
    fields: SEARCH_FIELDS,
  });
  expect(page.items).toStrictEqual(expected);
}

/** Both stores equal the model: every record in id order, an equality-index filter, an ordered-index sort, searches. */
async function expectStores(repositories: readonly Repository<Item>[], model: Model): Promise<void> {
  for (const [i, repository] of repositories.entries()) {
    const records = [...(model[i] as Map<string, Item>).values()];
    expect((await repository.list({ limit: 50 })).items).toStrictEqual(referenceList(records, undefined, []));
    const where = { status: { eq: 'active' } } as const;
    const byAge = [{ field: 'age', direction: 'asc' }] as const;
    expect((await repository.list({ where, orderBy: byAge, limit: 50 })).items).toStrictEqual(
      referenceList(records, where, byAge),
    );
    for (const search of ['a', 'é']) await expectSearch(repository, records, search);
  }
}

describe('createMemoryRepository transaction', () => {
  it('leaves both joined stores equal to the model of committed transactions, step by step', async () => {
    await fc.assert(
      fc.asyncProperty(seedArbitrary, seedArbitrary, steps, async (seedA, seedB, plan) => {
        const records = (seed: typeof seedA): Item[] => seed.map(([key, b]) => ({ ...b, id: key }));
        const a = createMemoryRepository(searchableItems, { records: records(seedA) });
        const b = createMemoryRepository(searchableItems, { records: records(seedB) });
        let model: Model = [
          new Map(records(seedA).map((r) => [r.id, r])),
          new Map(records(seedB).map((r) => [r.id, r])),
        ];
        await expectStores([a, b], model); // builds the search columns the transactions then patch
        for (const step of plan) {
          const working: Model = [new Map(model[0]), new Map(model[1])];
          const valid = step.ops.every((o) => applyToModel(working, o));
          const run = a.transaction!(async (tx) => {
            const joined = [tx.repository(a), tx.repository(b)];
            const replay: Model = [new Map(model[0]), new Map(model[1])];
            for (const o of step.ops) {
              if (!applyToModel(replay, o)) {
                await expect(applyToRepository(joined[o.target] as Repository<Item>, replay, o)).rejects.toThrow();
                throw FAIL;
              }
              await applyToRepository(joined[o.target] as Repository<Item>, replay, o);
              // Outside the transaction, both stores read as the committed model.
              if (o.kind !== 'search') await expectStores([a, b], model);
            }
            if (step.fails) throw FAIL;
            return 'committed';
          });
          if (valid && !step.fails) {
            await expect(run).resolves.toBe('committed');
            model = working;
          } else await expect(run).rejects.toBe(FAIL);
          await expectStores([a, b], model);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('applies concurrent transactions in call order, each committed or wholly undone', async () => {
    await fc.assert(
      fc.asyncProperty(seedArbitrary, steps, async (seed, plan) => {
        const records = seed.map(([key, b]): Item => ({ ...b, id: key }));
        const a = createMemoryRepository(searchableItems, { records });
        const b = createMemoryRepository(searchableItems);
        await expectStores([a, b], [new Map(records.map((r) => [r.id, r])), new Map()]);
        let model: Model = [new Map(records.map((r) => [r.id, r])), new Map()];
        const expected: boolean[] = [];
        for (const step of plan) {
          const working: Model = [new Map(model[0]), new Map(model[1])];
          const commits = step.ops.every((o) => o.kind === 'search' || applyToModel(working, o)) && !step.fails;
          expected.push(commits);
          if (commits) model = working;
        }
        const outcomes = await Promise.allSettled(
          plan.map((step) =>
            b.transaction!(async (tx) => {
              const joined = [tx.repository(a), tx.repository(b)] as const;
              for (const o of step.ops) if (o.kind !== 'search') await applyToRepository(joined[o.target], model, o);
              if (step.fails) throw FAIL;
            }),
          ),
        );
        expect(outcomes.map((outcome) => outcome.status === 'fulfilled')).toStrictEqual(expected);
        await expectStores([a, b], model);
      }),
      { numRuns: 60 },
    );
  });
});
