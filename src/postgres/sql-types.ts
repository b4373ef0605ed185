import type { FieldDef } from 'pagelope/kit';
import { COLUMN_KINDS, integerKind, type SqlColumnKind } from '../sql/index';

/**
 * A column's SQL type by its canonical name, as `format_type` spells the base type (`'integer'`, `'uuid'`,
 * `'timestamp with time zone'`, ...), or another type the catalog named (an enum, a domain's base, an extension's).
 */
export type SqlType = string;

/** Short and alternative spellings a `columnTypes` option may use, to the canonical names. */
const ALIASES: Readonly<Record<string, SqlType>> = {
  int2: 'smallint',
  int: 'integer',
  int4: 'integer',
  int8: 'bigint',
  decimal: 'numeric',
  float4: 'real',
  float: 'double precision',
  float8: 'double precision',
  bool: 'boolean',
  timestamptz: 'timestamp with time zone',
  timestamp: 'timestamp without time zone',
  varchar: 'character varying',
  char: 'character',
  bpchar: 'character',
};

/** The kind of each canonical type the adapter checks values against and casts list parameters to. */
const KINDS: ReadonlyMap<SqlType, SqlColumnKind> = new Map<SqlType, SqlColumnKind>([
  ['uuid', COLUMN_KINDS.uuid],
  ['smallint', integerKind(2)],
  ['integer', integerKind(4)],
  ['bigint', integerKind(8)],
  ['numeric', COLUMN_KINDS.decimal],
  ['real', Object.freeze({ kind: 'float', limit: 3.4e38 })],
  ['double precision', COLUMN_KINDS.float],
  ['date', COLUMN_KINDS.date],
  ['timestamp with time zone', COLUMN_KINDS.timestamp],
  ['timestamp without time zone', COLUMN_KINDS.timestamp],
  ['boolean', COLUMN_KINDS.boolean],
  ['text', COLUMN_KINDS.text],
  ['character varying', COLUMN_KINDS.text],
  ['character', COLUMN_KINDS.text],
  ['citext', COLUMN_KINDS.text],
  ['json', COLUMN_KINDS.json],
  ['jsonb', COLUMN_KINDS.json],
]);

/** The canonical types the adapter checks values against and casts list parameters to. */
export const KNOWN_SQL_TYPES: ReadonlySet<SqlType> = new Set(KINDS.keys());

/** The SQL engine's kind of a column of `type` (`other` for a type the adapter does not know: an enum, a domain's). */
export function columnKindOf(type: SqlType): SqlColumnKind {
  return KINDS.get(type) ?? COLUMN_KINDS.other;
}

/**
 * The canonical name of a type as a `columnTypes` option states it: lower-cased, without a length or precision
 * (`varchar(20)`, `numeric(10,2)`), aliases resolved (`int4`, `timestamptz`, `float8`, ...).
 *
 * @throws TypeError for a type the adapter does not know.
 */
export function toSqlType(stated: string): SqlType {
  const bare = String(stated)
    .trim()
    .toLowerCase()
    .replace(/\s*\(\s*\d+\s*(,\s*\d+\s*)?\)/, '')
    .replace(/\s+/g, ' ');
  const type = Object.hasOwn(ALIASES, bare) ? (ALIASES[bare] as SqlType) : bare;
  if (!KNOWN_SQL_TYPES.has(type)) {
    throw new TypeError(`"${String(stated)}" is not a column type the PostgreSQL adapter knows`);
  }
  return type;
}

/** The type of a field's column when nothing else is known: what `createTableSql` declares for its kind. */
export function defaultSqlType(def: FieldDef): SqlType {
  if (isCalendarDateField(def)) return 'date';
  switch (def.kind) {
    case 'string':
    case 'enum':
      return 'text';
    case 'number':
      return 'double precision';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'timestamp with time zone';
    default:
      return 'jsonb';
  }
}

/** Whether a column of this type is text (so `LIKE`, `lower()` and `COLLATE` apply to it as it is). */
export function isTextType(type: SqlType): boolean {
  return columnKindOf(type).kind === 'text';
}

/** The array type list operators bind a column's values as (`uuid[]`, `integer[]`, ...). */
export function arrayTypeOf(type: SqlType): string {
  // `character` alone is character(1), which would cut every value to its first character.
  return type === 'character' ? 'bpchar[]' : `${type}[]`;
}

/**
 * Whether a field holds a calendar date as a `'YYYY-MM-DD'` string (the field kind `'isoDate'`, zod's
 * `z.iso.date()`): its column is a `date`, bound and read as that text (see `toCalendarDate` and `readExpression`).
 */
function isCalendarDateField(def: FieldDef): boolean {
  return (def.kind as string) === 'isoDate';
}
