/**
 * A `Date` field on a `date` column (a day), on PGlite and on the server: a midnight UTC is stored and read back as
 * it was sent; any other instant is a 400 naming the field, in a write and in a filter, never stored as its day (which
 * would change the value the client sent, and which a filter would compare as another instant than the memory
 * repository does). `resourceFromTable` on a Drizzle `date` column in `date` mode refuses it the same way.
 */
import { date, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResourceService, defineResource, isHttpError, type ResourceService } from '../../src/index';
import { resourceFromTable } from '../../src/drizzle/index';
import { createPostgresRepository } from '../../src/postgres/index';
import { testDatabases, uniqueTable, type TestDatabase } from './pg-clients';

const schema = z.object({ id: z.string(), day: z.date() });
const days = defineResource({ name: 'days', schema, filterable: ['day'], sortable: ['day'] });
type Day = z.output<typeof schema>;

const MIDNIGHT = new Date('2000-01-05T00:00:00Z');
const MORNING = new Date('2000-01-05T10:00:00Z');

/** The 400 a call fails with, as `status: messages`. */
async function refusal(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!isHttpError(error)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return `${error.statusCode}: ${JSON.stringify(error.message)}`;
}

for (const [name, open] of testDatabases()) {
  describe(`a Date field on a date column on ${name}`, () => {
    let db: TestDatabase;
    const table = uniqueTable('days');
    let service: ResourceService<Day>;
    let id = '';
    beforeAll(async () => {
      db = await open();
      await db.exec(`CREATE TABLE "${table}" (id text PRIMARY KEY, day date NOT NULL)`);
      service = createResourceService({
        resource: days,
        repository: createPostgresRepository(days, { client: db.client, table }),
      });
    }, 60_000); // opening a database can outlast 10 s on a busy machine
    afterAll(async () => {
      await db.dropTables([table]);
      await db.close();
    });

    it('stores a midnight UTC and reads it back as it was sent', async () => {
      const created = await service.create({ day: MIDNIGHT });
      id = created.id;
      expect(created.day.toISOString()).toBe(MIDNIGHT.toISOString());
      expect((await service.get(id)).day.toISOString()).toBe(MIDNIGHT.toISOString());
    });

    it('refuses another instant in a create, an update and a replace, and stores nothing', async () => {
      expect(await refusal(service.create({ day: MORNING }))).toMatch(/^400: .*day.*midnight UTC/);
      expect(await refusal(service.update(id, { day: MORNING }))).toMatch(/^400: .*day.*midnight UTC/);
      expect(await refusal(service.replace(id, { day: MORNING }))).toMatch(/^400: .*day.*midnight UTC/);
      const page = await service.list({});
      expect(page.items.map((row) => [row.id, row.day.toISOString()])).toEqual([[id, MIDNIGHT.toISOString()]]);
    });

    it('refuses another instant in a batch and in a transaction, and stores nothing of either', async () => {
      const batch = await refusal(service.createMany([{ day: MIDNIGHT }, { day: MORNING }]));
      expect(batch).toMatch(/^400: .*midnight UTC/);
      expect(await refusal(service.updateMany([{ id, day: MORNING }]))).toMatch(/^400: .*midnight UTC/);
      const repository = createPostgresRepository(days, { client: db.client, table });
      const inTransaction = repository.transaction!(async (tx) => {
        const bound = tx.repository(repository);
        await bound.create({ id: 'in-tx', day: MIDNIGHT });
        return bound.update(id, { day: MORNING });
      });
      expect(await refusal(inTransaction)).toMatch(/^400: .*day.*midnight UTC/);
      const page = await service.list({});
      expect(page.items.map((row) => [row.id, row.day.toISOString()])).toEqual([[id, MIDNIGHT.toISOString()]]);
    });

    it('refuses another instant in a filter, and compares a midnight as the memory repository does', async () => {
      expect(await refusal(service.list({ where: { day: { gte: MORNING } } }))).toMatch(/^400: .*midnight UTC/);
      expect((await service.list({ where: { day: { gte: MIDNIGHT } } })).items).toHaveLength(1);
      expect((await service.list({ where: { day: { gt: MIDNIGHT } } })).items).toHaveLength(0);
    });
  });
}

describe('resourceFromTable on a date column in date mode', () => {
  const table = pgTable('days', { id: text('id').primaryKey(), day: date('day', { mode: 'date' }).notNull() });
  const resource = resourceFromTable(table, { name: 'days' });

  it('takes a midnight UTC and refuses another instant with a message', () => {
    expect(resource.schema.safeParse({ id: 'a', day: MIDNIGHT }).success).toBe(true);
    const parsed = resource.schema.safeParse({ id: 'a', day: MORNING });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain('Must be a midnight UTC');
  });
});
