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
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const HOOK = fileURLToPath(new URL('profiler-hook.mjs', import.meta.url));
const [prefix, roundsArg, secondsArg, ...specs] = process.argv.slice(2);
const query = process.env.QUERY ?? 'orderBy=createdAt&orderDirection=DESC&page=3&limit=20';
const records = process.env.RECORDS ?? '100000';
const autocannon = createRequire(import.meta.url)('autocannon');
const start = (spec, i) => {
  const [root, kind] = [spec.slice(0, spec.indexOf(':')), spec.slice(spec.indexOf(':') + 1)];
  const child = spawn(process.execPath, ['--import', HOOK, '--import', 'tsx', 'bench/http-server.ts', kind, records], {
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
  return next().then((line) => ({ spec, child, cpu, url: JSON.parse(line).url, cpuUs: 0, requests: 0, rates: [] }));
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
for (const s of servers) s.child.kill('SIGUSR2');
await new Promise((r) => setTimeout(r, 100));
for (let round = 0; round < Number(roundsArg); round++) {
  for (const s of round % 2 === 0 ? servers : [...servers].reverse()) {
    const c0 = await s.cpu();
    const r = await run(s, Number(secondsArg));
    s.cpuUs += (await s.cpu()) - c0;
    s.requests += r.requests.total;
    s.rates.push(r.requests.total / r.duration);
    if (r.non2xx) console.error(`${s.spec}: ${r.non2xx} non-2xx`);
  }
}
for (const s of servers)
  console.log(`${s.spec.padEnd(40)} cpu/req ${(s.cpuUs / s.requests).toFixed(1)} µs  (${s.requests} requests)`);
const [a, b] = servers;
if (b)
  console.log(
    `A/B cpu per request: ${(a.cpuUs / a.requests / (b.cpuUs / b.requests)).toFixed(3)}; per-round rate A/B: ${a.rates.map((x, i) => (x / b.rates[i]).toFixed(3)).join(' ')}`,
  );
for (const s of servers) s.child.kill('SIGTERM');
await Promise.all(servers.map((s) => new Promise((r) => (s.child.exitCode !== null ? r() : s.child.once('exit', r)))));
