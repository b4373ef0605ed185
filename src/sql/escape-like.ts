/** Escapes `\`, `%` and `_` so a value stays literal inside a LIKE pattern with `ESCAPE '\'`. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * The LIKE test of `expression` against `needle` taken literally (see {@link escapeLike}), for a dialect whose text
 * tests are LIKE patterns: contains `%needle%`, starts with `needle%`, ends with `%needle`; `bind` binds the pattern
 * and returns its placeholder.
 */
export function likeMatch(
  mode: 'contains' | 'starts' | 'ends',
  expression: string,
  needle: string,
  bind: (pattern: string) => string,
): string {
  const escaped = escapeLike(needle);
  const pattern = mode === 'contains' ? `%${escaped}%` : mode === 'starts' ? `${escaped}%` : `%${escaped}`;
  return `${expression} LIKE ${bind(pattern)} ESCAPE '\\'`;
}
