// users-leaks.test.ts: neither a hidden field nor another tenant's record changes any answer of the routes.
import { expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryRepository, createResourceService, defineResource, defineRoutes } from 'pagelope';
import { createFetchHandler } from 'pagelope/http';
import { findLeaks, leakRequests, type LeakSecret, type LeakSeed } from 'pagelope/testing';

const users = defineResource({
  name: 'users',
  schema: z.object({ id: z.string(), tenantId: z.string(), name: z.string(), email: z.string() }),
  filterable: ['name'],
  sortable: ['name'],
  searchable: ['name'],
  hidden: ['email'],
});
const seed: LeakSeed = {
  users: [
    { id: 'u1', tenantId: 't1', name: 'Ann', email: 'ann@example.com' },
    { id: 'u2', tenantId: 't2', name: 'Bo', email: 'bo@example.com' },
  ],
};
const secrets: LeakSecret[] = [
  { resource: 'users', id: 'u1', field: 'email', values: ['ann@example.com', 'zed@example.org'] },
  { resource: 'users', id: 'u2', field: 'name', values: ['Bo', 'Aaron'] },
];

const headersOf = (response: Response): Record<string, string> => {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  return headers;
};

it('lets tenant t1 learn nothing of a hidden field or of tenant t2', async () => {
  const leaks = await findLeaks({
    seed,
    secrets,
    requests: (secret) => leakRequests(users, secret, { path: '/users', ids: ['u1', 'u2'], cursor: true }),
    serve: async (records) => {
      const service = createResourceService({
        resource: users,
        repository: createMemoryRepository(users, { records: records['users'] as never[] }),
        scope: ({ locals }) => ({ tenantId: String(locals['tenantId']) }),
      });
      const handle = createFetchHandler(defineRoutes(service), { locals: () => ({ tenantId: 't1' }) });
      return async ({ method, url, headers }) => {
        const response = await handle(new Request(`http://test${url}`, { method, headers }));
        return { status: response.status, headers: headersOf(response), body: await response.text() };
      };
    },
  });
  expect(leaks).toStrictEqual([]);
});
