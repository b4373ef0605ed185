/**
 * Compares two strings by Unicode code point (the byte order of UTF-8, PostgreSQL's `COLLATE "C"`).
 * JavaScript's `<` compares UTF-16 code units, which puts U+E000..U+FFFF after astral characters.
 */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return fixUp(x) - fixUp(y);
  }
  return a.length - b.length;
}

// Surrogates (astral code points) must sort after U+E000..U+FFFF.
function fixUp(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}

const HIGH_UNITS = /[\uD800-\uFFFF]/;

/**
 * A key whose code-unit order (JavaScript's `<`) equals the code-point order of `text`: the text itself unless it has
 * a unit of U+D800 or above, which are remapped (U+E000..U+FFFF down to U+D800..U+F7FF, surrogates up above them).
 */
export function codePointKey(text: string): string {
  if (!HIGH_UNITS.test(text)) return text;
  let key = '';
  for (let i = 0; i < text.length; i++) key += String.fromCharCode(fixUp(text.charCodeAt(i)));
  return key;
}
