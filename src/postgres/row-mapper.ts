import type { Resource } from 'pagelope/kit';
import { fromTimestampText } from './timestamp-text';

type Row = Readonly<Record<string, unknown>>;

/** Maps one database row to a record. */
type MapRow = (row: Row) => Record<string, unknown>;

/** What {@link createRowMapper} returns. */
export interface RowMapper {
  /** Every field of the schema, in its order. */
  readonly toRecord: MapRow;
  /** Only `fields` (names of the schema, from a validated selection), in the order given. */
  pick(fields: readonly string[]): MapRow;
}

interface Column {
  readonly name: string;
  readonly number: boolean;
  readonly text: boolean;
  readonly date: boolean;
  readonly keepNull: boolean;
}

/**
 * Maps database rows back to records: a NULL column of a field whose schema does not accept null (an optional
 * field) becomes an absent key, a number read as text (bigint, numeric) becomes a number, a number of a string
 * field (an integer key) becomes its text, and a date read as `'YYYY-MM-DD'` (a `date` column, read with `to_char`)
 * becomes 00:00 UTC of that day (a timestamp read as text, the instant it names: see `fromTimestampText`). `pick` maps a row of
 * fewer columns (a `select`) to a record of only those fields, each by the same rule.
 */
export function createRowMapper(resource: Resource): RowMapper {
  const shape = resource.schema.shape as Record<string, { safeParse(value: unknown): { success: boolean } }>;
  const all: Column[] = [...resource.fields.values()].map((def) => ({
    name: def.name,
    number: def.kind === 'number',
    text: def.kind === 'string',
    date: def.kind === 'date',
    keepNull: shape[def.name]?.safeParse(null).success === true,
  }));
  const byName = new Map(all.map((column) => [column.name, column]));
  const mapOf =
    (columns: readonly Column[]): MapRow =>
    (row) => {
      const record: Record<string, unknown> = {};
      for (const { name, number, text, date, keepNull } of columns) {
        const value = row[name];
        if (value === null || value === undefined) {
          if (keepNull) record[name] = null;
        } else if (number && typeof value === 'string') record[name] = Number(value);
        else if (text && (typeof value === 'number' || typeof value === 'bigint')) record[name] = String(value);
        else if (date && typeof value === 'string') record[name] = fromTimestampText(value);
        else if (date && !(value instanceof Date)) record[name] = new Date(value as string);
        else record[name] = value;
      }
      return record;
    };
  return Object.freeze({
    toRecord: mapOf(all),
    pick: (fields: readonly string[]) =>
      mapOf(fields.map((name) => byName.get(name)).filter((column) => column !== undefined)),
  });
}
