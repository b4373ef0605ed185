/**
 * The demo's `GET_LIST` route (`route.handle`, as the adapters call it, then `JSON.stringify` of its body) on W3's
 * sorted page, `N` times in turn, each inside an `AsyncLocalStorage` run as the adapters' request context does (its
 * promise hooks on): a fixed workload to count instructions under callgrind, which a loaded machine does not move.
 * Run it twice with two counts and take the difference over the difference of counts (the set-up cancels out):
 *
 *   N=500 valgrind --tool=callgrind --callgrind-out-file=/dev/null node --import tsx bench/profile/route-instructions.ts
 *   N=1500 valgrind ... (the same)
 *
 * RECORDS sets the record count (default 100000). A diagnostic tool, not part of `npm run bench`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createMemoryRepository } from 'pagelope';
import { type Route } from 'pagelope/http';
import { createDemoRoutes } from '../../examples/shared/demo-routes';
import { users } from '../../examples/shared/users';
import { benchUsers } from '../data';
import { HTTP_SORTED } from '../queries';

const repository = createMemoryRepository(users, {
  records: benchUsers(Number(process.env.RECORDS ?? 100_000)).records,
});
const route = createDemoRoutes({ repository }).routes.routes.find((each) => each.type === 'GET_LIST') as Route;
const context = new AsyncLocalStorage<object>();
const headers = { host: '127.0.0.1', 'user-agent': 'autocannon' };
const correlationId = '6f1c1f5e-3b43-4c1e-9a63-3f0f3c5e1a11';
let bytes = 0;
const one = () =>
  context.run({}, async () => {
    const reply = await route.handle({
      params: {},
      query: HTTP_SORTED.pagelope,
      path: '/users',
      headers,
      correlationId,
    });
    bytes += JSON.stringify(reply.body).length;
  });
for (let i = 0, n = Number(process.env.N ?? 1000); i < n; i++) await one();
console.log(JSON.stringify({ bytes }));
