/**
 * A batch route's default body limit, in bytes: `perItem` for each of its `maxItems`, at least `least` and at most
 * `total` (1 MiB: 4 KiB an item would let 1,000 items take 4 MB, which a parser spends seconds on).
 */
export const BATCH_BODY_LIMITS = Object.freeze({ perItem: 4096, least: 16_384, total: 1_048_576 });
