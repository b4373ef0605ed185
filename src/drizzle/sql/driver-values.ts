import type { SqlValueKind } from './sql-dialect';

/**
 * A record's value of a field of `kind` as a driver without arrays or JSON types binds it (SQLite, MariaDB): NULL for
 * `null`, a `Date` as `dateText` writes it, a boolean as 1 or 0, bytes as they are, a JSON value (a field of kind
 * `'other'`, or any object) as its JSON text, anything else as it is.
 */
export function toDriverValue(value: unknown, kind: SqlValueKind, dateText: (date: Date) => string): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Uint8Array) return value;
  if (kind === 'other' || typeof value === 'object') return JSON.stringify(value);
  return value;
}

/** How a dialect reads a driver's value (never `null`) of a field of some kinds. */
export type DriverReaders = Readonly<Partial<Record<SqlValueKind, (value: unknown) => unknown>>>;

/** Booleans read from 1 or 0 and numbers from their text (DECIMAL), as every driver without those types gives them. */
const READERS: DriverReaders = {
  boolean: (value) => (typeof value === 'boolean' ? value : Number(value) !== 0),
  number: (value) => (typeof value === 'number' ? value : Number(value)),
};

/**
 * A value a driver read, as a field of `kind` holds it: `null` for NULL, else by the dialect's reader of `kind` in
 * `readers`, else by the shared one (booleans from 1 or 0, numbers from text), else as it is.
 */
export function fromDriverValue(value: unknown, kind: SqlValueKind, readers: DriverReaders): unknown {
  if (value === null || value === undefined) return null;
  const read = readers[kind] ?? READERS[kind];
  return read === undefined ? value : read(value);
}

/**
 * A `Date` from the UTC text SQL writes a DATETIME, TIMESTAMP or DATE as (`'2024-01-02 03:04:05.678'`,
 * `'2024-01-02'`, a driver's text of a session in UTC), or the `Date` given.
 */
export function fromUtcText(value: unknown): Date {
  if (value instanceof Date) return value;
  const text = String(value);
  return new Date(text.length <= 10 ? `${text}T00:00:00Z` : `${text.replace(' ', 'T')}Z`);
}

/** A day (`'YYYY-MM-DD'`) from a DATE's text (its first ten characters) or a `Date` (its UTC day). */
export const dayOf = (value: unknown): string =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
