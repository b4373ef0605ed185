/**
 * Runs before each test file (vitest `setupFiles`, both projects): the fast-check seed of every property, set once
 * here from FC_SEED, or 42 when it is unset, so runs are reproducible; set FC_SEED to explore (fast-check prints the
 * seed of a failure). `fc.configureGlobal` replaces the whole global configuration, so a file that sets more (its run
 * count) keeps this seed with `fc.configureGlobal({ ...fc.readConfigureGlobal(), numRuns })`; and since this runs
 * again before every file, one file's run count never carries over to the next.
 */
import fc from 'fast-check';

/** The seed when FC_SEED is unset. */
export const DEFAULT_FC_SEED = 42;

const raw = process.env['FC_SEED'];
const seed = raw === undefined || raw === '' ? DEFAULT_FC_SEED : Number(raw);
if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer, not ${JSON.stringify(raw)}`);
fc.configureGlobal({ seed });
