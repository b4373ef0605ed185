/**
 * The lifecycle rules (soft delete, restore, versions), through services on repositories the user's factory makes:
 * what the service promises holds on every repository, including third parties'.
 */
import fc from 'fast-check';
import { createResourceService, type Repository } from 'pagelope';
import { describe, expect, it } from 'vitest';
import type { ContractContext, RepositoryFactory } from './contract-context';
import { httpErrorOf } from './expect-bad-request';
import { note, notes, stars, writers, type Note, type Star, type Writer } from './lifecycle-fixtures';
import type { UncheckedReads } from './unchecked-reads';

type Locals = { readonly tenant?: string };

const idsOf = (records: readonly { readonly id: string }[]): string[] => records.map((record) => record.id);
const statusOf = async (promise: Promise<unknown>): Promise<number> => (await httpErrorOf(promise)).statusCode;

/** A page of notes as a listing's ids read it. */
interface ListedNotes {
  readonly items: readonly { readonly id: string }[];
}

/** The records of the notes, writers and stars to open with (the notes default to n1, n2 and n3). */
interface NotesSeed {
  readonly notes?: Note[];
  readonly writers?: Writer[];
  readonly stars?: Star[];
}

/** Services of notes (scoped by the `tenant` local), writers and stars over fresh repositories of the factory. */
async function openNotes(makeRepository: RepositoryFactory, seed: NotesSeed = {}) {
  const writerRepository = await makeRepository(writers, seed.writers ?? []);
  const starRepository = await makeRepository(stars, seed.stars ?? []);
  const noteRepository = await makeRepository(notes, seed.notes ?? [note('n1'), note('n2'), note('n3')]);
  const writerService = createResourceService({ resource: writers, repository: writerRepository });
  const starService = createResourceService({ resource: stars, repository: starRepository });
  const service = createResourceService<Note, Locals>({
    resource: notes,
    repository: noteRepository,
    scope: ({ locals }) => (locals.tenant === undefined ? undefined : { tenant: locals.tenant }),
    relations: { writer: writerService, stars: starService },
  });
  return { service, repository: noteRepository as Repository<Note>, writerService };
}

/** What the lifecycle cases share: {@link openNotes} on the contract's factory. */
function lifecycleKit({ makeRepository }: ContractContext) {
  return { open: (seed?: NotesSeed) => openNotes(makeRepository, seed) };
}

/** Version 1 on create; soft delete, restore and permanent delete. */
function softDeleteCases(context: ContractContext): void {
  const { open } = lifecycleKit(context);
  it('create stamps version 1 and a null soft-delete field', async () => {
    const { service } = await open({ notes: [] });
    const created = await service.create({ id: 'n9', title: 'new', tenant: 't1', writerId: null });
    expect([created.version, created.deletedAt]).toStrictEqual([1, null]);
    expect(await statusOf(service.create({ id: 'n8', title: 'x', tenant: 't1', writerId: null, version: 7 }))).toBe(
      400,
    );
  });

  it('a deleted record is invisible to every read and write, and still stored', async () => {
    const { service, repository } = await open();
    const deleted = await service.delete('n2');
    expect(deleted.deletedAt).toBeInstanceOf(Date);
    expect(deleted.version).toBe(2);
    const page = await service.list({});
    expect([idsOf(page.items), page.total]).toStrictEqual([['n1', 'n3'], 2]);
    expect(idsOf((await service.listByCursor({})).items)).toStrictEqual(['n1', 'n3']);
    expect(idsOf((await service.list({ search: 'note' })).items)).toStrictEqual(['n1', 'n3']);
    expect(idsOf((await service.list({ where: { title: 'note n2' } })).items)).toStrictEqual([]);
    // One at a time: a call made before the previous one settles could reject with nothing awaiting it yet.
    for (const write of [
      () => service.get('n2'),
      () => service.update('n2', { title: 'x' }),
      () => service.replace('n2', { title: 'x', tenant: 't1', writerId: null }),
      () => service.delete('n2'),
    ])
      expect(await statusOf(write())).toBe(404);
    expect(idsOf((await service.list({ deleted: 'include' })).items)).toStrictEqual(['n1', 'n2', 'n3']);
    const only = await service.list({ deleted: 'only' });
    expect([idsOf(only.items), only.total]).toStrictEqual([['n2'], 1]);
    expect(idsOf((await service.listByCursor({ deleted: 'only' })).items)).toStrictEqual(['n2']);
    expect((await repository.get('n2')).title).toBe('note n2');
    const unchecked: UncheckedReads = service;
    expect(await statusOf(unchecked.list({ deleted: 'maybe' }))).toBe(400);
  });

  it('restore clears the field and counts as a change; a live record comes back unchanged', async () => {
    const { service } = await open();
    await service.delete('n1');
    const restored = await service.restore('n1');
    expect([restored.deletedAt, restored.version]).toStrictEqual([null, 3]);
    expect(idsOf((await service.list({})).items)).toStrictEqual(['n1', 'n2', 'n3']);
    const again = await service.restore('n1');
    expect([again.deletedAt, again.version]).toStrictEqual([null, 3]);
    expect(await statusOf(service.restore('missing'))).toBe(404);
  });

  it('a permanent delete removes the record, deleted or not', async () => {
    const { service, repository } = await open();
    await service.delete('n1');
    await service.delete('n1', { permanent: true });
    await service.delete('n2', { permanent: true });
    expect(await statusOf(repository.get('n1'))).toBe(404);
    expect(await statusOf(repository.get('n2'))).toBe(404);
    expect(idsOf((await service.list({ deleted: 'include' })).items)).toStrictEqual(['n3']);
  });
}

/** Versions and If-Match, alone and under concurrent writes. */
function versionCases(context: ContractContext): void {
  const { open } = lifecycleKit(context);
  it('every change increments the version; an If-Match that does not match is a 412 that changes nothing', async () => {
    const { service } = await open();
    expect((await service.update('n1', { title: 'a' })).version).toBe(2);
    expect(await statusOf(service.update('n1', { title: 'b' }, { ifMatch: 1 }))).toBe(412);
    expect(await service.get('n1')).toMatchObject({ title: 'a', version: 2 });
    expect((await service.update('n1', { title: 'c' }, { ifMatch: '"2"' })).version).toBe(3);
    expect((await service.update('n1', { title: 'd' }, { ifMatch: '"1", "3"' })).version).toBe(4);
    expect((await service.update('n1', { title: 'e' }, { ifMatch: '*' })).version).toBe(5);
    expect(await statusOf(service.update('n1', { title: 'f' }, { ifMatch: 'W/"5"' }))).toBe(412);
    expect(await statusOf(service.update('n1', { title: 'f' }, { ifMatch: 'abc' }))).toBe(400);
    const body = { title: 'r', tenant: 't1', writerId: null };
    expect(await statusOf(service.replace('n1', body, { ifMatch: 4 }))).toBe(412);
    expect((await service.replace('n1', body, { ifMatch: 5 })).version).toBe(6);
    expect(await statusOf(service.delete('n1', { ifMatch: 5 }))).toBe(412);
    expect(await service.get('n1')).toMatchObject({ title: 'r', version: 6, deletedAt: null });
    expect((await service.delete('n1', { ifMatch: 6 })).version).toBe(7);
    expect(await statusOf(service.restore('n1', { ifMatch: 6 }))).toBe(412);
    expect((await service.restore('n1', { ifMatch: '"7"' })).version).toBe(8);
    expect(await statusOf(service.update('missing', { title: 'x' }, { ifMatch: 1 }))).toBe(404);
  });

  it('of 50 concurrent writes with the same If-Match exactly one succeeds', async () => {
    const { service } = await open();
    const settled = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => service.update('n1', { title: `t${i}` }, { ifMatch: '"1"' })),
    );
    const statuses = await Promise.all(
      settled.map((outcome) =>
        outcome.status === 'fulfilled' ? 200 : statusOf(Promise.reject(outcome.reason as Error)),
      ),
    );
    expect([statuses.filter((s) => s === 200).length, statuses.filter((s) => s === 412).length]).toStrictEqual([1, 49]);
    expect((await service.get('n1')).version).toBe(2);
  });

  it('concurrent writes without If-Match all succeed, each counted in the version', async () => {
    const { service } = await open();
    await Promise.all(Array.from({ length: 8 }, (_, i) => service.update('n1', { title: `t${i}` })));
    expect((await service.get('n1')).version).toBe(9);
  });
}

/** Scopes and related records under soft delete. */
function scopeCases(context: ContractContext): void {
  const { open } = lifecycleKit(context);
  it('an id outside the scope is a 404 to delete, restore and update, and changes nothing', async () => {
    const { service, repository } = await open({ notes: [note('n1'), note('n4', { tenant: 't2' })] });
    const options = { locals: { tenant: 't1' } };
    await service.delete('n4', { locals: { tenant: 't2' } });
    expect(await statusOf(service.restore('n4', options))).toBe(404);
    expect(await statusOf(service.delete('n4', { ...options, permanent: true }))).toBe(404);
    expect(await statusOf(service.update('n1', { title: 'x' }, { locals: { tenant: 't2' } }))).toBe(404);
    expect((await repository.get('n4')).deletedAt).toBeInstanceOf(Date);
    expect((await repository.get('n1')).version).toBe(1);
  });

  it('deleted related records are never embedded, counted or matched', async (ctx) => {
    if (context.options.relations !== true) ctx.skip('the relation rules are not enabled (relations: true)');
    const writer = (id: string, name: string): Writer => ({ id, name, deletedAt: null, version: 1 });
    const star = (id: string, noteId: string, deletedAt: Date | null = null): Star => ({ id, noteId, deletedAt });
    const { service, writerService } = await open({
      writers: [writer('w1', 'Ann'), writer('w2', 'Bob')],
      notes: [note('n1', { writerId: 'w1' }), note('n2', { writerId: 'w2' })],
      stars: [star('s1', 'n1'), star('s2', 'n1'), star('s3', 'n1', new Date(0)), star('s4', 'n2')],
    });
    await writerService.delete('w1');
    const page = await service.list({ include: ['writer', 'stars'], counts: ['stars'] });
    const [n1, n2] = page.items as unknown as Record<string, unknown>[];
    expect([n1?.writer, (n2?.writer as Writer | undefined)?.id]).toStrictEqual([null, 'w2']);
    expect([idsOf(n1?.stars as Star[]), n1?._count]).toStrictEqual([['s1', 's2'], { stars: 2 }]);
    const unchecked: UncheckedReads<ListedNotes> = service;
    const byName = (name: string) => unchecked.list({ where: { writer: { name } } });
    expect(idsOf((await byName('Ann')).items)).toStrictEqual([]);
    expect(idsOf((await byName('Bob')).items)).toStrictEqual(['n2']);
    const got = (await service.get('n1', { include: ['writer'] })) as unknown as Record<string, unknown>;
    expect(got.writer).toBeNull();
  });
}

/** Any sequence of deletes, restores and updates against a reference model. */
function modelCases(context: ContractContext): void {
  const { open } = lifecycleKit(context);
  it('follows a reference model over any sequence of deletes, restores and updates', async () => {
    const ids = ['n1', 'n2', 'n3'];
    const operation = fc.record({
      kind: fc.constantFrom('delete', 'restore', 'update'),
      id: fc.constantFrom(...ids),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { maxLength: 12 }), async (operations) => {
        const { service } = await open();
        const model = new Map(ids.map((id) => [id, { deleted: false, version: 1 }]));
        for (const { kind, id } of operations) {
          const state = model.get(id) as { deleted: boolean; version: number };
          const call =
            kind === 'delete'
              ? service.delete(id)
              : kind === 'restore'
                ? service.restore(id)
                : service.update(id, { title: 'x' });
          if (kind !== 'restore' && state.deleted) {
            expect(await statusOf(call)).toBe(404);
            continue;
          }
          const record = await call;
          if (kind === 'delete') model.set(id, { deleted: true, version: state.version + 1 });
          else if (kind === 'update' || state.deleted) model.set(id, { deleted: false, version: state.version + 1 });
          expect(record.version).toBe(model.get(id)?.version);
        }
        const all = await service.list({ deleted: 'include' });
        expect(all.items.map((item) => [item.id, item.deletedAt !== null, item.version])).toStrictEqual(
          ids.map((id) => [id, model.get(id)?.deleted, model.get(id)?.version]),
        );
        expect(idsOf((await service.list({})).items)).toStrictEqual(ids.filter((id) => !model.get(id)?.deleted));
      }),
      { ...context.assertParameters, numRuns: Math.min(context.assertParameters.numRuns, 25) },
    );
  });
}

/** The lifecycle rules, declared with vitest's `describe`/`it` for the contract's factory. */
export function lifecycleContract(context: ContractContext): void {
  describe('lifecycle: soft delete, restore and versions', () => {
    softDeleteCases(context);
    versionCases(context);
    scopeCases(context);
    modelCases(context);
  });
}
