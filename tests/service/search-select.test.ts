import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  parseCursorQuery,
  parseListQuery,
} from '../../src/index';
import { rejectionOf } from '../support/rejection-of';

const schema = z.object({
  id: z.string(),
  tenantId: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  age: z.number().int(),
});
type Account = z.output<typeof schema>;

const accounts = defineResource({
  name: 'accounts',
  schema,
  filterable: ['age'],
  sortable: ['username', 'age'],
  searchable: ['username', 'email'],
});

const SEED: readonly Account[] = [
  { id: 'a1', tenantId: 't1', username: 'Ada', email: 'ada@example.com', age: 36 },
  { id: 'a2', tenantId: 't2', username: 'adamant', email: null, age: 20 },
  { id: 'a3', tenantId: 't1', username: 'grace', email: 'GRACE@ADA.ORG', age: 85 },
  { id: 'a4', tenantId: 't1', username: 'alan', email: 'alan@example.com', age: 41 },
];

type Locals = { readonly tenantId: string };

function setup() {
  const repository = createMemoryRepository(accounts, { records: SEED });
  const service = createResourceService<Account, Locals>({
    resource: accounts,
    repository,
    scope: ({ locals }) => ({ tenantId: locals.tenantId }),
  });
  return { service, repository };
}

const t1 = { locals: { tenantId: 't1' } } as const;
const t2 = { locals: { tenantId: 't2' } } as const;

describe('createResourceService', () => {
  describe('search and select', () => {
    it('returns from list the searched records inside the scope, cut to the selection, with their total', async () => {
      const { service } = setup();
      const page = await service.list({ search: 'ADA', select: ['username'] }, t1);
      expect(page.items).toStrictEqual([
        { id: 'a1', username: 'Ada' },
        { id: 'a3', username: 'grace' },
      ]);
      expect(page.total).toBe(2);
      expect((await service.list({ search: 'ada' }, t2)).items).toStrictEqual([SEED[1]]);
    });

    it('takes the search and selection of parseListQuery and parseCursorQuery', async () => {
      const { service } = setup();
      const page = await service.list(parseListQuery('search=ada&age[gte]=40&select=email', accounts), t1);
      expect(page.items).toStrictEqual([{ id: 'a3', email: 'GRACE@ADA.ORG' }]);
      const first = await service.listByCursor(parseCursorQuery('search=a&select=age&limit=2', accounts), t1);
      expect(first.items).toStrictEqual([
        { id: 'a1', age: 36 },
        { id: 'a3', age: 85 },
      ]);
      const next = await service.listByCursor(
        parseCursorQuery({ search: 'a', select: 'age', limit: '2', cursor: first.nextCursor ?? '' }, accounts),
        t1,
      );
      expect(next).toStrictEqual({ items: [{ id: 'a4', age: 41 }], nextCursor: null });
    });

    it('throws a 400 for a cursor of one tenant used by another, and of one search used with another', async () => {
      const { service } = setup();
      const first = await service.listByCursor({ search: 'a', limit: 1 }, t1);
      expect(first.nextCursor).not.toBeNull();
      const otherTenant = await rejectionOf(service.listByCursor({ search: 'a', cursor: first.nextCursor }, t2));
      expect(otherTenant).toMatchObject({ statusCode: 400 });
      const otherSearch = await rejectionOf(service.listByCursor({ search: 'al', cursor: first.nextCursor }, t1));
      expect(otherSearch).toMatchObject({
        statusCode: 400,
        message: ['cursor was issued for another filter or order'],
      });
    });

    it('runs the search and selection a before-hook sets, and gives after-hooks the selected items', async () => {
      const { service } = setup();
      service.hooks.on('onBeforeList', ({ query }) => ({ ...query, search: 'example', select: ['email'] as const }));
      const seen: unknown[] = [];
      service.hooks.on('onAfterList', ({ result }) => void seen.push(...result.items));
      const page = await service.list({}, t1);
      const expected = [
        { id: 'a1', email: 'ada@example.com' },
        { id: 'a4', email: 'alan@example.com' },
      ];
      expect(page.items).toStrictEqual(expected);
      expect(seen).toStrictEqual(expected);
    });
  });
});
