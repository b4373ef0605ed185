import type { FieldDef, Resource } from 'pagelope/kit';
import { createRecordMapper, type SqlRecordMapper, type SqlValueReader } from '../sql/index';
import { fromTimestampText } from './timestamp-text';

/** What {@link createRowMapper} returns. */
export type RowMapper = SqlRecordMapper;

/**
 * How a value PostgreSQL gave is read for a field: a number read as text (bigint, numeric) becomes a number, a number
 * of a string field (an integer key) becomes its text, and a date read as `'YYYY-MM-DD'` (a `date` column, read with
 * `to_char`) becomes 00:00 UTC of that day (a timestamp read as text, the instant it names: see `fromTimestampText`).
 */
function readerOf({ kind }: FieldDef): SqlValueReader {
  if (kind === 'number') return (value) => (typeof value === 'string' ? Number(value) : value);
  if (kind === 'string') {
    return (value) => (typeof value === 'number' || typeof value === 'bigint' ? String(value) : value);
  }
  if (kind !== 'date') return undefined;
  return (value) =>
    typeof value === 'string' ? fromTimestampText(value) : value instanceof Date ? value : new Date(value as string);
}

/**
 * Maps PostgreSQL rows back to records: the SQL engine's `createRecordMapper` (a NULL column of a field whose schema
 * does not accept null becomes an absent key; `pick` maps a row of fewer columns) with PostgreSQL's {@link readerOf}.
 */
export function createRowMapper(resource: Resource): RowMapper {
  return createRecordMapper(resource, readerOf);
}
