import type { MeasureOptions } from './harness';

/** Sizes and time budgets of one run. */
export interface BenchConfig {
  readonly quick: boolean;
  /** W1 and W4: sub-microsecond to microsecond calls, batched. */
  readonly micro: MeasureOptions;
  /** W2, pagelope and any call under a few ms. */
  readonly list: MeasureOptions;
  /** W2 peers, which take up to seconds a call at N = 1,000,000: at least 3 samples, more while the budget lasts. */
  readonly slowList: MeasureOptions;
  /** W2 data set sizes. */
  readonly listSizes: readonly number[];
  /** Bulk loads timed at the largest W2 size. */
  readonly bulkLoads: number;
  /** Single creates timed at the largest W2 size, after a warm-up. */
  readonly creates: number;
  readonly createWarmup: number;
  /**
   * W3: records served, seconds per load test, warm-up seconds (0: none), connections; and for the key pair (the
   * Fastify adapter and the hand-wired baseline, run alternately A B B A ...), the runs per server and seconds a run.
   */
  readonly http: {
    readonly records: number;
    readonly duration: number;
    readonly warmup: number;
    readonly connections: number;
    readonly pairRuns: number;
    readonly pairRunSeconds: number;
  };
  /** Memory: records measured. */
  readonly memoryRecords: number;
}

/** The full run: the sizes of the issue, under 10 minutes on 2 cores. */
export const FULL: BenchConfig = {
  quick: false,
  micro: { warmupMs: 300, minSamples: 20, maxSamples: 60, budgetMs: 1500, sampleMs: 20 },
  list: { warmupMs: 300, minSamples: 10, maxSamples: 200, budgetMs: 1000, sampleMs: 10 },
  slowList: { warmupMs: 200, minSamples: 3, maxSamples: 30, budgetMs: 2000, sampleMs: 10, slowCallMs: 1000 },
  listSizes: [100_000, 1_000_000],
  bulkLoads: 2,
  creates: 2000,
  createWarmup: 200,
  http: { records: 100_000, duration: 10, warmup: 2, connections: 10, pairRuns: 6, pairRunSeconds: 4 },
  memoryRecords: 1_000_000,
};

/** The smoke run (`--quick`): small sizes and short budgets, about a minute in all. */
export const QUICK: BenchConfig = {
  quick: true,
  micro: { warmupMs: 50, minSamples: 5, maxSamples: 15, budgetMs: 200, sampleMs: 10 },
  list: { warmupMs: 50, minSamples: 5, maxSamples: 30, budgetMs: 200, sampleMs: 5 },
  slowList: { warmupMs: 20, minSamples: 3, maxSamples: 10, budgetMs: 200, sampleMs: 5 },
  listSizes: [10_000],
  bulkLoads: 1,
  creates: 200,
  createWarmup: 20,
  http: { records: 10_000, duration: 1, warmup: 0, connections: 10, pairRuns: 2, pairRunSeconds: 1 },
  memoryRecords: 10_000,
};
