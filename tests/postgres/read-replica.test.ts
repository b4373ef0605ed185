/**
 * `createPostgresRepository(resource, { client, readClient })` against a real streaming replica (tests/postgres/
 * replica.ts): reads go to the replica (a row written on the primary while the replica's replay is paused is not
 * listed, and a row changed meanwhile is read as the replica has it), a `get` the replica cannot answer falls back to
 * the primary, writes go to the primary (the replica is read-only: a write sent there fails), a transaction reads on
 * the primary, and relation filters read the replica with the list. The repository contract runs with the replica as
 * read client and a primary whose commits wait until the replica applied them (`synchronous_commit = remote_apply`).
 *
 * Skipped with a message where the PostgreSQL binaries are missing or cannot be run; PAGELOPE_REQUIRE_REPLICA=1 (set
 * by .ci/run) turns the skip into a failure.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResourceService, defineResource, parseListQuery, type Repository } from '../../src/index';
import { createPostgresRepository, createTableSql, type SqlClient } from '../../src/postgres/index';
import { repositoryContract } from 'pagelope/testing';
import { uniqueTable } from './pg-clients';
import { describeOnReplica } from './replica';

const notes = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string(), title: z.string(), rank: z.number().int(), version: z.number().int() }),
  filterable: ['title', 'rank'],
  sortable: ['rank'],
  version: 'version',
});
type Note = z.infer<typeof notes.schema>;

const tags = defineResource({
  name: 'tags',
  schema: z.object({ id: z.string(), noteId: z.string(), label: z.string() }),
  filterable: ['noteId', 'label'],
});
const tagged = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string(), title: z.string() }),
  filterable: ['tags.label'],
  relations: { tags: { kind: 'many', resource: () => tags, field: 'noteId' } },
});

describeOnReplica(
  'createPostgresRepository with readClient on a streaming replica',
  'readClient on a streaming replica',
  (replica) => {
    const { whilePaused } = replica;
    const client = (pool: pg.Pool) => pool as unknown as SqlClient;
    const notesTable = async (): Promise<{ table: string; repository: Repository<Note> }> => {
      const table = uniqueTable('notes');
      await replica.synced.query(createTableSql(notes, { table }));
      const repository = createPostgresRepository(notes, {
        client: client(replica.primary),
        readClient: client(replica.standby),
        table,
      });
      return { table, repository };
    };
    const note = (id: string, title: string, rank: number): Note => ({ id, title, rank, version: 1 });

    it('lists, counts and reads by values on the replica, and gets a record the replica lacks from the primary', async () => {
      const { table, repository } = await notesTable();
      await repository.create(note('a', 'original', 1));
      await whilePaused(async () => {
        await replica.primary.query(`INSERT INTO "${table}" (id, title, rank, version) VALUES ('b', 'new', 2, 1)`);
        await replica.primary.query(`UPDATE "${table}" SET title = 'changed' WHERE id = 'a'`);
        const page = await repository.list({ orderBy: [{ field: 'rank', direction: 'asc' }] });
        expect(page.items).toEqual([note('a', 'original', 1)]);
        expect(page.total).toBe(1);
        expect((await repository.listByCursor({ limit: 1 })).items.map((item) => item.title)).toEqual(['original']);
        const counts = await repository.countByValues?.('title', ['original', 'changed', 'new']);
        expect([...(counts ?? [])]).toEqual([['original', 1]]);
        expect((await repository.listByValues?.('rank', [1, 2]))?.map((item) => item.title)).toEqual(['original']);
        // Found on the replica: its (stale) copy; absent from it: the primary's.
        expect((await repository.get('a')).title).toBe('original');
        expect(await repository.get('b')).toEqual(note('b', 'new', 2));
        await expect(repository.get('nowhere')).rejects.toMatchObject({ statusCode: 404 });
      });
      const after = await repository.list({ orderBy: [{ field: 'rank', direction: 'asc' }] });
      expect(after.items.map((item) => item.title)).toEqual(['changed', 'new']);
    });

    it('writes on the primary: the replica refuses writes, and each write is on the primary before it replays', async () => {
      const { table, repository } = await notesTable();
      const onReplica = createPostgresRepository(notes, { client: client(replica.standby), table });
      await expect(onReplica.create(note('x', 'refused', 0))).rejects.toMatchObject({ code: '25006' });
      await whilePaused(async () => {
        await repository.create(note('a', 'one', 1));
        await repository.update('a', { title: 'two' });
        await repository.replace('a', note('a', 'three', 3));
        await repository.createMany?.([note('b', 'b', 4), note('c', 'c', 5)]);
        await repository.updateMany?.([{ id: 'b', patch: { title: 'bee' } }]);
        await repository.deleteMany?.(['c']);
        await repository.create(note('d', 'gone', 6));
        await repository.delete('d');
        const { rows } = await replica.primary.query(`SELECT id, title FROM "${table}" ORDER BY id`);
        expect(rows).toEqual([
          { id: 'a', title: 'three' },
          { id: 'b', title: 'bee' },
        ]);
        expect((await repository.list()).items).toEqual([]);
      });
      expect((await repository.list()).items.map((item) => item.title)).toEqual(['three', 'bee']);
    });

    it('reads on the primary inside a transaction', async () => {
      const { table, repository } = await notesTable();
      await repository.create(note('a', 'original', 1));
      await whilePaused(async () => {
        await replica.primary.query(`INSERT INTO "${table}" (id, title, rank, version) VALUES ('b', 'new', 2, 1)`);
        await replica.primary.query(`UPDATE "${table}" SET title = 'changed' WHERE id = 'a'`);
        const seen = await repository.transaction?.(async (tx) => {
          const bound = tx.repository(repository);
          const page = await bound.list({ orderBy: [{ field: 'rank', direction: 'asc' }] });
          const cursor = await bound.listByCursor({ orderBy: [{ field: 'rank', direction: 'asc' }] });
          return { page, cursor, a: await bound.get('a'), counts: await bound.countByValues?.('title', ['changed']) };
        });
        expect(seen?.page.items.map((item) => item.title)).toEqual(['changed', 'new']);
        expect(seen?.cursor.items.map((item) => item.title)).toEqual(['changed', 'new']);
        expect(seen?.a.title).toBe('changed');
        expect([...(seen?.counts ?? [])]).toEqual([['changed', 1]]);
        expect((await repository.list()).items.map((item) => item.title)).toEqual(['original']);
      });
    });

    it('filters by a relation with an EXISTS on the replica', async () => {
      const [noteTable, tagTable] = [uniqueTable('notes'), uniqueTable('tags')];
      await replica.synced.query(createTableSql(tagged, { table: noteTable }));
      await replica.synced.query(createTableSql(tags, { table: tagTable }));
      const options = { client: client(replica.primary), readClient: client(replica.standby) };
      const noteRepository = createPostgresRepository(tagged, { ...options, table: noteTable });
      const tagRepository = createPostgresRepository(tags, { ...options, table: tagTable });
      await noteRepository.createMany?.([
        { id: 'n1', title: 'one' },
        { id: 'n2', title: 'two' },
      ]);
      await tagRepository.create({ id: 't1', noteId: 'n1', label: 'red' });
      const relations = { tags: { repository: tagRepository } };
      const red = async () =>
        (await noteRepository.list(parseListQuery('tags.label[eq]=red', tagged), { relations })).items.map(
          (item) => item.id,
        );
      await whilePaused(async () => {
        await replica.primary.query(`INSERT INTO "${tagTable}" (id, "noteId", label) VALUES ('t2', 'n2', 'red')`);
        expect(await red()).toEqual(['n1']);
      });
      expect(await red()).toEqual(['n1', 'n2']);
    });

    it("reads what a service's update is guarded by on the primary with transaction: true, whatever the replica lags", async () => {
      const { table, repository } = await notesTable();
      const service = createResourceService({ resource: notes, repository, transaction: true });
      await repository.create(note('a', 'original', 1));
      await whilePaused(async () => {
        await replica.primary.query(`UPDATE "${table}" SET title = 'changed', version = 2 WHERE id = 'a'`);
        // Without If-Match the service reads the version to guard the write with: on the replica it would be 1.
        expect(await service.update('a', { title: 'mine' })).toMatchObject({ title: 'mine', version: 3 });
        expect(await service.update('a', { rank: 7 }, { ifMatch: '"3"' })).toMatchObject({ rank: 7, version: 4 });
      });
    });

    describe('the repository contract with the replica as read client (commits wait for replay)', () => {
      const tables: string[] = [];
      afterAll(async () => {
        for (let i = 0; i < tables.length; i += 100) {
          const batch = tables.slice(i, i + 100).map((table) => `"${table}"`);
          await replica.primary.query(`DROP TABLE IF EXISTS ${batch.join(', ')}`);
        }
      }, 120_000);
      repositoryContract(
        'createPostgresRepository with readClient on a replica',
        async (resource, records) => {
          const table = uniqueTable(resource.name);
          tables.push(table);
          await replica.synced.query(createTableSql(resource, { table }));
          const repository = createPostgresRepository(resource, {
            client: client(replica.synced),
            readClient: client(replica.standby),
            table,
          });
          for (const record of records) await repository.create(record as never);
          return repository;
        },
        // A secondary leg of PostgreSQL: the short mode (the full contract runs on PGlite and the server).
        { mode: 'short', numRuns: 10, readsAbsentNullableAsNull: true, relations: true },
      );
    });
  },
);
