import { cloneRecord } from './clone-record';

type Row = Readonly<Record<string, unknown>>;

/**
 * A copy of a stored row for the caller, made by `copy` (the store's `recordClonerOf`, else `cloneRecord`): the whole
 * record, or only the selected fields it holds (the selection lists the id first; a field the record lacks stays
 * absent, as in the whole record).
 */
export function pickFields<TRecord>(
  row: Row,
  select: readonly string[] | null | undefined,
  copy: <T>(record: T) => T = cloneRecord,
): TRecord {
  if (!select) return copy(row) as TRecord;
  const picked: Record<string, unknown> = {};
  // Names come from the resource's schema (defineResource refuses `__proto__` and the like), never from the row.
  for (const field of select) if (Object.prototype.hasOwnProperty.call(row, field)) picked[field] = row[field];
  return copy(picked) as TRecord;
}
