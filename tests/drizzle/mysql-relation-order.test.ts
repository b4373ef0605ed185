/**
 * An order by a to-one path (`author.fullName`) on MariaDB, a scalar subquery over the related table: by code point
 * although the related column is case-insensitive. Skipped without MYSQL_URL.
 */
import { expect, it } from 'vitest';
import { authors, books } from '../../src/testing/relation-fixtures';
import { describeMysqlLeg } from './mysql-leg';

describeMysqlLeg((_name, makeRepository) => {
  it("orders books by their authors' mixed-case names by code point", async () => {
    const a = await makeRepository(authors, [
      { id: 'a1', tenant: 'A', fullName: 'b', born: null, secret: 's' },
      { id: 'a2', tenant: 'A', fullName: 'B', born: null, secret: 's' },
      { id: 'a3', tenant: 'A', fullName: 'a', born: null, secret: 's' },
    ] as never[]);
    const b = await makeRepository(books, [
      { id: 'b1', tenant: 'A', title: 't', authorId: 'a1', year: null },
      { id: 'b2', tenant: 'A', title: 't', authorId: 'a2', year: null },
      { id: 'b3', tenant: 'A', title: 't', authorId: 'a3', year: null },
    ] as never[]);
    const list = b.list.bind(b) as unknown as (q: unknown, o: unknown) => Promise<{ items: { id: string }[] }>;
    const page = await list(
      { orderBy: [{ field: 'author.fullName', direction: 'asc' }] },
      { relations: { author: { repository: a } } },
    );
    expect(page.items.map((x) => x.id)).toEqual(['b2', 'b3', 'b1']);
  });
});
