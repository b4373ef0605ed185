import { describe, expect, it } from 'vitest';
import { createMemoryRepository, type Repository } from '../../src/index';
import { httpErrorOf } from '../../src/testing/expect-bad-request';
import { items, searchableItems, tasks, type Item, type Task } from '../../src/testing/fixtures';
import { SEED } from '../../src/testing/seed';
import { createArrayRepository } from '../kit/array-repository';

const body = { name: 'Hedy', age: 40, active: true, status: 'active', createdAt: null } as const;
const seeded = () => createMemoryRepository(searchableItems, { records: SEED });
const all = async (repository: Repository<Item>) => (await repository.list({ limit: 50 })).items;
/** A promise and the function that resolves it. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
/** Whether `promise` has settled after the pending microtasks and one macrotask. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setTimeout(r, 5));
  return done;
}

describe('createMemoryRepository transaction', () => {
  it('commits when work resolves, and returns its value', async () => {
    const repository = seeded();
    const result = await repository.transaction!(async (tx) => {
      const own = tx.repository(repository);
      await own.create({ ...body, id: 'n1' });
      await own.update('a1', { age: 1 });
      return 'done';
    });
    expect(result).toBe('done');
    expect(await repository.get('n1')).toMatchObject({ name: 'Hedy' });
    expect((await repository.get('a1')).age).toBe(1);
  });

  it('sees its own writes inside work, through list, search and get', async () => {
    const repository = seeded();
    await repository.transaction!(async (tx) => {
      const own = tx.repository(repository);
      await own.create({ ...body, name: 'Zyxw', id: 'n1' });
      expect((await own.list({ search: 'zyx' })).items.map((r) => r.id)).toStrictEqual(['n1']);
      expect((await own.get('n1')).name).toBe('Zyxw');
    });
  });

  it.each([
    { name: 'an Error', error: new Error('boom') },
    { name: 'an HttpError of an operation', error: undefined },
    { name: 'a string', error: 'plain string' },
    { name: 'undefined', error: undefined as unknown },
  ])('undoes every write of every joined repository and rethrows $name unchanged', async ({ name, error }) => {
    const repository = seeded();
    const other = createMemoryRepository(tasks, { records: [{ id: 't1', title: 'T', due: null } as Task] });
    const before = await all(repository);
    await repository.list({ search: 'a' }); // builds a search column before the transaction
    let thrown: unknown = error;
    const run = repository.transaction!(async (tx) => {
      const own = tx.repository(repository);
      await own.create({ ...body, id: 'n1' });
      await own.update('a1', { name: 'changed', status: 'archived', age: 99 });
      await own.replace('a2', { ...body, name: 'replaced' });
      await own.delete('a3');
      await tx.repository(other).update('t1', { title: 'changed' });
      await tx.repository(other).create({ title: 'new', due: null } as Task);
      if (name === 'an HttpError of an operation') {
        thrown = await httpErrorOf(own.create({ ...body, id: 'a4' }));
      }
      throw thrown;
    });
    const rejection: unknown = await run.then(
      () => 'resolved',
      (reason: unknown) => reason,
    );
    expect(rejection).toBe(thrown);
    expect(await all(repository)).toStrictEqual(before);
    expect((await repository.list({ search: 'changed' })).total).toBe(0);
    expect((await repository.list({ where: { status: { eq: 'archived' } }, limit: 50 })).items).toStrictEqual(
      before.filter((r) => r.status === 'archived'),
    );
    expect((await other.list()).items).toStrictEqual([
      { id: 't1', title: 'T', due: null, status: 'draft', tag: 'none', createdAt: new Date(0) },
    ]);
  });

  it('keeps the writes before an operation error that work catches', async () => {
    const repository = seeded();
    await repository.transaction!(async (tx) => {
      const own = tx.repository(repository);
      await own.create({ ...body, id: 'n1' });
      expect((await httpErrorOf(own.create({ ...body, id: 'n1' }))).statusCode).toBe(409);
    });
    expect((await repository.list()).total).toBe(SEED.length + 1);
  });

  it.each([
    { name: 'a plain object', other: () => ({}) },
    { name: 'null', other: () => null },
    { name: 'a copy of a memory repository', other: () => ({ ...createMemoryRepository(items) }) },
    { name: 'an array repository', other: () => createArrayRepository(items) },
    { name: 'a Proxy of a memory repository', other: () => new Proxy(createMemoryRepository(items), {}) },
  ])('throws a TypeError for $name and undoes the writes before it', async ({ other }) => {
    const repository = seeded();
    const run = repository.transaction!(async (tx) => {
      await tx.repository(repository).delete('a1');
      tx.repository(other() as Repository<Item>);
    });
    await expect(run).rejects.toThrow(TypeError);
    expect((await repository.get('a1')).id).toBe('a1');
  });

  it('refuses the transaction and its repositories once it has ended', async () => {
    const repository = seeded();
    let leaked: {
      tx: Parameters<Parameters<NonNullable<Repository<Item>['transaction']>>[0]>[0];
      own: Repository<Item>;
    };
    await repository.transaction!(async (tx) => {
      leaked = { tx, own: tx.repository(repository) };
    });
    expect(() => leaked.tx.repository(repository)).toThrow(/ended/);
    await expect(leaked!.own.create(body)).rejects.toThrow(/ended/);
    await expect(leaked!.own.transaction!(async () => 1)).rejects.toThrow(/ended/);
    expect((await repository.list()).total).toBe(SEED.length);
  });

  it('joins the open transaction from a bound repository: its writes roll back with it', async () => {
    const repository = seeded();
    const run = repository.transaction!(async (tx) => {
      await tx.repository(repository).transaction!(async (inner) => {
        expect(inner).toBe(tx);
        await inner.repository(repository).delete('a1');
      });
      throw new Error('outer');
    });
    await expect(run).rejects.toThrow('outer');
    expect((await repository.get('a1')).id).toBe('a1');
  });

  it.each([
    { outcome: 'commits', fails: false },
    { outcome: 'rolls back', fails: true },
  ])(
    'answers outside reads of a joined repository from the committed state and holds outside writes until it $outcome',
    async ({ fails }) => {
      const repository = seeded();
      const other = createMemoryRepository(items);
      const gate = deferred();
      const joined = deferred();
      const before = await all(repository);
      const run = repository.transaction!(async (tx) => {
        const own = tx.repository(repository);
        await own.create({ ...body, name: 'Zyxw', id: 'n1' });
        await own.update('a1', { name: 'Zyxv', status: 'archived' });
        await own.delete('a2');
        joined.resolve();
        await gate.promise;
        if (fails) throw new Error('rolled back');
      });
      await joined.promise;
      // Reads answer at once, as if the transaction had not begun: no write of it shows before it commits.
      expect(await all(repository)).toStrictEqual(before);
      expect((await httpErrorOf(repository.get('n1'))).statusCode).toBe(404);
      expect((await repository.get('a2')).id).toBe('a2');
      expect((await repository.list({ search: 'zyx' })).total).toBe(0);
      expect((await repository.list({ where: { status: { eq: 'archived' } }, limit: 50 })).items).toStrictEqual(
        before.filter((record) => record.status === 'archived'),
      );
      expect((await repository.listByCursor({ limit: 50 })).items).toStrictEqual(before);
      const write = repository.create({ ...body, id: 'n2' });
      const update = repository.update('a3', { age: 3 });
      expect(await settled(write)).toBe(false);
      expect(await settled(update)).toBe(false);
      expect((await other.list()).total).toBe(0); // a repository the transaction did not join answers at once
      gate.resolve();
      if (fails) await expect(run).rejects.toThrow('rolled back');
      else await run;
      expect((await write).id).toBe('n2');
      expect((await update).age).toBe(3);
      const ids = (await all(repository)).map((record) => record.id);
      expect(ids).toStrictEqual(
        fails
          ? [...before.map((r) => r.id), 'n2']
          : [...before.map((r) => r.id).filter((id) => id !== 'a2'), 'n1', 'n2'],
      );
      expect((await repository.list({ search: 'zyx' })).total).toBe(fails ? 0 : 2);
    },
  );

  it('holds batch writes from outside until the transaction has ended, then applies them on its outcome', async () => {
    const repository = seeded();
    const gate = deferred();
    const joined = deferred();
    const run = repository.transaction!(async (tx) => {
      await tx.repository(repository).update('a1', { age: 1 });
      joined.resolve();
      await gate.promise;
    });
    await joined.promise;
    const created = repository.createMany!([{ ...body, id: 'n1' }]);
    const updated = repository.updateMany!([{ id: 'a1', patch: { score: 2 }, where: { age: 1 } }]);
    const removed = repository.deleteMany!(['a2']);
    for (const batch of [created, updated, removed]) expect(await settled(batch)).toBe(false);
    expect((await repository.get('a1')).age).toBe(36);
    gate.resolve();
    await run;
    expect((await created).map((record) => record.id)).toStrictEqual(['n1']);
    // The change's `where` is checked against the committed transaction's write.
    expect((await updated)[0]).toMatchObject({ id: 'a1', age: 1, score: 2 });
    expect((await removed).map((record) => record.id)).toStrictEqual(['a2']);
  });

  it('runs transactions one at a time, in call order', async () => {
    const a = seeded();
    const b = createMemoryRepository(items);
    const order: string[] = [];
    const gate = deferred();
    const first = a.transaction!(async () => {
      order.push('first start');
      await gate.promise;
      order.push('first end');
    });
    const second = b.transaction!(async () => void order.push('second'));
    await settled(second);
    expect(order).toStrictEqual(['first start']);
    gate.resolve();
    await Promise.all([first, second]);
    expect(order).toStrictEqual(['first start', 'first end', 'second']);
  });

  it('lands every one of 50 concurrent transactions, failed ones undone', async () => {
    const repository = createMemoryRepository(items);
    const runs = Array.from({ length: 50 }, (_, i) =>
      repository.transaction!(async (tx) => {
        await tx.repository(repository).create({ ...body, id: `c${i}` });
        if (i % 5 === 0) throw new Error(`fail ${i}`);
      }),
    );
    const outcomes = await Promise.allSettled(runs);
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(10);
    const ids = (await repository.list({ limit: 50 })).items.map((r) => r.id);
    expect(ids).toHaveLength(40);
    expect(ids.some((id) => Number(id.slice(1)) % 5 === 0)).toBe(false);
  });
});
