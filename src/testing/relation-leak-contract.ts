import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context';
import { httpErrorOf } from './expect-bad-request';
import { type RelationScopes, RELATION_SEED } from './relation-fixtures';
import { idsOfItems, type LooseQuery, openWorld, walkBookCursor } from './relation-harness';
import { expectedItem, referenceRelationList, type RelationQuery } from './relation-model';
import { type BookServices, createBookServices } from './relation-services';

const TENANT_A: RelationScopes = { books: { tenant: 'A' }, authors: { tenant: 'A' }, reviews: { tenant: 'A' } };
const A = { tenant: 'A' };
const EMBEDS = { include: ['author', 'reviews'], counts: ['reviews'] } as const;

/** Every object in a value (items, embeds), depth first. */
function objectsIn(value: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const item of value) objectsIn(item, out);
  else if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    out.push(value as Record<string, unknown>);
    for (const item of Object.values(value)) objectsIn(item, out);
  }
  return out;
}

/** Asserts that nothing of tenant B, and no hidden value, is in a result of tenant A. */
export function expectNothingOfTenantB(result: unknown): void {
  for (const object of objectsIn(result)) if ('tenant' in object) expect(object['tenant']).toBe('A');
  const text = JSON.stringify(result);
  expect(text).not.toMatch(/zebra/i);
  expect(text).not.toContain('key-');
}

/** Asserts two calls fail with the same 400, once the probed name is replaced. */
async function expectSameRefusal(hidden: Promise<unknown>, absent: Promise<unknown>, name: string, other: string) {
  const [a, b] = [await httpErrorOf(hidden), await httpErrorOf(absent)];
  expect([a.statusCode, b.statusCode]).toStrictEqual([400, 400]);
  expect(JSON.stringify(a.message).replaceAll(name, other)).toBe(JSON.stringify(b.message));
}

/**
 * Tenant A's calls, through a service whose every side is scoped by `locals.tenant`, never see tenant B's related
 * records (include, counts, relation filters and sorts, cursors, search, get), and a hidden related field is never
 * embedded and is refused exactly as an unknown one.
 */
export function relationLeakContract(context: ContractContext): void {
  const { makeRepository, rows } = context;
  describe('related records across tenants and hidden related fields', () => {
    let services: BookServices | undefined;
    const open = async () =>
      (services ??= createBookServices(await openWorld(makeRepository, RELATION_SEED), 'locals.tenant'));
    const expectedOf = (query: RelationQuery) =>
      referenceRelationList(RELATION_SEED, TENANT_A, query).map((item) => expectedItem(item, query));

    it.each(
      rows<[string, LooseQuery]>([
        ['include and counts', { ...EMBEDS }],
        [
          'a to-one filter on a name only tenant B has',
          { where: { author: { fullName: { contl: 'zebra' } } }, ...EMBEDS },
        ],
        ['a to-many filter on a note only tenant B has', { where: { reviews: { any: { note: { contl: 'zebra' } } } } }],
        ["none of tenant B's notes", { where: { reviews: { none: { note: { contl: 'zebra' } } } }, ...EMBEDS }],
        ['all reviews above a rating', { where: { reviews: { all: { rating: { gte: 2 } } } }, ...EMBEDS }],
        ['a to-one sort', { orderBy: [{ field: 'author.fullName', direction: 'desc' }], ...EMBEDS }],
        ['a search', { search: 'zebra', ...EMBEDS }],
        ['no related author', { where: { author: null }, ...EMBEDS }],
      ]),
    )('lists for %s what tenant A sees and nothing of tenant B', async (_name, query) => {
      const { list } = await open();
      const page = await list({ ...query, limit: 50 }, A);
      expect(page.items).toStrictEqual(expectedOf(query as RelationQuery));
      expectNothingOfTenantB(page);
    });

    it('walks the cursor sorted by author name seeing nothing of tenant B', async () => {
      const { listByCursor } = await open();
      const query = { orderBy: [{ field: 'author.fullName', direction: 'asc' }], ...EMBEDS };
      const walked = await walkBookCursor((q) => listByCursor(q, A), query, 2, 10);
      expect(idsOfItems(walked)).toStrictEqual(['b1', 'b6', 'b2', 'b3', 'b4']);
      expectNothingOfTenantB(walked);
    });

    it('gets a book with its author out of scope as null, and a book of tenant B as not found', async () => {
      const { get } = await open();
      const book = await get('b4', { include: ['author', 'reviews'], locals: A });
      expect(book['author']).toBeNull();
      expectNothingOfTenantB(book);
      expect((await httpErrorOf(get('b5', { include: ['author'], locals: A }))).statusCode).toBe(404);
    });

    it('refuses a cursor issued under another related scope, the books scope being the same', async () => {
      // Books unscoped; authors and reviews scoped by the tenant: only the related scopes differ between A and B.
      const services = createBookServices(await openWorld(makeRepository, RELATION_SEED), (side, locals) =>
        side === 'books' ? undefined : { tenant: locals['tenant'] },
      );
      const query = { orderBy: [{ field: 'author.fullName', direction: 'asc' }], limit: 1 };
      const first = await services.listByCursor(query, { tenant: 'B' });
      expect(first.nextCursor).not.toBeNull();
      const replayed = services.listByCursor({ ...query, cursor: first.nextCursor }, A);
      expect((await httpErrorOf(replayed)).statusCode).toBe(400);
    });

    it.each(
      rows<[string, (field: string) => LooseQuery]>([
        ['a to-one filter', (field) => ({ where: { author: { [field]: { eq: 'key-u1' } } } })],
        ['a to-many filter', (field) => ({ where: { reviews: { any: { [field]: { eq: 'key-r1' } } } } })],
        ['a to-one sort', (field) => ({ orderBy: [{ field: `author.${field}`, direction: 'asc' }] })],
      ]),
    )('refuses a hidden related field in %s exactly as an unknown one', async (_name, build) => {
      const { list } = await open();
      await expectSameRefusal(list(build('secret'), A), list(build('secrex'), A), 'secret', 'secrex');
    });

    it('never embeds a hidden related field', async () => {
      const { list } = await open();
      const page = await list({ ...EMBEDS, limit: 50 }, A);
      const embedded = page.items.flatMap((item) => [item['author'], ...(item['reviews'] as unknown[])]);
      expect(embedded.length).toBeGreaterThan(0);
      for (const record of embedded) if (record !== null) expect(record).not.toHaveProperty('secret');
    });
  });
}
