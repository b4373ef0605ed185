/**
 * `createDrizzleRepository` on MariaDB tables keyed by the native `UUID` type and by `BINARY(16)` (customTypes, as
 * users declare them): writes and reads by id, cursor pages of one tenant in both directions with ties on createdAt
 * broken in the column's own order (MariaDB's UUID order swaps the segments of versions 1 to 5), lists by id, `in`
 * filters, malformed ids answered 400 or 404. Skipped without MYSQL_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseListQuery, type Repository } from '../../src/index';
import { createDrizzleRepository } from '../../src/drizzle/index';
import { uniqueTable } from '../postgres/pg-clients';
import { MYSQL_URL, openMysql, type MysqlLeg } from './mysql-leg';
import { entries, keyTable, keyTableSql, KEY_TYPES, uuidToBytes, type Entry, type KeyType } from './mysql-uuid-tables';

const TENANT = '7e57a000-0000-4000-8000-000000000001';
const OTHER = '7e57a000-0000-4000-8000-000000000002';
/** Ids of versions 1, 4, 6 and 7, whose MariaDB UUID order is not their text order. */
const IDS = [
  'ffff0000-0000-1000-8000-000000000000',
  '00000000-0000-1000-8000-0000000000ff',
  'ffff0000-0000-4000-8000-000000000000',
  '00000000-0000-4000-8000-0000000000ff',
  '0f000000-0000-4000-9000-00000000ff00',
  '01890000-0000-7000-8000-0000000000ff',
  '01890001-0000-7000-8000-000000000001',
  'a0000000-0000-6000-b000-000000000001',
  '10000000-0000-4000-a000-00000000000f',
];
/** Three records share each createdAt, so the id breaks every tie. */
const at = (i: number) => new Date(Date.UTC(2024, 0, 1, 0, 0, Math.floor(i / 3)));

/** The uuid text of a value a `UUID` (text) or `BINARY(16)` (bytes) column gives. */
const textOf = (value: unknown) =>
  typeof value === 'string'
    ? value
    : Buffer.from(value as Buffer)
        .toString('hex')
        .replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');

const idsOf = (page: { readonly items: readonly Entry[] }) => page.items.map((item) => item.id);

describe.skipIf(!MYSQL_URL)('createDrizzleRepository on MariaDB uuid keys', () => {
  let leg: MysqlLeg;
  const created: string[] = [];
  beforeAll(async () => {
    leg = await openMysql(MYSQL_URL ?? '');
  });
  afterAll(async () => {
    await leg.dropTables(created);
    await leg.close();
  });

  /** A table keyed by `type` holding IDS in TENANT and two records of OTHER, and its repository. */
  async function tableOf(type: KeyType, sql: string) {
    const name = uniqueTable(`uuid_${type}`);
    created.push(name);
    await leg.exec(keyTableSql(name, sql));
    const table = keyTable(name, type);
    const repository = createDrizzleRepository(entries, { db: leg.db, table }) as unknown as Repository<Entry>;
    for (const [i, id] of IDS.entries())
      await repository.create({ id, tenantId: TENANT, title: `t${i % 4}`, createdAt: at(i) });
    for (const [i, id] of ['0b000000-0000-4000-8000-000000000001', '0b000000-0000-4000-8000-000000000002'].entries())
      await repository.create({ id, tenantId: OTHER, title: 'other', createdAt: at(i) });
    const key = (text: string) => (type === 'uuid' ? text : uuidToBytes(text));
    /** The ids SQL finds with `clause` (its parameters uuid texts), in SQL's order. */
    const sqlIds = async (clause: string, params: readonly string[] = []) => {
      const [rows] = await leg.pool.query(`SELECT id FROM \`${name}\` ${clause}`, params.map(key));
      return (rows as { id: unknown }[]).map((row) => textOf(row.id));
    };
    return { repository, sqlIds };
  }

  /** Every id of a scoped cursor walk of `createdAt` in `direction`, two a page. */
  async function walk(repository: Repository<Entry>, direction: 'asc' | 'desc'): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const input = { orderBy: [{ field: 'createdAt', direction }] as const, limit: 2, ...(cursor && { cursor }) };
      const result = await repository.listByCursor(input, { scope: { tenantId: TENANT } });
      ids.push(...idsOf(result));
      if (result.nextCursor === null) return ids;
      cursor = result.nextCursor;
    }
    throw new Error('the walk did not end');
  }

  describe.each(KEY_TYPES)('on $sql', ({ type, sql }) => {
    it('creates, reads, updates and deletes records by their uuid', async () => {
      const { repository, sqlIds } = await tableOf(type, sql);
      const made = await repository.create({ tenantId: OTHER, title: 'new', createdAt: at(0) } as Entry);
      expect(made.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(await sqlIds('WHERE id = ?', [made.id])).toEqual([made.id]);
      expect(await repository.get(IDS[3] as string)).toEqual({
        id: IDS[3],
        tenantId: TENANT,
        title: 't3',
        createdAt: at(3),
      });
      expect((await repository.update(IDS[3] as string, { title: 'changed' })).title).toBe('changed');
      expect((await repository.get(IDS[3] as string)).title).toBe('changed');
      await repository.delete(IDS[3] as string);
      await expect(repository.get(IDS[3] as string)).rejects.toMatchObject({ statusCode: 404 });
      expect(await sqlIds('WHERE id = ?', [IDS[3] as string])).toEqual([]);
      await expect(
        repository.create({ id: IDS[0] as string, tenantId: TENANT, title: 'again', createdAt: at(0) }),
      ).rejects.toMatchObject({ statusCode: 409 });
    });

    it('pages a tenant by cursor in both directions, ties broken in the order SQL gives the column', async () => {
      const { repository, sqlIds } = await tableOf(type, sql);
      expect(await walk(repository, 'desc')).toEqual(
        await sqlIds('WHERE tenantId = ? ORDER BY createdAt DESC, id', [TENANT]),
      );
      expect(await walk(repository, 'asc')).toEqual(
        await sqlIds('WHERE tenantId = ? ORDER BY createdAt, id', [TENANT]),
      );
    });

    it('lists sorted by id in the order SQL gives the column', async () => {
      const { repository, sqlIds } = await tableOf(type, sql);
      const byId = (direction: 'asc' | 'desc') =>
        repository.list({ orderBy: [{ field: 'id', direction }], limit: 50 }).then(idsOf);
      expect(await byId('asc')).toEqual(await sqlIds('ORDER BY id'));
      expect(await byId('desc')).toEqual(await sqlIds('ORDER BY id DESC'));
    });

    it('filters id[in] and tenantId to the records holding those uuids', async () => {
      const { repository } = await tableOf(type, sql);
      const query = parseListQuery(`id[in]=${IDS[1]}&id[in]=${IDS[5]}&id[in]=${IDS[8]}&orderBy=createdAt`, entries);
      expect(idsOf(await repository.list(query))).toEqual([IDS[1], IDS[5], IDS[8]]);
      const other = await repository.list({ where: { tenantId: OTHER } });
      expect(other.items.map((item) => item.title)).toEqual(['other', 'other']);
    });

    it('answers a malformed id with a 400 in a filter and a 404 by id, never a 500', async () => {
      const { repository } = await tableOf(type, sql);
      expect(() => parseListQuery('id[in]=nope', entries)).toThrow(expect.objectContaining({ statusCode: 400 }));
      await expect(repository.list({ where: { id: { in: ['nope'] } } })).rejects.toMatchObject({ statusCode: 400 });
      await expect(repository.get('nope')).rejects.toMatchObject({ statusCode: 404 });
      await expect(repository.update('nope', { title: 'x' })).rejects.toMatchObject({ statusCode: 404 });
      await expect(repository.delete('nope')).rejects.toMatchObject({ statusCode: 404 });
      await expect(
        repository.create({ id: 'nope', tenantId: TENANT, title: 'x', createdAt: at(0) }),
      ).rejects.toMatchObject({ statusCode: 400 });
    });
  });
});
