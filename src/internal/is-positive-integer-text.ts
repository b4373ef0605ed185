const ZERO = 48;
const NINE = 57;

/**
 * Whether `text` is a plain decimal positive integer, `[1-9][0-9]*`: ASCII digits only, no sign, space, exponent,
 * decimal point or leading zero (so `0` is not). Unicode digits such as `١` are not digits here. Scans the text once,
 * without a regular expression.
 *
 * @example
 * isPositiveIntegerText('42'); // true
 * isPositiveIntegerText('042'); // false
 */
export function isPositiveIntegerText(text: string): boolean {
  const length = text.length;
  if (length === 0 || text.charCodeAt(0) === ZERO) return false;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code < ZERO || code > NINE) return false;
  }
  return true;
}
