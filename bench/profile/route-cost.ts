/**
 * What pagelope itself costs per list request, without any framework: the demo's `GET_LIST` route (`route.handle`,
 * as the adapters call it) on W3's sorted page over the bench records, and its parts (the query parse, the service's
 * list, the memory repository's list). Each figure is the lowest and the 10th percentile of many batched samples
 * (µs per call): on a shared machine the low end is the least disturbed.
 *
 *   node --import tsx bench/profile/route-cost.ts [--records 100000] [--samples 300] [--batch 200]
 *
 * A diagnostic tool: it is not part of `npm run bench`.
 */
import { createMemoryRepository, parseListQuery } from 'pagelope';
import { type Route } from 'pagelope/http';
import { createDemoRoutes } from '../../examples/shared/demo-routes';
import { users } from '../../examples/shared/users';
import { benchUsers } from '../data';
import { HTTP_SORTED } from '../queries';

const argv = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const at = argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(argv[at + 1]);
};
const records = option('records', 100_000);
const samples = option('samples', 300);
const batch = option('batch', 200);

const repository = createMemoryRepository(users, { records: benchUsers(records).records });
const demo = createDemoRoutes({ repository });
const route = demo.routes.routes.find((each) => each.type === 'GET_LIST') as Route;
const query = HTTP_SORTED.pagelope;
const headers = { host: '127.0.0.1', 'user-agent': 'autocannon', 'x-correlation-id': undefined };
const correlationId = '6f1c1f5e-3b43-4c1e-9a63-3f0f3c5e1a11';
const parsed = parseListQuery(query, users);

const cases: Record<string, () => Promise<unknown> | unknown> = {
  'route.handle (GET_LIST)': () => route.handle({ params: {}, query, path: '/users', headers, correlationId }),
  'route.handle, no correlation id': () => route.handle({ params: {}, query, path: '/users', headers }),
  parseListQuery: () => parseListQuery(query, users),
  'service.list (parsed)': () => demo.service.list(parsed, { headers, correlationId }),
  'repository.list (parsed)': () => repository.list(parsed),
};

async function time(run: () => Promise<unknown> | unknown): Promise<number[]> {
  const out: number[] = [];
  for (let s = 0; s < samples; s++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) await run();
    out.push(Number(process.hrtime.bigint() - start) / 1000 / batch);
  }
  return out.sort((a, b) => a - b);
}

for (const run of Object.values(cases)) for (let i = 0; i < 2000; i++) await run(); // warm-up
const results = new Map<string, number[]>();
// Two passes, interleaved, so that a quiet or a busy spell of the machine falls on every case.
for (let pass = 0; pass < 2; pass++)
  for (const [name, run] of Object.entries(cases))
    results.set(name, [...(results.get(name) ?? []), ...(await time(run))]);
for (const [name, values] of results) {
  values.sort((a, b) => a - b);
  const p10 = values[Math.floor(values.length / 10)] as number;
  console.log(
    `${name.padEnd(34)} min ${(values[0] as number).toFixed(2).padStart(7)} µs  p10 ${p10.toFixed(2).padStart(7)} µs`,
  );
}
