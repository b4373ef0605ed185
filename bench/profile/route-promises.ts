/**
 * Promises one call of the demo's `GET_LIST` route (`route.handle`, as the adapters call it) and its parts create on
 * W3's sorted page, counted with an `async_hooks` init hook: each costs the request context's promise hooks on Node
 * 20 and 22. A deterministic companion to bench/profile/route-cost.ts. A diagnostic tool, not part of `npm run bench`.
 *
 *   node --import tsx bench/profile/route-promises.ts [--records 10000]
 */
import { createHook } from 'node:async_hooks';
import { createMemoryRepository, parseListQuery } from 'pagelope';
import { type Route } from 'pagelope/http';
import { createDemoRoutes } from '../../examples/shared/demo-routes';
import { users } from '../../examples/shared/users';
import { benchUsers } from '../data';
import { HTTP_SORTED } from '../queries';

const argv = process.argv.slice(2);
const at = argv.indexOf('--records');
const records = at === -1 ? 10_000 : Number(argv[at + 1]);
const repository = createMemoryRepository(users, { records: benchUsers(records).records });
const demo = createDemoRoutes({ repository });
const route = demo.routes.routes.find((each) => each.type === 'GET_LIST') as Route;
const query = HTTP_SORTED.pagelope;
const headers = { host: '127.0.0.1', 'user-agent': 'autocannon' };
const correlationId = '6f1c1f5e-3b43-4c1e-9a63-3f0f3c5e1a11';
const parsed = parseListQuery(query, users);

const cases: Record<string, () => Promise<unknown>> = {
  'route.handle (GET_LIST)': () => route.handle({ params: {}, query, path: '/users', headers, correlationId }),
  'service.list (parsed)': () => demo.service.list(parsed, { headers, correlationId }),
  'repository.list (parsed)': () => repository.list(parsed),
};
let promises = 0;
const hook = createHook({
  init: (_id, type) => {
    if (type === 'PROMISE') promises++;
  },
});
for (const [name, run] of Object.entries(cases)) {
  await run();
  hook.enable();
  promises = 0;
  await run();
  hook.disable();
  // The `await` above makes none of its own beyond the call's promise chain (an awaited native promise).
  console.log(`${name.padEnd(28)} promises ${promises}`);
}
