/**
 * `npm run soak`: load and fault test of the Fastify example on 127.0.0.1 (issue 6, part 4). Three legs, each in a
 * fresh server process: the main leg (in-memory store, mixed load), the fault leg (the repository throws on 5 % of
 * calls) and the PostgreSQL leg (the pool's server connections are terminated mid-run). Prints one Markdown table per
 * leg and exits non-zero when any check fails; `--write` also writes them to soak/RESULTS.md.
 *
 * Options: --duration <s> (per leg, default 60), --connections <n> (default 32), --legs main,fault,postgres,
 * --seed <n>, --write.
 *
 * `npm run soak -- --cluster` runs the cluster soak instead (issue 22, part 5, soak/cluster/): four instances behind
 * one port on a primary with a replica and a shared Redis limit, with faults; --duration (default 120), --workers
 * (default 16), --seed.
 */
import { writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import { checkLeg, type Check } from './checks';
import { runLeg, SOAK_RATE_LIMIT_MAX, type LegOptions } from './leg';
import type { LegName } from './protocol';
import { formatLeg } from './report';

const { values } = parseArgs({
  options: {
    duration: { type: 'string' },
    connections: { type: 'string', default: '32' },
    legs: { type: 'string', default: 'main,fault,postgres' },
    seed: { type: 'string', default: '20261123' },
    write: { type: 'boolean', default: false },
    cluster: { type: 'boolean', default: false },
    workers: { type: 'string', default: '16' },
  },
});
if (values.cluster) {
  const { soakCluster } = await import('./cluster/soak-cluster');
  process.exit(await soakCluster({ duration: values.duration, workers: values.workers, seed: values.seed }));
}
const durationSeconds = Number(values.duration ?? 60);
const connections = Number(values.connections);
const seed = Number(values.seed);
if (!(durationSeconds > 0) || !Number.isInteger(connections) || connections < 1 || !Number.isInteger(seed)) {
  throw new Error('--duration must be positive, --connections and --seed integers');
}
const legs = values.legs.split(',') as LegName[];
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const sections: string[] = [];
let failed = false;
for (const leg of legs) {
  const options: LegOptions = {
    leg,
    durationSeconds,
    connections,
    seedRecords: 1000,
    seed,
    faultRate: leg === 'fault' ? 0.05 : 0,
    ...(leg === 'postgres'
      ? { postgres: { url: databaseUrl, table: 'pagelope_soak_users', applicationName: 'pagelope-soak' } }
      : {}),
  };
  process.stderr.write(`soak: ${leg} leg, ${durationSeconds} s ...\n`);
  let section: string;
  let checks: Check[];
  try {
    const result = await runLeg(options);
    checks = checkLeg(result);
    section = formatLeg(result, checks);
  } catch (error) {
    checks = [{ name: 'leg ran to the end', pass: false, detail: String(error) }];
    section = `### ${leg} leg\n\n- **FAIL**: leg ran to the end (${String(error)})\n`;
  }
  failed ||= checks.some((check) => !check.pass);
  sections.push(section);
  process.stdout.write(`${section}\n`);
}

const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
const header = [
  '# Soak results',
  '',
  `Run on ${date} UTC with \`npm run soak\`: Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), ` +
    `${durationSeconds} s per leg. The server runs in its own process (with \`--expose-gc\`); autocannon runs in ` +
    `the parent. \`rateLimitMax\` (\`RATE_LIMIT_MAX\`) is ${SOAK_RATE_LIMIT_MAX.toLocaleString('en-US')} so the ` +
    'limiter never answers 429. The machine was shared with other jobs, so rates are lower than on an idle machine.',
  '',
  'How to read the tables:',
  '',
  '- Requests mix 35 % valid lists and cursor pages, 15 % invalid queries (400), 10 % gets, 20 % creates (unique',
  '  usernames) and 20 % deletes of records the run created; every request carries its own `x-correlation-id`.',
  '- Lost and unexpected records compare the store with seed + acknowledged creates (201) − acknowledged deletes',
  '  (204). Ambiguous writes are excluded from both: requests still in flight when autocannon stopped (no response)',
  '  and, on PostgreSQL only, writes answered with a 5xx (they may have committed); "stored" counts the ambiguous',
  '  creates found in the store.',
  "- Heap is the server process's `heapUsed` after forced GCs: start after a read-only warm-up (3 s), end after the",
  "  run with the demo's audit log emptied. That log keeps one entry per create and is never trimmed (by design of",
  '  the example); "with the audit log kept" is the end figure before emptying it.',
  "- PostgreSQL: each burst runs `pg_terminate_backend` five times, 200 ms apart, restricted to the soak pool's",
  '  `application_name` so that other clients of the shared database are untouched. A request whose connection is',
  '  terminated is answered 503 with `retry-after` (the adapter maps connection errors to `ServiceUnavailableError`).',
  '',
  `Overall: ${failed ? '**FAIL**' : '**pass**'}`,
  '',
].join('\n');
if (values.write) {
  const file = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
  const config = (await resolveConfig(file)) ?? {};
  await writeFile(file, await format(`${header}\n${sections.join('\n')}`, { ...config, filepath: file }));
}
process.stdout.write(`Overall: ${failed ? 'FAIL' : 'pass'}\n`);
process.exitCode = failed ? 1 : 0;
