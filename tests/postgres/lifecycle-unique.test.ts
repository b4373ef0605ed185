/**
 * Soft delete on PostgreSQL with a partial unique index (unique among live records, the usual schema for soft delete):
 * a deleted record's value may be taken by a new record, and restoring the deleted one is then a 409 that changes
 * nothing (PGlite, and the server when DATABASE_URL is set).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResourceService, defineResource, isHttpError } from '../../src/index';
import { createPostgresRepository, createTableSql } from '../../src/postgres/index';
import { rejectionOf } from '../support/rejection-of';
import { testDatabases, uniqueTable, type TestDatabase } from './pg-clients';

const accounts = defineResource({
  name: 'accounts',
  schema: z.object({ id: z.string(), handle: z.string(), deletedAt: z.date().nullable(), version: z.number().int() }),
  clientIds: true,
  softDelete: { field: 'deletedAt' },
  version: 'version',
});

for (const [leg, open] of testDatabases()) {
  describe(`soft delete with a partial unique index on ${leg}`, () => {
    let db: TestDatabase;
    const table = uniqueTable('accounts');
    beforeAll(async () => {
      db = await open();
      await db.exec(createTableSql(accounts, { table }));
      await db.exec(`CREATE UNIQUE INDEX "${table}_live_handle" ON "${table}" ("handle") WHERE "deletedAt" IS NULL`);
    });
    afterAll(async () => {
      await db.dropTables([table]);
      await db.close();
    }, 120_000);

    it("frees a deleted record's value, and refuses its restore with a 409 once the value is taken", async () => {
      const service = createResourceService({
        resource: accounts,
        repository: createPostgresRepository(accounts, { client: db.client, table }),
      });
      await service.create({ id: 'a1', handle: 'ann' });
      const taken = await rejectionOf(service.create({ id: 'a2', handle: 'ann' }));
      expect(isHttpError(taken) && taken.statusCode).toBe(409);
      await service.delete('a1');
      await service.create({ id: 'a2', handle: 'ann' });
      const refused = await rejectionOf(service.restore('a1'));
      expect(isHttpError(refused) && refused.statusCode).toBe(409);
      const stored = await service.get('a1', { deleted: 'include' });
      expect([stored.deletedAt instanceof Date, stored.version]).toStrictEqual([true, 2]);
      await service.delete('a2', { permanent: true });
      expect((await service.restore('a1')).version).toBe(3);
    });
  });
}
