/**
 * The service's batch writes (`createMany`, `updateMany`, `deleteMany`) on repositories the user's factory makes:
 * every item validated first and every problem reported with its path, then all written or none.
 */
import { createResourceService, HttpError, type Repository } from 'pagelope';
import { describe, expect, it } from 'vitest';
import type { ContractContext, RepositoryFactory } from './contract-context';
import { httpErrorOf } from './expect-bad-request';
import { note, notes, stars, writers, type Note } from './lifecycle-fixtures';

type Locals = { readonly tenant?: string };

const idsOf = (records: readonly { readonly id: string }[]): string[] => records.map((record) => record.id);

/** `createMany` as a JavaScript caller sees it: any value as the batch, which the service must refuse with a 400. */
interface UncheckedCreateMany {
  createMany(items: unknown): Promise<unknown>;
}

/**
 * A notes service (scoped by the `tenant` local) over a fresh repository of the factory holding `seed`, with writers
 * and stars; `all` lists every note, deleted or not.
 */
async function openBatchNotes(
  makeRepository: RepositoryFactory,
  seed: Note[] = [note('n1'), note('n2'), note('n3', { tenant: 't2' })],
) {
  const writerService = createResourceService({ resource: writers, repository: await makeRepository(writers, []) });
  const starService = createResourceService({ resource: stars, repository: await makeRepository(stars, []) });
  const repository = (await makeRepository(notes, seed)) as Repository<Note>;
  const service = createResourceService<Note, Locals>({
    resource: notes,
    repository,
    scope: ({ locals }) => (locals.tenant === undefined ? undefined : { tenant: locals.tenant }),
    relations: { writer: writerService, stars: starService },
  });
  const all = async () => (await service.list({ deleted: 'include', limit: 100 })).items;
  return { service, repository, all };
}

/** What the batch cases share: {@link openBatchNotes} on the contract's factory, and the skip of a store without batches. */
function batchKit({ makeRepository }: ContractContext) {
  const open = (seed?: Note[]) => openBatchNotes(makeRepository, seed);
  /** Skips a test on a repository that can write a batch neither at once nor in a transaction. */
  const requires = async (skip: (note: string) => void) => {
    const { repository } = await open([]);
    if (typeof repository.createMany !== 'function' && typeof repository.transaction !== 'function')
      skip('the repository has neither createMany nor transaction');
  };
  return { open, requires };
}

/** A note to create. */
const body = (id: string, title = `new ${id}`) => ({ id, title, tenant: 't1', writerId: null });

/** createMany: every item in order, every problem of every bad item, refused batches, 409s. */
function createCases(context: ContractContext): void {
  const { open, requires } = batchKit(context);
  it('creates every item, in order, with the stamps of a single create', async (ctx) => {
    await requires((reason) => ctx.skip(reason));
    const { service } = await open([]);
    const created = await service.createMany([body('b'), body('a'), body('c')]);
    expect(created.map((record) => [record.id, record.version, record.deletedAt])).toStrictEqual([
      ['b', 1, null],
      ['a', 1, null],
      ['c', 1, null],
    ]);
    expect(idsOf((await service.list({})).items)).toStrictEqual(['a', 'b', 'c']);
  });

  it('reports every problem of every bad item with its path, and writes nothing', async (ctx) => {
    await requires((reason) => ctx.skip(reason));
    const { service, all } = await open();
    const before = await all();
    const items: object[] = Array.from({ length: 10 }, (_, i) => body(`b${i}`));
    items[3] = { ...body('b3'), title: 42 };
    items[7] = { ...body('b7'), colour: 'red' };
    const unchecked: UncheckedCreateMany = service;
    const error = await httpErrorOf(unchecked.createMany(items));
    expect(error.statusCode).toBe(400);
    const messages = [error.message].flat();
    expect(messages.some((message) => message.startsWith('items[3].title: '))).toBe(true);
    expect(messages).toContain('items[7].colour: unknown field');
    expect(messages.every((message) => /^items\[(3|7)\]/.test(message))).toBe(true);
    expect(await all()).toStrictEqual(before);
  });

  it('refuses an empty batch, one over the limit and one that is not an array with a 400', async (ctx) => {
    await requires((reason) => ctx.skip(reason));
    const { service } = await open([]);
    const unchecked: UncheckedCreateMany = service;
    for (const items of [[], Array.from({ length: 1001 }, (_, i) => body(`b${i}`)), { items: [] }])
      expect((await httpErrorOf(unchecked.createMany(items))).statusCode).toBe(400);
    expect((await httpErrorOf(service.deleteMany([]))).statusCode).toBe(400);
  });

  it('answers a 409 for an id given twice or already stored, and writes nothing', async (ctx) => {
    await requires((reason) => ctx.skip(reason));
    const { service, all } = await open();
    const before = await all();
    const twice = await httpErrorOf(service.createMany([body('x'), body('y'), body('x')]));
    expect([twice.statusCode, twice.message]).toStrictEqual([409, ['items[2].id: "x" is also the id of items[0]']]);
    expect((await httpErrorOf(service.createMany([body('z'), body('n1')]))).statusCode).toBe(409);
    expect(await all()).toStrictEqual(before);
  });
}

/** updateMany and deleteMany: every item or none. */
function changeCases(context: ContractContext): void {
  const { open, requires } = batchKit(context);
  it('updates every item or none: missing, deleted and out-of-scope ids are 404s, an id twice a 400', async (ctx) => {
    await requires((reason) => ctx.skip(reason));
    const { service, all } = await open();
    await service.delete('n2');
    const before = await all();
    const options = { locals: { tenant: 't1' } };
    const missing = await httpErrorOf(
      service.updateMany(
        [
          { id: 'n1', title: 'a' },
          { id: 'n2', title: 'b' },
          { id: 'n3', title: 'c' },
          { id: 'n9', title: 'd' },
        ],
        options,
      ),
    );
    expect(missing.statusCode).toBe(404);
    expect([missing.message].flat().map((message) => message.slice(0, 9))).toStrictEqual([
      'items[1]:',
      'items[2]:',
      'items[3]:',
    ]);
    const twice = await httpErrorOf(service.updateMany([{ id: 'n1', title: 'a' }, { id: 'n1' }], options));
    expect([twice.statusCode, twice.message]).toStrictEqual([400, ['items[1].id: "n1" is given twice']]);
    expect(await all()).toStrictEqual(before);
    const updated = await service.updateMany([{ id: 'n1', title: 'a' }], options);
    expect(updated.map((record) => [record.id, record.title, record.version])).toStrictEqual([['n1', 'a', 2]]);
  });

  it('soft-deletes every id or none, and removes them with permanent', async (ctx) => {
    await requires((reason) => ctx.skip(reason));
    const { service, repository } = await open();
    expect((await httpErrorOf(service.deleteMany(['n1', 'n9']))).statusCode).toBe(404);
    expect((await httpErrorOf(service.deleteMany(['n1', 'n1']))).statusCode).toBe(400);
    expect(idsOf((await service.list({})).items)).toStrictEqual(['n1', 'n2', 'n3']);
    const deleted = await service.deleteMany(['n2', 'n1']);
    expect(deleted.map((record) => [record.id, record.deletedAt instanceof Date, record.version])).toStrictEqual([
      ['n2', true, 2],
      ['n1', true, 2],
    ]);
    expect(idsOf((await service.list({})).items)).toStrictEqual(['n3']);
    expect((await httpErrorOf(service.deleteMany(['n1']))).statusCode).toBe(404);
    await service.deleteMany(['n1', 'n3'], { permanent: true });
    expect((await httpErrorOf(repository.get('n1'))).statusCode).toBe(404);
    expect(idsOf((await service.list({ deleted: 'include' })).items)).toStrictEqual(['n2']);
  });
}

/** The hooks of a batch, per item. */
function hookCases(context: ContractContext): void {
  const { open, requires } = batchKit(context);
  it('runs the before-hooks per item (a refusal is reported with its path) and the after-hooks per record', async (ctx) => {
    await requires((reason) => ctx.skip(reason));
    const { service, all } = await open([]);
    const seen: string[] = [];
    service.hooks.on('onBeforeCreate', ({ body: item }) => {
      if (item.title === 'refused') throw new HttpError(400, 'title: refused by a hook');
      return { ...item, title: `${item.title}!` };
    });
    service.hooks.on('onAfterCreate', ({ entity }) => void seen.push(entity.id));
    const error = await httpErrorOf(service.createMany([body('a'), body('b', 'refused')]));
    expect(error.message).toStrictEqual(['items[1].title: refused by a hook']);
    expect(await all()).toStrictEqual([]);
    const created = await service.createMany([body('a'), body('b')]);
    expect(created.map((record) => record.title)).toStrictEqual(['new a!', 'new b!']);
    expect(seen).toStrictEqual(['a', 'b']);
  });
}

/** The batch rules of the service, declared with vitest's `describe`/`it` for the contract's factory. */
export function batchServiceContract(context: ContractContext): void {
  describe('service batch writes', () => {
    createCases(context);
    changeCases(context);
    hookCases(context);
  });
}
