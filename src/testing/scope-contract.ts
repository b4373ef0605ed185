import { isHttpError, parseCursorQuery, parseListQuery, type Repository } from 'pagelope';
import type { ScopeOptions } from 'pagelope/kit';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context';
import { httpErrorOf } from './expect-bad-request';
import { type Item, items } from './fixtures';
import { idsOf } from './ids-of';
import { referenceList } from './reference-model';
import { scopedListCases } from './scope-list-contract';
import { ACTIVE, SCOPES } from './scope-rows';
import { ALL_IDS, except, SEED } from './seed';
import { walkCursor } from './walkers';

/**
 * The contract of the scope option: a record outside the scope is exactly a missing one, invalid scopes are programming
 * errors.
 */
export function scopeContract(context: ContractContext): void {
  const { makeRepository, seeded, body, STORED, rows } = context;
  describe('scope', () => {
    const OPERATIONS = [
      { method: 'get', call: (r: Repository<Item>, id: string, o?: ScopeOptions<Item>) => r.get(id, o) },
      {
        method: 'update',
        call: (r: Repository<Item>, id: string, o?: ScopeOptions<Item>) => r.update(id, { name: 'changed' }, o),
      },
      {
        method: 'replace',
        call: (r: Repository<Item>, id: string, o?: ScopeOptions<Item>) => r.replace(id, body({ name: 'changed' }), o),
      },
      { method: 'delete', call: (r: Repository<Item>, id: string, o?: ScopeOptions<Item>) => r.delete(id, o) },
      {
        method: 'update with an empty patch',
        call: (r: Repository<Item>, id: string, o?: ScopeOptions<Item>) => r.update(id, { name: undefined }, o),
      },
    ];
    const CASES = OPERATIONS.flatMap((operation) => SCOPES.map((row) => ({ ...operation, ...row })));
    const errorOf = async (promise: Promise<unknown>) => {
      const { statusCode, error, message, extras, headers } = await httpErrorOf(promise);
      return { statusCode, error, message, extras, headers };
    };

    it('agrees with the reference model on the records inside each scope', () => {
      for (const { scope, inside } of SCOPES) expect(idsOf(referenceList(SEED, scope, []))).toStrictEqual(inside);
    });

    it.each(rows(CASES))(
      '$method answers for a record inside $label as without a scope',
      async ({ call, scope, inside }) => {
        const scoped = await seeded();
        const unscoped = await seeded();
        for (const id of inside) expect(await call(scoped, id, { scope })).toStrictEqual(await call(unscoped, id));
        expect((await scoped.list({ limit: 50 })).items).toStrictEqual((await unscoped.list({ limit: 50 })).items);
      },
    );

    it.each(rows(CASES))(
      '$method throws for a record outside $label exactly the 404 of a missing id, and changes nothing',
      async ({ call, scope, inside }) => {
        const scoped = await seeded();
        // The same ids, missing: a repository holding only the records inside the scope.
        const missing = await makeRepository(
          items,
          SEED.filter((record) => inside.includes(record.id)),
        );
        for (const id of [...except(...inside), 'missing']) {
          const outside = await errorOf(call(scoped, id, { scope }));
          expect(outside.statusCode).toBe(404);
          expect(outside).toStrictEqual(await errorOf(call(missing, id)));
          expect(outside).toStrictEqual(await errorOf(call(missing, id, { scope })));
        }
        expect((await scoped.list({ limit: 50 })).items).toStrictEqual(STORED);
      },
    );

    it.each(
      rows([
        { label: 'an unknown field', scope: { nope: 1 } },
        { label: 'an empty OR', scope: [] },
        { label: 'an operator that does not fit', scope: { age: { cont: 'x' } } },
      ]),
    )('throws an Error that is not an HttpError for a scope with $label, and changes nothing', async ({ scope }) => {
      const repository = await seeded();
      const options = { scope } as unknown as ScopeOptions<Item>;
      const calls: [string, () => Promise<unknown>][] = [
        ...OPERATIONS.flatMap(({ method, call }) =>
          ['a1', 'missing'].map((id): [string, () => Promise<unknown>] => [
            `${method} ${id}`,
            () => call(repository, id, options),
          ]),
        ),
        ['list', () => repository.list({}, options)],
        ['listByCursor', () => repository.listByCursor({}, options)],
      ];
      const outcomes: string[] = [];
      for (const [label, call] of calls) {
        const outcome = await call().then(
          () => 'resolved',
          (error: unknown) =>
            isHttpError(error) ? `HttpError ${error.statusCode}` : error instanceof Error ? 'Error' : 'other',
        );
        outcomes.push(`${label}: ${outcome}`);
      }
      expect(outcomes).toStrictEqual(calls.map(([label]) => `${label}: Error`));
      expect((await repository.list({ limit: 50 })).items).toStrictEqual(STORED);
    });

    it('does not carry a scope over to a later call with the same query object', async () => {
      const repository = await seeded();
      const query = parseListQuery('limit=50', items);
      expect((await repository.list(query, { scope: ACTIVE })).total).toBe(3);
      expect((await repository.list(query)).total).toBe(8);
      const cursorQuery = parseCursorQuery('limit=50', items);
      expect((await repository.listByCursor(cursorQuery, { scope: ACTIVE })).items).toHaveLength(3);
      expect((await repository.listByCursor(cursorQuery)).items).toHaveLength(8);
    });

    it('treats an undefined scope and empty options as no scope', async () => {
      const repository = await seeded();
      expect(await repository.get('a2', { scope: undefined })).toStrictEqual(STORED[1]);
      expect(await repository.list({ limit: 50 }, { scope: undefined })).toStrictEqual(
        await repository.list({ limit: 50 }),
      );
      expect(await repository.list({ limit: 50 }, {})).toStrictEqual(await repository.list({ limit: 50 }));
      const walked = await walkCursor(repository, { limit: 3, scope: undefined }, 5);
      expect(idsOf(walked)).toStrictEqual(ALL_IDS);
    });

    scopedListCases(context);
  });
}
