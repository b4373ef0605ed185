import { compareCodePoints } from '../kit/index';

/**
 * Compares two record ids: numbers by value (an integer id field), strings by code point (as PostgreSQL's
 * `COLLATE "C"` orders them). The ids of one store are all of one type.
 */
export function compareIds(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  return compareCodePoints(a as string, b as string);
}
