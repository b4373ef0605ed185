import { formatCluster } from './cluster-report';
import { runCluster } from './run-cluster';

/** `npm run soak -- --cluster`: runs the cluster, prints its report, and returns the exit code (1 when a check fails). */
export async function soakCluster(args: {
  readonly duration: string | undefined;
  readonly workers: string;
  readonly seed: string;
}): Promise<number> {
  const durationSeconds = Number(args.duration ?? 120);
  const workers = Number(args.workers);
  const seed = Number(args.seed);
  if (!(durationSeconds >= 20) || !Number.isInteger(workers) || workers < 1 || !Number.isInteger(seed)) {
    throw new Error('--duration must be at least 20 (s), --workers and --seed integers');
  }
  process.stderr.write(`soak: cluster, ${durationSeconds} s of load ...\n`);
  const result = await runCluster({ durationSeconds, workers, seed, seedRecords: 500, rateLimitMax: 50 });
  process.stdout.write(`${formatCluster(result)}\n`);
  const failed = result.checks.some((check) => !check.pass);
  process.stdout.write(`Overall: ${failed ? 'FAIL' : 'pass'}\n`);
  return failed ? 1 : 0;
}
