import type { Resource } from '../resource/define-resource';
import { columnType } from './column-types';
import { quoteIdentifier } from './quote-identifier';

/** Options of {@link createTableSql}. */
export interface CreateTableSqlOptions {
  /** The table (`name` or `schema.name`); default the resource name. */
  readonly table?: string;
}

/**
 * Returns the DDL of a table for a resource: one column per schema field (text columns in the "C" collation, so
 * ordering is by code point and indexes serve it), the id as primary key, and a `(field, id)` index per sortable field.
 *
 * @throws TypeError when the table or a field name is not a plain SQL identifier.
 * @example
 * await pool.query(createTableSql(users, { table: 'users' }));
 */
export function createTableSql<TRecord>(resource: Resource<TRecord>, options: CreateTableSqlOptions = {}): string {
  const generic = resource as Resource;
  const tableName = options.table ?? generic.name;
  const table = quoteIdentifier(tableName);
  const bare = tableName.split('.').pop() ?? tableName;
  const columns = [...generic.fields.values()].map((def) => {
    const isId = def.name === generic.idField;
    const nullability = isId ? ' PRIMARY KEY' : def.nullable ? '' : ' NOT NULL';
    return `  ${quoteIdentifier(def.name)} ${columnType(def)}${nullability}`;
  });
  const statements = [`CREATE TABLE IF NOT EXISTS ${table} (\n${columns.join(',\n')}\n);`];
  for (const field of generic.sortable) {
    if (field === generic.idField) continue;
    const index = quoteIdentifier(`${bare}_${field}_${generic.idField}_idx`.slice(0, 63));
    statements.push(
      `CREATE INDEX IF NOT EXISTS ${index} ON ${table} (${quoteIdentifier(field)}, ${quoteIdentifier(generic.idField)});`,
    );
  }
  return statements.join('\n');
}
