// W3's servers under the CPU profiler, load-tested in turns: a diagnostic tool, not part of `npm run bench`.
//
//   node bench/profile/profile-servers.mjs <outPrefix> <rounds> <seconds> <root>:<kind> [<root>:<kind> ...]
//
// Starts each server (bench/http-server.ts <kind> of checkout <root>, so that two commits can be set side by side)
// with bench/profile/profiler-hook.mjs, warms each up for 3 s, starts their profilers, then load-tests them with
// autocannon (10 connections, W3's sorted page unless QUERY is set) in alternating order (A B, B A, ...), and prints
// each one's CPU per request; the profiles go to <outPrefix>-<i>.cpuprofile (bench/profile/split-profile.mjs reads
// them). RECORDS sets the record count (default 100000). On a shared machine the CPU figures move with the load;
// the shares within one profile are what to read.
//
// PROFILE=0 runs the servers without the profiler, for clean CPU figures: each one's CPU per request over all rounds
// and the median of its rounds, and, for two servers, the median of the per-round ratios A/B (the two share each
// round's load). A spec written `!<root>:<kind>` runs that server with the request context off
// (bench/profile/context-off.mjs), and a kind `route:<framework>` is bench/profile/route-server.ts (the framework's
// bare route calling pagelope's list route, without the adapter).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const HOOK = fileURLToPath(new URL('profiler-hook.mjs', import.meta.url));
const CONTEXT_OFF = fileURLToPath(new URL('context-off.mjs', import.meta.url));
const profiling = process.env.PROFILE !== '0';
const [prefix, roundsArg, secondsArg, ...specs] = process.argv.slice(2);
const query = process.env.QUERY ?? 'orderBy=createdAt&orderDirection=DESC&page=3&limit=20';
const records = process.env.RECORDS ?? '100000';
const autocannon = createRequire(import.meta.url)('autocannon');
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const start = (spec, i) => {
  const contextOff = spec.startsWith('!');
  const target = contextOff ? spec.slice(1) : spec;
  const [root, kind] = [target.slice(0, target.indexOf(':')), target.slice(target.indexOf(':') + 1)];
  const script = kind.startsWith('route:') ? 'bench/profile/route-server.ts' : 'bench/http-server.ts';
  const preload = [...(contextOff ? ['--import', CONTEXT_OFF] : []), ...(profiling ? ['--import', HOOK] : [])];
  const child = spawn(process.execPath, [...preload, '--import', 'tsx', script, kind, records], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, PROF_OUT: `${prefix}-${i}.cpuprofile` },
  });
  const waiting = [];
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.(line));
  const next = () => new Promise((r) => waiting.push(r));
  const cpu = async () => {
    child.stdin.write('cpu\n');
    return JSON.parse(await next()).cpu;
  };
  return next().then((line) => ({
    spec,
    child,
    cpu,
    url: JSON.parse(line).url,
    cpuUs: 0,
    requests: 0,
    rates: [],
    perRound: [],
  }));
};
const servers = [];
for (const [i, spec] of specs.entries()) servers.push(await start(spec, i));
const run = (s, duration) =>
  new Promise((resolve, reject) =>
    autocannon({ url: `${s.url}/users?${query}`, duration, connections: 10, pipelining: 1 }, (e, r) =>
      e ? reject(e) : resolve(r),
    ),
  );
for (const s of servers) await run(s, 3);
if (profiling) for (const s of servers) s.child.kill('SIGUSR2');
await new Promise((r) => setTimeout(r, 100));
for (let round = 0; round < Number(roundsArg); round++) {
  for (const s of round % 2 === 0 ? servers : [...servers].reverse()) {
    const c0 = await s.cpu();
    const r = await run(s, Number(secondsArg));
    const used = (await s.cpu()) - c0;
    s.cpuUs += used;
    s.requests += r.requests.total;
    s.perRound.push(used / r.requests.total);
    s.rates.push(r.requests.total / r.duration);
    if (r.non2xx) console.error(`${s.spec}: ${r.non2xx} non-2xx`);
  }
}
for (const s of servers)
  console.log(
    `${s.spec.padEnd(40)} cpu/req ${(s.cpuUs / s.requests).toFixed(1)} µs, median of rounds ${median(s.perRound).toFixed(1)} µs, ${median(s.rates).toFixed(0)} req/s  (${s.requests} requests)`,
  );
const [a, b] = servers;
if (b)
  console.log(
    `A/B cpu per request: ${(a.cpuUs / a.requests / (b.cpuUs / b.requests)).toFixed(3)}, median of the rounds' ${median(a.perRound.map((x, i) => x / b.perRound[i])).toFixed(3)}; per-round rate A/B: ${a.rates.map((x, i) => (x / b.rates[i]).toFixed(3)).join(' ')}`,
  );
for (const s of servers) s.child.kill('SIGTERM');
await Promise.all(servers.map((s) => new Promise((r) => (s.child.exitCode !== null ? r() : s.child.once('exit', r)))));
