import type { WriteErrorContext } from './constraint-error';

/** Runs one statement and resolves its rows; `write` tells how to report a constraint or data error of a write. */
export type RunRows = (
  text: string,
  values: unknown[],
  write?: WriteErrorContext,
) => Promise<readonly Record<string, unknown>[]>;
