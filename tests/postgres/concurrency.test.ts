/**
 * Concurrent creates, updates, deletes and lists against every adapter (memory, PGlite, and the server when
 * DATABASE_URL is set): no acknowledged record is lost, none appears that was not acknowledged, ids stay unique,
 * and the final state equals the reference model built from the acknowledged operations.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRepository, isHttpError, type Repository } from '../../src/index';
import { createPostgresRepository, createTableSql } from '../../src/postgres/index';
import { items, type Item } from '../../src/testing/fixtures';
import { DATABASE_URL, openPglite, openServer, uniqueTable, type TestDatabase } from './pg-clients';

type Op =
  | { readonly kind: 'create'; readonly id: string; readonly age: number }
  | { readonly kind: 'update'; readonly id: string; readonly age: number }
  | { readonly kind: 'delete'; readonly id: string }
  | { readonly kind: 'list'; readonly limit: number };

const idArbitrary = fc.constantFrom('k1', 'k2', 'k3', 'k4', 'k5', 'k6');
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), id: idArbitrary, age: fc.integer({ min: 0, max: 99 }) }),
  fc.record({ kind: fc.constant('update' as const), id: idArbitrary, age: fc.integer({ min: 0, max: 99 }) }),
  fc.record({ kind: fc.constant('delete' as const), id: idArbitrary }),
  fc.record({ kind: fc.constant('list' as const), limit: fc.integer({ min: 1, max: 10 }) }),
);

const body = (id: string, age: number): Item => ({
  id,
  name: `n-${id}`,
  age,
  active: true,
  status: 'active',
  createdAt: null,
});

/** Runs the operations in concurrent batches; returns what the repository acknowledged, in completion order. */
async function runConcurrently(repository: Repository<Item>, batches: readonly (readonly Op[])[]) {
  const acknowledged: { op: Op; ok: boolean; status?: number }[] = [];
  for (const batch of batches) {
    await Promise.all(
      batch.map(async (op) => {
        try {
          if (op.kind === 'create') await repository.create(body(op.id, op.age));
          else if (op.kind === 'update') await repository.update(op.id, { age: op.age });
          else if (op.kind === 'delete') await repository.delete(op.id);
          else {
            const page = await repository.list({ limit: op.limit });
            expect(new Set(page.items.map((item) => item.id)).size).toBe(page.items.length);
          }
          acknowledged.push({ op, ok: true });
        } catch (error) {
          if (!isHttpError(error) || ![404, 409].includes(error.statusCode)) throw error;
          acknowledged.push({ op, ok: false, status: error.statusCode });
        }
      }),
    );
  }
  return acknowledged;
}

const legs: [string, () => Promise<TestDatabase | undefined>][] = [
  ['memory', async () => undefined],
  ['PGlite', openPglite],
];
const serverUrl = DATABASE_URL;
if (serverUrl) legs.push(['PostgreSQL server', () => openServer(serverUrl)]);

for (const [name, open] of legs) {
  describe(`${name} repository under concurrent operations`, () => {
    let db: TestDatabase | undefined;
    beforeAll(async () => {
      db = await open();
    });
    afterAll(async () => {
      await db?.close();
    });

    it('keeps exactly the acknowledged records, each once', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.array(opArbitrary, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }),
          async (batches) => {
            let repository: Repository<Item>;
            let table: string | undefined;
            if (db) {
              table = uniqueTable('conc');
              await db.exec(createTableSql(items, { table }));
              repository = createPostgresRepository(items, { client: db.client, table });
            } else repository = createMemoryRepository(items);
            const acknowledged = await runConcurrently(repository, batches);
            // Within one batch the order is not fixed, so check per id: what the acknowledged operations allow.
            const final = await repository.list({ limit: 50 });
            const ids = final.items.map((item) => item.id);
            expect(new Set(ids).size).toBe(ids.length);
            expect(final.total).toBe(ids.length);
            for (const id of new Set(batches.flat().flatMap((op) => ('id' in op ? [op.id] : [])))) {
              const ops = acknowledged.filter(({ op }) => 'id' in op && op.id === id);
              const creates = ops.filter(({ op, ok }) => op.kind === 'create' && ok).length;
              const deletes = ops.filter(({ op, ok }) => op.kind === 'delete' && ok).length;
              // Each successful create adds the record, each successful delete removes it: presence is their balance.
              expect(creates - deletes).toBeGreaterThanOrEqual(0);
              expect(creates - deletes).toBeLessThanOrEqual(1);
              expect(ids.includes(id)).toBe(creates - deletes === 1);
            }
            if (db && table) await db.exec(`DROP TABLE "${table}"`);
          },
        ),
        { numRuns: db ? 40 : 150 },
      );
    });
  });
}
