import type { Column } from 'drizzle-orm';

/**
 * Whether `column`'s own mapping (a `customType`'s `toDriver`) maps `needle` to text: a needle it maps to anything
 * else (a uuid's 16 bytes), or refuses, is not the text the column stores, so a text operator cannot be said in SQL.
 */
export function mapsToText(column: Column, needle: string): boolean {
  try {
    return typeof column.mapToDriverValue(needle) === 'string';
  } catch {
    return false;
  }
}
