/**
 * Side-by-side timing of fast (microsecond) async calls: each case's calls are batched to about `sampleMs` a sample,
 * then the batches run in rounds, one batch of every case a round in an order rotated each round (as
 * bench/postgres/measure.ts does for database calls), so drift falls on every case alike and ratios come from the
 * same rounds.
 */
import type { MeasureOptions } from './harness';
import { measureGroup, type Case, type Summary } from './postgres/measure';

/** Times `cases` in rotated rounds of batched calls; returns ms per call of each, by case id. */
export async function measureSideBySide(
  cases: readonly Case[],
  options: MeasureOptions,
): Promise<Map<string, Summary & { readonly batch: number }>> {
  const batches = new Map<string, number>();
  for (const c of cases) {
    const warmed = performance.now();
    do await c.run();
    while (performance.now() - warmed < options.warmupMs);
    // The cost of one warm call: calls for about one sample's time after the warm-up.
    let calls = 0;
    const started = performance.now();
    do {
      await c.run();
      calls++;
    } while (performance.now() - started < options.sampleMs);
    const perCall = (performance.now() - started) / calls;
    batches.set(c.id, Math.max(1, Math.round(options.sampleMs / Math.max(perCall, 1e-6))));
  }
  const batched = cases.map((c) => ({
    id: c.id,
    run: async () => {
      for (let i = batches.get(c.id) as number; i > 0; i--) await c.run();
    },
  }));
  const measured = await measureGroup(batched, {
    warmup: 0,
    minSamples: options.minSamples,
    maxSamples: options.maxSamples,
    budgetMs: options.budgetMs * cases.length,
  });
  return new Map(
    cases.map((c) => {
      const batch = batches.get(c.id) as number;
      const s = measured.get(c.id) as Summary;
      return [c.id, { median: s.median / batch, p25: s.p25 / batch, p75: s.p75 / batch, samples: s.samples, batch }];
    }),
  );
}
