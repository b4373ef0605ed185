/**
 * The text a value of a column of `type` is matched by in JavaScript, to pair values given with values read back (a
 * uuid in either case is the same uuid; a number and its digits are the same key).
 */
export function keyText(type: string, value: unknown): string {
  return type === 'uuid' ? String(value).toLowerCase() : String(value);
}
