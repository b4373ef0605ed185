/**
 * Concurrent restores of one soft-deleted record on PostgreSQL (PGlite, and the server when DATABASE_URL is set):
 * every one answers 200 with the live record, never a 404 for a record that exists (memory answers the same).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryRepository, createResourceService, defineResource, isHttpError } from '../../src/index';
import { createPostgresRepository, createTableSql } from '../../src/postgres/index';
import { testDatabases, uniqueTable, type TestDatabase } from './pg-clients';

const versioned = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string(), title: z.string(), deletedAt: z.date().nullable(), version: z.number().int() }),
  clientIds: true,
  softDelete: { field: 'deletedAt' },
  version: 'version',
});
const plain = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string(), title: z.string(), deletedAt: z.date().nullable() }),
  clientIds: true,
  softDelete: { field: 'deletedAt' },
});

/** The statuses of `count` concurrent restores of one deleted record (200 for a restore that resolved). */
async function restoreConcurrently(service: { restore(id: string): Promise<unknown> }, count: number) {
  return Promise.all(
    Array.from({ length: count }, () =>
      service.restore('n1').then(
        () => 200,
        (error: unknown) => {
          if (isHttpError(error)) return error.statusCode;
          throw error;
        },
      ),
    ),
  );
}

describe('concurrent restores on memory', () => {
  for (const resource of [versioned, plain]) {
    it(`all answer 200 (${resource === versioned ? 'versioned' : 'no version'})`, async () => {
      const service = createResourceService({
        resource: resource as typeof plain,
        repository: createMemoryRepository(resource as never) as never,
      });
      await service.create({ id: 'n1', title: 't' } as never);
      await service.delete('n1');
      expect(await restoreConcurrently(service, 10)).toStrictEqual(Array(10).fill(200));
    });
  }
});

for (const [leg, open] of testDatabases()) {
  describe(`concurrent restores on ${leg}`, () => {
    let db: TestDatabase;
    const tables: string[] = [];
    beforeAll(async () => {
      db = await open();
    }, 120_000);
    afterAll(async () => {
      await db.dropTables(tables);
      await db.close();
    }, 120_000);

    for (const resource of [versioned, plain]) {
      it(`all answer 200, the record live once (${resource === versioned ? 'versioned' : 'no version'})`, async () => {
        const table = uniqueTable('notes');
        tables.push(table);
        await db.exec(createTableSql(resource as typeof plain, { table }));
        const service = createResourceService({
          resource: resource as typeof plain,
          repository: createPostgresRepository(resource as typeof plain, { client: db.client, table }),
        });
        for (let round = 0; round < 5; round++) {
          if (round === 0) await service.create({ id: 'n1', title: 't' } as never);
          await service.delete('n1');
          expect(await restoreConcurrently(service, 10)).toStrictEqual(Array(10).fill(200));
          expect((await service.get('n1')) as { deletedAt: unknown }).toMatchObject({ deletedAt: null });
        }
      });
    }
  });
}
