/**
 * Timing of one group of cases compared with each other: a warm-up, then rounds in which every case runs once, in an
 * order rotated each round, so drift (caches, autovacuum, a busy neighbour) falls on all of them alike. One call per
 * sample: every call here is a database round trip, far above the timer's resolution.
 */

/** One thing to time: an async call. */
export interface Case {
  readonly id: string;
  readonly run: () => Promise<unknown>;
}

/** How long a group may take. */
export interface Budget {
  /** Warm-up calls of each case. */
  readonly warmup: number;
  /** Rounds taken whatever the time. */
  readonly minSamples: number;
  /** Rounds taken at most. */
  readonly maxSamples: number;
  /** Stop once this much time (ms) is spent on rounds, once `minSamples` are in. */
  readonly budgetMs: number;
}

/** Summary of one case, in ms per call. */
export interface Summary {
  readonly median: number;
  readonly p25: number;
  readonly p75: number;
  readonly samples: number;
}

/** The value at quantile `q` (0..1) of sorted `values`, interpolated linearly. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const low = sorted[Math.floor(at)] as number;
  const high = sorted[Math.ceil(at)] as number;
  return low + (high - low) * (at - Math.floor(at));
}

function summarise(times: readonly number[]): Summary {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    median: quantile(sorted, 0.5),
    p25: quantile(sorted, 0.25),
    p75: quantile(sorted, 0.75),
    samples: sorted.length,
  };
}

/** Times every case of a group in rotated rounds; returns the summary of each, by case id. */
export async function measureGroup(cases: readonly Case[], budget: Budget): Promise<Map<string, Summary>> {
  for (let i = 0; i < budget.warmup; i++) for (const c of cases) await c.run();
  const times = cases.map(() => [] as number[]);
  const started = performance.now();
  for (let round = 0; round < budget.maxSamples; round++) {
    if (round >= budget.minSamples && performance.now() - started > budget.budgetMs) break;
    for (let k = 0; k < cases.length; k++) {
      const index = (round + k) % cases.length;
      const t0 = performance.now();
      await (cases[index] as Case).run();
      (times[index] as number[]).push(performance.now() - t0);
    }
  }
  return new Map(cases.map((c, i) => [c.id, summarise(times[i] as number[])]));
}
