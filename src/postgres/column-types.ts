import type { FieldDef } from 'pagelope/kit';
import { isCalendarDateField } from './sql-types';

/**
 * The PostgreSQL type of a field's column: text (C collation) for strings and enums, float8, boolean, timestamptz,
 * date for a calendar-date field, jsonb.
 */
export function columnType(def: FieldDef): string {
  if (isCalendarDateField(def)) return 'date';
  switch (def.kind) {
    case 'string':
    case 'enum':
      return 'text COLLATE "C"';
    case 'number':
      return 'double precision';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'timestamptz';
    default:
      return 'jsonb';
  }
}
