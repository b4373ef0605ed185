import type { Resource } from '../resource/define-resource';

/**
 * Maps a database row back to a record: a NULL column of a field whose schema does not accept null (an optional
 * field) becomes an absent key, and a number read as text (bigint, numeric) becomes a number.
 */
export function createRowMapper(
  resource: Resource,
): (row: Readonly<Record<string, unknown>>) => Record<string, unknown> {
  const shape = resource.schema.shape as Record<string, { safeParse(value: unknown): { success: boolean } }>;
  const fields = [...resource.fields.values()].map((def) => ({
    name: def.name,
    number: def.kind === 'number',
    date: def.kind === 'date',
    keepNull: shape[def.name]?.safeParse(null).success === true,
  }));
  return (row) => {
    const record: Record<string, unknown> = {};
    for (const { name, number, date, keepNull } of fields) {
      const value = row[name];
      if (value === null || value === undefined) {
        if (keepNull) record[name] = null;
      } else if (number && typeof value === 'string') record[name] = Number(value);
      else if (date && !(value instanceof Date)) record[name] = new Date(value as string);
      else record[name] = value;
    }
    return record;
  };
}
