/**
 * Async resources created per W3 request by each server, counted with an `async_hooks` init hook: promises (each
 * costs the request context's promise hooks on Node 20 and 22) and the rest by type. A deterministic companion to the
 * CPU figures of bench/profile/profile-servers.mjs, which move by 10% on a shared machine. A diagnostic tool, not part
 * of `npm run bench`.
 *
 *   node --import tsx bench/profile/count-async.ts [--records 10000] [--requests 2000] <kind> [<kind> ...]
 *
 * Kinds: `pagelope:<framework>` (bench/adapter-apps.ts) and `floor:<framework>` (bench/http-floors.ts). Requests are
 * sent one at a time over one keep-alive socket with `node:http` callbacks (the client makes no promise), W3's sorted
 * page unless QUERY is set.
 */
import { createHook } from 'node:async_hooks';
import { Agent, get } from 'node:http';
import { createMemoryRepository } from 'pagelope';
import { users } from '../../examples/shared/users';
import { startAdapterApp } from '../adapter-apps';
import { benchUsers } from '../data';
import { floorPages } from '../floor-pages';
import { FRAMEWORKS, startFloor, type Framework, type Started } from '../http-floors';
import { HTTP_SORTED } from '../queries';

const argv = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const at = argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(argv[at + 1]);
};
const records = option('records', 10_000);
const requests = option('requests', 2000);
const kinds = argv.filter((each, i) => !each.startsWith('--') && !argv[i - 1]?.startsWith('--'));
const query = process.env['QUERY'] ?? HTTP_SORTED.pagelope;

const counts = new Map<string, number>();
let counting = false;
createHook({
  init(_id, type) {
    if (counting) counts.set(type, (counts.get(type) ?? 0) + 1);
  },
}).enable();

function start(kind: string): Promise<Started> {
  const [type = '', name = ''] = kind.split(':');
  if (!(FRAMEWORKS as readonly string[]).includes(name)) throw new Error(`unknown framework "${name}"`);
  const data = benchUsers(records).records;
  if (type === 'pagelope') return startAdapterApp(name as Framework, createMemoryRepository(users, { records: data }));
  if (type === 'floor') return startFloor(name as Framework, floorPages(data));
  throw new Error(`unknown server kind "${kind}"`);
}

function send(url: string, agent: Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    get(`${url}/users?${query}`, { agent }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`${url}: status ${res.statusCode}`));
      res.resume();
      res.on('end', resolve);
    }).on('error', reject);
  });
}

for (const kind of kinds) {
  const server = await start(kind);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < 200; i++) await send(server.url, agent);
  counts.clear();
  counting = true;
  for (let i = 0; i < requests; i++) await send(server.url, agent);
  counting = false;
  // The loop's own promises (two a request: `send`'s and its `await`) are not the server's.
  const own = 2 * requests;
  const promises = ((counts.get('PROMISE') ?? 0) - own) / requests;
  const others = [...counts]
    .filter(([type]) => type !== 'PROMISE')
    .map(([type, n]) => `${type} ${(n / requests).toFixed(2)}`)
    .join(', ');
  console.log(`${kind.padEnd(18)} promises ${promises.toFixed(2)} a request; other resources: ${others}`);
  agent.destroy();
  await server.close();
}
process.exit(0);
