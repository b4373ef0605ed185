import { parseCursorQuery } from 'pagelope';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context';
import { expectBadRequest } from './expect-bad-request';
import { type Item, items, newestItems } from './fixtures';
import { idsOf } from './ids-of';
import { ORDER_ROWS } from './order-rows';
import { SEED } from './seed';
import { tryMutate } from './try-mutate';
import type { UncheckedReads } from './unchecked-reads';
import { walkCursor } from './walkers';

/** Default walks, ends of a walk, and walks in every order and over a filter. */
function walkCases(context: ContractContext): void {
  const { makeRepository, rows, seeded, fresh, body } = context;
  const many = (count: number): Item[] =>
    Array.from({ length: count }, (_, i) => ({ ...body({ age: i % 4 }), id: `r${String(i).padStart(3, '0')}` }));

  it('returns 20 records by default, in the default order of the resource (the id order without one)', async () => {
    const repository = await makeRepository(items, many(25));
    const first = await repository.listByCursor();
    expect(idsOf(first.items)).toStrictEqual(many(20).map((record) => record.id));
    expect(typeof first.nextCursor).toBe('string');
    const second = await repository.listByCursor({ cursor: first.nextCursor });
    expect(idsOf(second.items)).toStrictEqual(
      many(25)
        .slice(20)
        .map((record) => record.id),
    );
    expect(second.nextCursor).toBeNull();
    // With a defaultOrder, the cursor walk follows it, as list does: the same records, page after page.
    const newest = await makeRepository(newestItems, SEED);
    const listed = idsOf((await newest.list({ limit: 5 })).items);
    expect(listed.slice(0, 3)).toStrictEqual(['a3', 'a7', 'a8']);
    const head = await newest.listByCursor({ limit: 3 });
    expect(idsOf(head.items)).toStrictEqual(listed.slice(0, 3));
    const next = await newest.listByCursor({ limit: 2, cursor: head.nextCursor });
    expect(idsOf(next.items)).toStrictEqual(listed.slice(3, 5));
  });

  it('returns nextCursor null for an empty set and after an exactly full last page', async () => {
    expect(await (await fresh()).listByCursor()).toStrictEqual({ items: [], nextCursor: null });
    const repository = await makeRepository(items, many(6));
    const first = await repository.listByCursor({ limit: 3 });
    expect(first.nextCursor).not.toBeNull();
    const last = await repository.listByCursor({ limit: 3, cursor: first.nextCursor });
    expect(idsOf(last.items)).toStrictEqual(['r003', 'r004', 'r005']);
    expect(last.nextCursor).toBeNull();
    expect((await repository.listByCursor({ limit: 6 })).nextCursor).toBeNull();
  });

  it.each(rows(ORDER_ROWS))('visits each record exactly once, in order, sorting $name', async ({ orderBy, ids }) => {
    const repository = await seeded();
    for (const limit of [1, 3, 8]) {
      expect(idsOf(await walkCursor(repository, { orderBy, limit }, 10))).toStrictEqual(ids);
    }
  });

  it('walks a filtered set in the same order as list', async () => {
    const repository = await seeded();
    const query = {
      where: [{ status: 'draft' }, { age: { gte: 36 } }],
      orderBy: [{ field: 'age', direction: 'desc' }],
    } as const;
    const walked = await walkCursor(repository, { ...query, limit: 2 }, 10);
    expect(idsOf(walked)).toStrictEqual(idsOf((await repository.list({ ...query, limit: 50 })).items));
    expect(idsOf(walked)).toStrictEqual(['a3', 'a8', 'a4', 'a2', 'a1', 'a5']);
  });
}

/** Cursors bound to their query, malformed and tampered cursors. */
function bindingCases(context: ContractContext): void {
  const { rows, seeded } = context;
  it('allows a cursor to be reused with another limit', async () => {
    const repository = await seeded();
    const first = await repository.listByCursor({ limit: 2, orderBy: [{ field: 'name', direction: 'asc' }] });
    const next = await repository.listByCursor({
      limit: 4,
      orderBy: [{ field: 'name', direction: 'asc' }],
      cursor: first.nextCursor,
    });
    expect(idsOf(next.items)).toStrictEqual(['a8', 'a2', 'a4', 'a5']);
  });

  it.each(
    rows([
      { name: 'another filter', changed: { where: { status: 'active' } } },
      { name: 'no filter', changed: { where: undefined } },
      { name: 'another value', changed: { where: { status: 'archived' } } },
      { name: 'another order', changed: { orderBy: [{ field: 'name', direction: 'asc' }] } },
      { name: 'another direction', changed: { orderBy: [{ field: 'age', direction: 'asc' }] } },
    ]),
  )('throws a 400 for a cursor reused with $name', async ({ changed }) => {
    const repository = await seeded();
    const unchecked: UncheckedReads = repository;
    const query = { where: { status: 'draft' }, orderBy: [{ field: 'age', direction: 'desc' }] } as const;
    const first = await repository.listByCursor({ ...query, limit: 1 });
    expect(first.nextCursor).not.toBeNull();
    await expectBadRequest(unchecked.listByCursor({ ...query, ...changed, cursor: first.nextCursor }));
  });

  it.each(
    rows([
      { name: 'not base64url', cursor: 'abc+/=' },
      { name: 'random text', cursor: 'not-a-cursor' },
      { name: 'base64url of a non-JSON text', cursor: Buffer.from('hello').toString('base64url') },
      { name: 'base64url of JSON of the wrong shape', cursor: Buffer.from('{"a":1}').toString('base64url') },
      { name: 'base64url of an empty array', cursor: Buffer.from('[]').toString('base64url') },
      { name: 'base64url of __proto__', cursor: Buffer.from('{"__proto__":{"x":1}}').toString('base64url') },
      { name: 'a 10 KB cursor', cursor: 'A'.repeat(10_240) },
      { name: 'a cursor with CR/LF', cursor: 'abc\r\ndef' },
      { name: 'a number', cursor: 42 },
    ]),
  )('throws a 400 for a malformed cursor: $name', async ({ cursor }) => {
    const repository: UncheckedReads = await seeded();
    await expectBadRequest(repository.listByCursor({ cursor }));
    expect(Object.prototype).not.toHaveProperty('x');
  });

  it('throws a 400 for a tampered cursor', async () => {
    const repository = await seeded();
    const { nextCursor } = await repository.listByCursor({ limit: 2 });
    const tampered = `${(nextCursor ?? '').slice(0, -2)}${(nextCursor ?? '').endsWith('A') ? 'B' : 'A'}x`;
    await expectBadRequest(repository.listByCursor({ limit: 2, cursor: tampered }));
  });
}

/** The limit rules, parsed queries and copies. */
function inputCases(context: ContractContext): void {
  const { makeRepository, STORED, seeded } = context;
  it('applies the same limit rules as list', async () => {
    const repository = await seeded();
    await expectBadRequest(repository.listByCursor({ limit: 0 }));
    await expectBadRequest(repository.listByCursor({ limit: 2.5 }));
    const unchecked: UncheckedReads = repository;
    await expectBadRequest(unchecked.listByCursor({ page: 2 }));
    expect((await repository.listByCursor({ limit: 500 })).items).toHaveLength(8);
    const newest = await makeRepository(newestItems, SEED);
    await expectBadRequest(newest.listByCursor({ limit: 6 }));
  });

  it('accepts a CursorQuery from parseCursorQuery', async () => {
    const repository = await seeded();
    const first = await repository.listByCursor(parseCursorQuery('status[eq]=draft&limit=2', items));
    expect(idsOf(first.items)).toStrictEqual(['a3', 'a5']);
    const next = await repository.listByCursor(
      parseCursorQuery({ 'status[eq]': 'draft', limit: '2', cursor: first.nextCursor ?? '' }, items),
    );
    expect(idsOf(next.items)).toStrictEqual(['a8']);
    expect(next.nextCursor).toBeNull();
  });

  it('returns copies: changing them never changes the store', async () => {
    const repository = await seeded();
    const page = await repository.listByCursor({ limit: 50 });
    tryMutate(() => {
      for (const record of page.items) record.createdAt?.setTime(0);
    });
    expect((await repository.listByCursor({ limit: 50 })).items).toStrictEqual(STORED);
  });
}

/**
 * The contract of listByCursor: walks that visit each record once in order, cursor ends, cursor binding and malformed
 * cursors.
 */
export function cursorContract(context: ContractContext): void {
  describe('listByCursor', () => {
    walkCases(context);
    bindingCases(context);
    inputCases(context);
  });
}
