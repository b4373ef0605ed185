/**
 * Ids a record could never be reached by, on MariaDB (issue 32): an id with a NUL or another control character was
 * created and then never found (its GET, PATCH and DELETE missed it). A create and a batch create through
 * `createDrizzleRepository` and through the service refuse it with a 400 naming the id, and write nothing. Skipped
 * without MYSQL_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResourceService, defineResource, isHttpError } from '../../src/index';
import type { Resource } from '../../src/kit/index';
import { createDrizzleRepository } from '../../src/drizzle/index';
import { uniqueTable } from '../postgres/pg-clients';
import { rejectionOf } from '../support/rejection-of';
import { MYSQL_URL, mysqlTableOf, mysqlTableSql, openMysql, type MysqlLeg } from './mysql-leg';

const tags = defineResource({
  name: 'tags',
  schema: z.object({ id: z.string(), label: z.string() }),
  clientIds: true,
});

const UNREACHABLE = ['a\u0000b', 'tab\there', 'bell\u0007', 'del\u007f', 'x\ud800'];

describe.skipIf(!MYSQL_URL)('createDrizzleRepository on MariaDB: ids no request could reach', () => {
  let leg: MysqlLeg;
  const name = uniqueTable('my_tags');
  const table = mysqlTableOf(tags as unknown as Resource, name);

  beforeAll(async () => {
    leg = await openMysql(MYSQL_URL ?? '');
    await leg.exec(mysqlTableSql(tags as unknown as Resource, name));
  });
  afterAll(async () => {
    await leg.dropTables([name]);
    await leg.close();
  });

  it.each(UNREACHABLE)('refuses %j at create, in a batch and through the service, writing nothing', async (id) => {
    const repository = createDrizzleRepository(tags, { db: leg.db, table });
    const service = createResourceService({ resource: tags, repository });
    for (const attempt of [
      () => repository.create({ id, label: 'x' }),
      () =>
        repository.createMany!([
          { id: 'fine', label: 'x' },
          { id, label: 'y' },
        ]),
      () => service.create({ id, label: 'x' }),
      () =>
        service.createMany([
          { id: 'fine', label: 'x' },
          { id, label: 'y' },
        ]),
    ]) {
      const error = await rejectionOf(attempt());
      expect(isHttpError(error) && error.statusCode, String(error)).toBe(400);
      expect(JSON.stringify((error as { message: unknown }).message)).toMatch(/id/);
    }
    expect((await repository.list({})).items).toEqual([]);
  });

  it('still creates and finds an ordinary id (the check can pass)', async () => {
    const repository = createDrizzleRepository(tags, { db: leg.db, table });
    await repository.create({ id: 'ok-1', label: 'x' });
    expect(await repository.get('ok-1')).toEqual({ id: 'ok-1', label: 'x' });
    await repository.delete('ok-1');
  });
});
