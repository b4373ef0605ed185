/**
 * Timing harness of the benchmark suite: a warm-up, then samples of batched calls, summarised as the median and the
 * interquartile range (p25-p75) of the per-call time. Every figure of a table comes from `measure` in the same run.
 */

/** How long one measurement may take. */
export interface MeasureOptions {
  /** Warm-up time in ms; at least one call is always made. */
  readonly warmupMs: number;
  /** Samples taken whatever the budget. */
  readonly minSamples: number;
  /** Samples taken at most. */
  readonly maxSamples: number;
  /** Stop taking samples once this much time (ms) is spent, once `minSamples` are in. */
  readonly budgetMs: number;
  /** Aim for samples of about this long (ms) by batching fast calls; slow calls are one call per sample. */
  readonly sampleMs: number;
  /**
   * When the first warm-up call takes at least this long (ms), it counts as the first sample: a call of seconds is
   * compiled and optimised (on-stack replacement) during its own run, and the median of 3 discards one outlier anyway.
   */
  readonly slowCallMs?: number;
}

/** Summary of one measurement, in ms per call. */
export interface Measurement {
  readonly median: number;
  readonly p25: number;
  readonly p75: number;
  readonly min: number;
  readonly max: number;
  /** Samples taken. */
  readonly samples: number;
  /** Calls per sample. */
  readonly batch: number;
  /** What the last call returned (for the equivalence checks). */
  readonly last: unknown;
}

const now = (): number => Number(process.hrtime.bigint()) / 1e6;

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** The value at quantile `q` (0..1) of sorted `values`, interpolated linearly. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  const a = sorted[low] as number;
  const b = sorted[high] as number;
  return a + (b - a) * (at - low);
}

/** Summarises per-call times (ms). */
export function summarise(times: readonly number[], batch: number, last: unknown): Measurement {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    median: quantile(sorted, 0.5),
    p25: quantile(sorted, 0.25),
    p75: quantile(sorted, 0.75),
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
    samples: sorted.length,
    batch,
    last,
  };
}

/** Runs `gc()` when the process was started with `--expose-gc`. */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    gc();
  }
}

/**
 * Measures `fn` (sync or async): warm-up, then batched samples. Returns ms per call.
 */
export async function measure(fn: () => unknown, options: MeasureOptions): Promise<Measurement> {
  collectGarbage();
  let last: unknown;
  // Warm-up, which also estimates the cost of one call.
  let calls = 0;
  const warmStart = now();
  let async = false;
  let lastCallMs = 0;
  do {
    const t0 = now();
    const result = fn();
    if (isThenable(result)) {
      async = true;
      last = await result;
    } else last = result;
    lastCallMs = now() - t0;
    calls++;
  } while (now() - warmStart < options.warmupMs);
  const perCall = Math.max(calls > 1 ? (now() - warmStart) / calls : lastCallMs, lastCallMs / 4, 1e-6);
  const batch = Math.max(1, Math.round(options.sampleMs / perCall));

  const times: number[] =
    calls === 1 && options.slowCallMs !== undefined && lastCallMs >= options.slowCallMs ? [lastCallMs] : [];
  const start = now();
  while (times.length < options.maxSamples && (times.length < options.minSamples || now() - start < options.budgetMs)) {
    const t0 = now();
    if (async) for (let i = 0; i < batch; i++) last = await fn();
    else for (let i = 0; i < batch; i++) last = fn();
    times.push((now() - t0) / batch);
  }
  return summarise(times, batch, last);
}

/** Times each call of `fn` separately over `count` calls after `warmup` calls (for state-changing calls such as create). */
export async function measureEach(fn: (i: number) => unknown, count: number, warmup: number): Promise<Measurement> {
  collectGarbage();
  let last: unknown;
  for (let i = 0; i < warmup; i++) last = await fn(i);
  const times: number[] = [];
  for (let i = warmup; i < warmup + count; i++) {
    const t0 = now();
    last = await fn(i);
    times.push(now() - t0);
  }
  return summarise(times, 1, last);
}

/** Times one call of `fn` (ms), e.g. a bulk load. */
export async function timeOnce<T>(fn: () => T | Promise<T>): Promise<{ ms: number; value: T }> {
  collectGarbage();
  const t0 = now();
  const value = await fn();
  return { ms: now() - t0, value };
}
