import type { FieldDef, Resource } from 'pagelope/kit';
import type { SqlReadRow } from './read-dialect';
import type { SqlRow } from './write-dialect';

/** Maps one row read under the fields' names to a record. */
type MapRow = (row: SqlReadRow) => SqlRow;

/** What {@link createRecordMapper} returns. */
export interface SqlRecordMapper {
  /** Every field of the schema, in its order. */
  readonly toRecord: MapRow;
  /** Only `fields` (names of the schema, from a validated selection), in the order given. */
  pick(fields: readonly string[]): MapRow;
}

/** How a dialect reads a driver's value (never NULL) of a field; `undefined`: as it is. */
export type SqlValueReader = ((value: unknown) => unknown) | undefined;

interface Column {
  readonly name: string;
  readonly read: SqlValueReader;
  readonly keepNull: boolean;
}

/**
 * Maps rows read under the fields' names back to records, on any dialect: a NULL column of a field whose schema does
 * not accept null (an optional field) becomes an absent key, and any other value is read by the dialect's reader of
 * its field (`readerOf`: a number read as text becomes a number, ...). `pick` maps a row of fewer columns (a
 * `select`) to a record of only those fields, each by the same rule.
 */
export function createRecordMapper(resource: Resource, readerOf: (def: FieldDef) => SqlValueReader): SqlRecordMapper {
  const shape = resource.schema.shape as Record<string, { safeParse(value: unknown): { success: boolean } }>;
  const all: Column[] = [...resource.fields.values()].map((def) => ({
    name: def.name,
    read: readerOf(def),
    keepNull: shape[def.name]?.safeParse(null).success === true,
  }));
  const byName = new Map(all.map((column) => [column.name, column]));
  const mapOf =
    (columns: readonly Column[]): MapRow =>
    (row) => {
      const record: SqlRow = {};
      for (const { name, read, keepNull } of columns) {
        const value = row[name];
        if (value === null || value === undefined) {
          if (keepNull) record[name] = null;
        } else record[name] = read ? read(value) : value;
      }
      return record;
    };
  return Object.freeze({
    toRecord: mapOf(all),
    pick: (fields: readonly string[]) =>
      mapOf(fields.map((name) => byName.get(name)).filter((column) => column !== undefined)),
  });
}
