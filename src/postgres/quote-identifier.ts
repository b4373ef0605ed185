const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$]*$/;

/**
 * Quotes an identifier that comes from the resource definition (never from a request). Accepts `name` or
 * `schema.name`.
 *
 * @throws TypeError for anything but plain identifiers, so no text from elsewhere can reach the SQL.
 */
export function quoteIdentifier(name: string): string {
  const parts = typeof name === 'string' ? name.split('.') : [];
  if (parts.length === 0 || parts.length > 2 || !parts.every((part) => IDENTIFIER.test(part))) {
    throw new TypeError(
      `"${String(name)}" is not a plain SQL identifier (letters, digits, _ and $; schema.table at most)`,
    );
  }
  return parts.map((part) => `"${part}"`).join('.');
}
