import fc from 'fast-check';
import { parseCursorQuery, type Where } from 'pagelope';
import { expect, it } from 'vitest';
import { orderArbitrary, recordsArbitrary } from './arbitraries';
import { CURSOR_MISMATCH_MESSAGE } from './bad-inputs';
import type { ContractContext } from './contract-context';
import { expectBadRequest } from './expect-bad-request';
import { type Item, items, newestItems } from './fixtures';
import { idsOf } from './ids-of';
import { ORDER_ROWS } from './order-rows';
import { referenceList } from './reference-model';
import { ACTIVE, DRAFT_OR_OLD, SCOPES } from './scope-rows';
import { SEED } from './seed';
import { walkCursor, walkPages } from './walkers';
import { whereArbitrary } from './where-arbitraries';

/** list under a scope: only the records inside, counted; a scope ANDed with a where; a scope on a field clients may not filter on. */
function scopedPageCases(context: ContractContext): void {
  const { makeRepository, rows, STORED, seeded } = context;
  it.each(rows(SCOPES))('returns from list only the records inside $label, and counts only them', async (row) => {
    const repository = await seeded();
    const page = await repository.list({ limit: 50 }, { scope: row.scope });
    expect(page).toMatchObject({ total: row.inside.length, page: 1, limit: 50, totalPages: 1 });
    expect(page.items).toStrictEqual(STORED.filter((record) => row.inside.includes(record.id)));
    for (const limit of [1, 2, 3]) {
      const walked = await walkPages(repository, { limit, scope: row.scope });
      expect(walked.total).toBe(row.inside.length);
      expect(idsOf(walked.records)).toStrictEqual(row.inside);
    }
  });

  it.each(
    rows([
      { label: 'a where on another field', where: { age: 36 }, scope: ACTIVE, ids: ['a1'] },
      { label: 'a where on the same field', where: { status: 'draft' }, scope: ACTIVE, ids: [] },
      { label: 'a where that repeats the scope', where: ACTIVE, scope: ACTIVE, ids: ['a1', 'a4', 'a7'] },
      {
        label: 'an OR where and an OR scope',
        where: [{ age: 36 }, { name: 'Zed' }],
        scope: DRAFT_OR_OLD,
        ids: ['a5', 'a8'],
      },
      {
        label: 'an OR where and a where object',
        where: [{ age: { lt: 20 } }, { nick: 'ada' }],
        scope: ACTIVE,
        ids: ['a1', 'a7'],
      },
    ] as const),
  )('ANDs the scope into the where of list and listByCursor: $label', async ({ where, scope, ids }) => {
    const repository = await seeded();
    const page = await repository.list({ where: where as Where<Item>, limit: 50 }, { scope: scope as Where<Item> });
    expect(idsOf(page.items)).toStrictEqual(ids);
    expect(page.total).toBe(ids.length);
    const walked = await walkCursor(
      repository,
      { where: where as Where<Item>, limit: 1, scope: scope as Where<Item> },
      10,
    );
    expect(idsOf(walked)).toStrictEqual(ids);
  });

  it('accepts a scope on a field clients may not filter on', async () => {
    const repository = await makeRepository(newestItems, SEED);
    const page = await repository.list({ limit: 5 }, { scope: ACTIVE });
    expect(idsOf(page.items)).toStrictEqual(['a7', 'a1', 'a4']);
    expect(page.total).toBe(3);
  });
}

/** listByCursor under a scope: walks in every order, cursors bound to the scope. */
function scopedCursorCases(context: ContractContext): void {
  const { rows, seeded } = context;
  it.each(rows(ORDER_ROWS))(
    'walks listByCursor through the records inside each scope, sorting $name',
    async ({ orderBy, ids }) => {
      const repository = await seeded();
      for (const { scope, inside } of SCOPES) {
        const expected = ids.filter((id) => inside.includes(id));
        for (const limit of [1, 2, 4]) {
          expect(idsOf(await walkCursor(repository, { orderBy, limit, scope }, 10))).toStrictEqual(expected);
        }
      }
    },
  );

  it('continues a scoped cursor under an equal scope built anew, and from parseCursorQuery', async () => {
    const repository = await seeded();
    const first = await repository.listByCursor({ limit: 2 }, { scope: [{ status: 'draft' }, { age: { gt: 80 } }] });
    expect(idsOf(first.items)).toStrictEqual(['a3', 'a4']);
    const next = await repository.listByCursor(
      { limit: 2, cursor: first.nextCursor },
      { scope: [{ status: 'draft' }, { age: { gt: 80 } }] },
    );
    expect(idsOf(next.items)).toStrictEqual(['a5', 'a8']);
    expect(next.nextCursor).toBeNull();
    const parsed = parseCursorQuery({ limit: '2', cursor: first.nextCursor ?? '' }, items);
    expect(idsOf((await repository.listByCursor(parsed, { scope: DRAFT_OR_OLD })).items)).toStrictEqual(['a5', 'a8']);
  });

  it.each(
    rows([
      { label: 'another scope', first: { scope: ACTIVE }, then: { scope: DRAFT_OR_OLD } },
      { label: 'another value of the same field', first: { scope: ACTIVE }, then: { scope: { status: 'draft' } } },
      { label: 'no scope', first: { scope: ACTIVE }, then: {} },
      {
        label: 'an OR scope with a clause dropped',
        first: { scope: DRAFT_OR_OLD },
        then: { scope: { status: 'draft' } },
      },
      { label: 'a scope, for a cursor issued without one', first: {}, then: { scope: ACTIVE } },
      { label: 'the scope moved into the where', first: { scope: ACTIVE }, then: { where: ACTIVE } },
      { label: 'the where moved into the scope', first: { where: ACTIVE }, then: { scope: ACTIVE } },
    ] as const),
  )('throws a 400 from listByCursor for a cursor reused under $label', async ({ first, then }) => {
    const repository = await seeded();
    const opening = await repository.listByCursor(
      { limit: 1, where: 'where' in first ? first.where : undefined },
      { scope: 'scope' in first ? (first.scope as Where<Item>) : undefined },
    );
    expect(opening.nextCursor).not.toBeNull();
    const error = await expectBadRequest(
      repository.listByCursor(
        { limit: 1, where: 'where' in then ? then.where : undefined, cursor: opening.nextCursor },
        { scope: 'scope' in then ? (then.scope as Where<Item>) : undefined },
      ),
    );
    expect(error.message).toStrictEqual(CURSOR_MISMATCH_MESSAGE);
  });
}

/** Random scopes against the reference model. */
function scopedWalkProperty(context: ContractContext): void {
  const { makeRepository, assertParameters } = context;
  it('walks list and listByCursor under a random scope through the scoped records of the reference model', async () => {
    const scenario = fc.record({
      records: recordsArbitrary,
      where: whereArbitrary,
      scope: whereArbitrary.filter((scope) => scope !== undefined),
      orderBy: orderArbitrary,
      limit: fc.integer({ min: 1, max: 7 }),
    });
    await fc.assert(
      fc.asyncProperty(scenario, async ({ records, where, scope, orderBy, limit }) => {
        const repository = await makeRepository(items, records);
        const inside = new Set(idsOf(referenceList(records, scope, [])));
        const expected = idsOf(referenceList(records, where, orderBy)).filter((id) => inside.has(id));
        const query = { where, orderBy: orderBy.length > 0 ? orderBy : undefined, limit, scope };
        const walked = await walkPages(repository, query);
        expect(walked.total).toBe(expected.length);
        expect(idsOf(walked.records)).toStrictEqual(expected);
        expect(idsOf(await walkCursor(repository, query, records.length + 1))).toStrictEqual(expected);
      }),
      assertParameters,
    );
  });
}

/**
 * The cases of the scope option on list and listByCursor: only the records inside, counted, walked, and cursors bound
 * to the scope.
 */
export function scopedListCases(context: ContractContext): void {
  scopedPageCases(context);
  scopedCursorCases(context);
  scopedWalkProperty(context);
}
