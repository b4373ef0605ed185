import type { SqlColumnKind } from './column-kind';

/**
 * The text a value of a column of `kind` is matched by in JavaScript, to pair values given with values read back (a
 * uuid in either case is the same uuid; a number and its digits are the same key).
 */
export function columnKey(kind: SqlColumnKind | undefined, value: unknown): string {
  return kind?.kind === 'uuid' ? String(value).toLowerCase() : String(value);
}
