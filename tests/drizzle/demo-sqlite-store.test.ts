import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteDemoStore } from '../../examples/shared/sqlite-store';

describe('openSqliteDemoStore', () => {
  const file = join(tmpdir(), `pagelope-demo-${randomUUID()}.db`);
  afterAll(() => {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
  });

  it('seeds an empty file once, and finds the records written in an earlier run there', async () => {
    const first = await openSqliteDemoStore(5, file);
    expect(first.description).toBe(`SQLite file ${file}`);
    expect((await first.repository.list()).total).toBe(5);
    const [user] = (await first.repository.list({ orderBy: [{ field: 'username', direction: 'asc' }] })).items;
    await first.repository.update(user?.id as string, { age: 42 });
    await first.close();
    const second = await openSqliteDemoStore(5, file);
    expect((await second.repository.list()).total).toBe(5);
    expect((await second.repository.get(user?.id as string)).age).toBe(42);
    await second.close();
  });
});
