// What the request context of pagelope/node costs a W3 server: a diagnostic tool, not part of `npm run bench`.
//
//   node bench/profile/context-cost.mjs <rounds> <seconds> <kind> [<kind> ...]
//
// Starts each server (bench/http-server.ts <kind>, e.g. pagelope:hono) with bench/profile/context-switch.mjs, warms
// it up for 3 s, then load-tests it with autocannon (10 connections, W3's sorted page unless QUERY is set) in rounds,
// each round once with the context on and once off (on off, off on, ...), all in the same process, so that the
// machine's drift and the process's own state fall on both. Prints, per server, the medians of CPU per request and of
// requests per second, on and off, and the median of the per-round ratios on ÷ off. RECORDS sets the record count
// (default 100000); NODE_BIN the node that runs the servers (default this one). On a shared machine single rounds move
// by 10% or more: read the medians of many rounds.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SWITCH = fileURLToPath(new URL('context-switch.mjs', import.meta.url));
const [roundsArg, secondsArg, ...kinds] = process.argv.slice(2);
const query = process.env.QUERY ?? 'orderBy=createdAt&orderDirection=DESC&page=3&limit=20';
const records = process.env.RECORDS ?? '100000';
const node = process.env.NODE_BIN ?? process.execPath;
const autocannon = createRequire(import.meta.url)('autocannon');
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const load = (url, duration) =>
  new Promise((resolve, reject) =>
    autocannon({ url, duration, connections: 10, pipelining: 1 }, (e, r) => (e ? reject(e) : resolve(r))),
  );

async function measure(kind) {
  const child = spawn(node, ['--import', SWITCH, '--import', 'tsx', 'bench/http-server.ts', kind, records], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const waiting = [];
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.(JSON.parse(line)));
  const next = () => new Promise((resolve) => waiting.push(resolve));
  const cpu = async () => {
    child.stdin.write('cpu\n');
    return (await next()).cpu;
  };
  const url = `${(await next()).url}/users?${query}`;
  await load(url, 3);
  const rounds = { true: { cpu: [], rate: [] }, false: { cpu: [], rate: [] } };
  let on = true;
  for (let round = 0; round < Number(roundsArg); round++) {
    for (const want of round % 2 === 0 ? [true, false] : [false, true]) {
      if (on !== want) {
        child.kill('SIGUSR2');
        on = want;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const before = await cpu();
      const result = await load(url, Number(secondsArg));
      if (result.non2xx) console.error(`${kind}: ${result.non2xx} non-2xx`);
      rounds[want].cpu.push(((await cpu()) - before) / result.requests.total);
      rounds[want].rate.push(result.requests.total / result.duration);
    }
  }
  child.kill('SIGTERM');
  const [yes, no] = [rounds.true, rounds.false];
  const ratio = (key) => median(yes[key].map((value, i) => value / no[key][i])).toFixed(3);
  console.log(
    `${kind.padEnd(18)} context on: ${median(yes.cpu).toFixed(1)} µs/req, ${median(yes.rate).toFixed(0)} req/s; ` +
      `off: ${median(no.cpu).toFixed(1)} µs/req, ${median(no.rate).toFixed(0)} req/s; ` +
      `on ÷ off per round: CPU/req ${ratio('cpu')}, req/s ${ratio('rate')}`,
  );
}

for (const kind of kinds) await measure(kind);
