import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { BenchConfig } from './config';
import { log } from './log';
import type { Table } from './report';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MB = 1024 * 1024;

interface MemoryResult {
  readonly count: number;
  readonly total: number;
  readonly recordsBytes: number;
  readonly repositoryBytes: number;
  readonly searchBytes: number;
}

/** Memory: runs bench/memory.ts in a child process (`--expose-gc`) and tabulates its heap figures. */
export async function runMemory(config: BenchConfig): Promise<Table[]> {
  const count = config.memoryRecords;
  log(`Memory: ${count.toLocaleString('en-US')} records in a child process`);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', 'bench/memory.ts', String(count)],
    { cwd: ROOT, maxBuffer: 1024 * 1024, timeout: 300_000 },
  );
  const result = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as MemoryResult;
  if (result.total !== count)
    throw new Error(`Memory: the repository holds ${result.total} records, expected ${count}`);
  log(
    `Memory: records ${(result.recordsBytes / MB).toFixed(1)} MB, repository ${(result.repositoryBytes / MB).toFixed(1)} MB, after a search ${(result.searchBytes / MB).toFixed(1)} MB`,
  );
  return [
    {
      id: 'memory',
      workload: 'Memory',
      title: `Memory, ${count.toLocaleString('en-US')} records (heap used after full GC)`,
      unit: 'MB',
      measure: 'heap used (one measurement in a fresh process)',
      higherIsBetter: false,
      vsPagelope: false,
      rows: [
        {
          name: 'createMemoryRepository (its copies of the records + indexes)',
          role: 'pagelope',
          median: result.repositoryBytes / MB,
          samples: 1,
        },
        { name: 'the records alone, in a plain array', role: 'floor', median: result.recordsBytes / MB, samples: 1 },
      ],
      notes: [
        'Child process `node --expose-gc`: heap after gc() minus a baseline taken with the modules loaded; the repository is measured after the input array is dropped and one list call per query (so lazily built indexes count).',
        '÷ floor - 1 is what the repository (indexes and its own record copies) adds over the records alone.',
        'It includes the packed text column of `username` that q1 (`cont`) builds on first use. Each further string field that a substring filter reads adds its own column: about (average value length + 13) bytes a record (about 31 MB for `email` at 1,000,000 records).',
        `A search over several fields builds one more column on first use, its fields' lower-cased values joined per row (about the sum of their lengths + 6 bytes a record): after \`list({ search: 'ab' })\` the repository held ${(result.searchBytes / MB).toFixed(0)} MB here, ${((result.searchBytes - result.repositoryBytes) / MB).toFixed(1)} MB more. A search over one field reads that field's own lower-cased column.`,
      ],
    },
  ];
}
