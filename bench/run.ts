/**
 * The benchmark suite of issue 4: `npm run bench [-- options]`.
 *
 *   --quick          small sizes and short runs (a smoke check of about a minute)
 *   --only w1,w3     run only these workloads (w1, w2, w3, w4, memory, relations; search: W2's search table alone);
 *                    repeatable
 *   --write          also write bench/RESULTS.md (full run of every workload only)
 *   --json <file>    also write the tables and target checks as JSON (used by tests/bench)
 *
 * Prints one Markdown table per workload (W2: per size and query) and a final Targets table on stdout; progress goes
 * to stderr. Every figure comes from a measurement of this run.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { FULL, QUICK, type BenchConfig } from './config';
import { log } from './log';
import { runMemory } from './memory-workload';
import { checkRelationTargets, runRelationsMemory } from './relations-memory';
import { renderTable, renderTargets, type Table, type TargetCheck } from './report';
import { checkTargets } from './targets';
import { runW1 } from './w1-parse';
import { runW2, runW2SearchOnly } from './w2-list';
import { runW3 } from './w3-http';
import { runW4 } from './w4-errors';

const WORKLOADS = ['w1', 'w2', 'w3', 'w4', 'memory', 'relations', 'search'] as const;
type Workload = (typeof WORKLOADS)[number];

/** The parsed command line. */
export interface RunOptions {
  readonly quick: boolean;
  readonly only: readonly Workload[];
  readonly write: boolean;
  readonly json: string | undefined;
}

/** What a run produces. */
export interface RunResult {
  readonly mode: 'quick' | 'full';
  readonly workloads: readonly Workload[];
  readonly seconds: number;
  readonly machine: {
    readonly cpu: string;
    readonly cores: number;
    readonly node: string;
    readonly os: string;
    readonly memoryGb: number;
  };
  readonly tables: readonly Table[];
  readonly targets: readonly TargetCheck[];
}

/** Parses the suite's arguments. */
export function parseArgs(args: readonly string[]): RunOptions {
  let quick = false;
  let write = false;
  let json: string | undefined;
  const only: Workload[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const [name, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const value = (): string => {
      const next = inline ?? args[++i];
      if (next === undefined) throw new Error(`${name} needs a value`);
      return next;
    };
    if (name === '--quick') quick = true;
    else if (name === '--write') write = true;
    else if (name === '--json') json = value();
    else if (name === '--only') {
      for (const item of value().split(',')) {
        const workload = item.trim().toLowerCase();
        if (!(WORKLOADS as readonly string[]).includes(workload))
          throw new Error(`--only: unknown workload "${item}" (use ${WORKLOADS.join(', ')})`);
        if (!only.includes(workload as Workload)) only.push(workload as Workload);
      }
    } else throw new Error(`unknown argument "${arg}"`);
  }
  if (write && (quick || only.length > 0))
    throw new Error('--write records a full run of every workload: drop --quick and --only');
  // `search` is part of W2: a full run selects it through w2.
  return { quick, only: only.length > 0 ? only : WORKLOADS.filter((each) => each !== 'search'), write, json };
}

/** Runs the selected workloads (W1, W4, W3, memory, relations, then the long W2) and checks the targets. */
export async function runBench(options: RunOptions): Promise<RunResult> {
  const config: BenchConfig = options.quick ? QUICK : FULL;
  const started = Date.now();
  const tables: Table[] = [];
  const selected = (workload: Workload): boolean => options.only.includes(workload);
  if (selected('w1')) tables.push(...(await runW1(config)));
  if (selected('w4')) tables.push(...(await runW4(config)));
  if (selected('w3')) tables.push(...(await runW3(config)));
  if (selected('memory')) tables.push(...(await runMemory(config)));
  if (selected('relations')) tables.push(...(await runRelationsMemory(config)));
  if (selected('w2')) tables.push(...(await runW2(config)));
  else if (selected('search')) tables.push(...(await runW2SearchOnly(config)));
  const order = ['W1', 'W2', 'W3', 'W4', 'Memory', 'Relations'];
  tables.sort((a, b) => order.indexOf(a.workload) - order.indexOf(b.workload));
  const cpus = os.cpus();
  return {
    mode: options.quick ? 'quick' : 'full',
    workloads: options.only,
    seconds: (Date.now() - started) / 1000,
    machine: {
      cpu: cpus[0]?.model.trim() ?? 'unknown',
      cores: cpus.length,
      node: process.version,
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    },
    tables,
    targets: [
      ...checkTargets(tables, config.listSizes, config.http.records, config.memoryRecords),
      ...checkRelationTargets(tables, config.quick),
    ],
  };
}

const HEADINGS: Record<Table['workload'], string> = {
  W1: 'W1 parse',
  W2: 'W2 memory list',
  W3: 'W3 HTTP',
  W4: 'W4 errors',
  Memory: 'Memory',
  Relations: 'Relations (memory)',
};

/** Renders a run as Markdown: machine, then the tables by workload, then the targets. */
export function renderRun(result: RunResult): string {
  const { machine } = result;
  const parts = [
    `Run of ${new Date().toISOString()} (${result.mode}${result.mode === 'quick' ? ": small sizes, not the issue's" : ''}), ${result.seconds.toFixed(0)} s in all.`,
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, ${machine.os}; Node ${machine.node}.\n`,
  ];
  let heading = '';
  for (const table of result.tables) {
    if (table.workload !== heading) {
      heading = table.workload;
      parts.push(`### ${HEADINGS[table.workload]}\n`);
    }
    parts.push(renderTable(table));
  }
  parts.push('### Targets\n', renderTargets(result.targets));
  return parts.join('\n');
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  log(`${options.quick ? 'quick' : 'full'} run of ${options.only.join(', ')}`);
  const result = await runBench(options);
  const markdown = renderRun(result);
  process.stdout.write(`${markdown}\n`);
  if (options.json) writeFileSync(options.json, `${JSON.stringify(result, null, 2)}\n`);
  if (options.write) {
    const file = fileURLToPath(new URL('RESULTS.md', import.meta.url));
    const intro = [
      '# Benchmark results',
      '',
      'Written by `npm run bench -- --write` (bench/run.ts); every figure below comes from that one run. The machine is shared and noisy, so compare the ratios, which are taken within the run, rather than the absolute figures.',
      '',
    ].join('\n');
    writeFileSync(file, `${intro}\n${markdown}`);
    log(`wrote ${file}`);
  }
  log(`done in ${result.seconds.toFixed(0)} s`);
  // Child processes and sockets are closed; exit even if a peer library left a timer behind.
  process.exit(0);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
