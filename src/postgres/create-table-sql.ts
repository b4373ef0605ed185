import type { Resource } from 'pagelope/kit';
import { toColumnMap, type ColumnNamingOptions } from './column-map';
import { lowerText } from './lower-text';
import { quoteIdentifier } from './quote-identifier';
import { defaultSqlType } from './sql-types';

/** Options of {@link createTableSql}. */
export interface CreateTableSqlOptions extends ColumnNamingOptions {
  /** The table (`name` or `schema.name`); default the resource name. */
  readonly table?: string | undefined;
  /**
   * Also emit `CREATE EXTENSION IF NOT EXISTS pg_trgm` and a GIN trigram index per searchable field, on the
   * lower-cased expression the adapter's `search` compiles to, so that a search can be an index scan instead of a
   * sequential scan (default `false`). Creating the extension needs the right to (a superuser, or from PostgreSQL
   * 13 on the database owner, pg_trgm being a trusted extension); PGlite needs `extensions: { pg_trgm }`.
   */
  readonly trigram?: boolean | undefined;
  /**
   * Fields to index each on its own (`CREATE INDEX ... (column)`): the relating fields that relation filters, embeds
   * and counts look records up by. A to-one relation's field is on this resource (books: `indexes: ['authorId']`); a
   * to-many relation's is on the related one (reviews: `indexes: ['bookId']`), so name it in that table's DDL.
   */
  readonly indexes?: readonly string[] | undefined;
}

/** How the DDL spells the types `defaultSqlType` names: text in the "C" collation, `timestamptz`. */
const DDL_TYPES: ReadonlyMap<string, string> = new Map([
  ['text', 'text COLLATE "C"'],
  ['timestamp with time zone', 'timestamptz'],
]);

const OPTIONS = new Set(['table', 'trigram', 'columns', 'columnNaming', 'indexes']);

/**
 * Returns the DDL of a table for a resource: one column per schema field, named by `columns` and `columnNaming` as
 * `createPostgresRepository` names them (text columns in the "C" collation, so ordering is by code point and indexes
 * serve it), the id as primary key, and a `(field, id)` index per sortable field;
 * an index per field of `indexes` (relating fields); with `trigram: true`, also the `pg_trgm` extension and a trigram
 * index per searchable field.
 *
 * @throws TypeError for an unknown option, a `table` that is not a string, a `trigram` that is not a boolean,
 *   `indexes` that is not an array of field names of the resource,
 *   `trigram: true` on a resource without searchable fields, a table or column name that is not a plain SQL
 *   identifier, or a `columns` entry that names no field.
 * @example
 * await pool.query(createTableSql(users, { table: 'users', trigram: true }));
 * await pool.query(createTableSql(books, { table: 'books', indexes: ['authorId'] }));
 */
export function createTableSql<TRecord>(resource: Resource<TRecord>, options: CreateTableSqlOptions = {}): string {
  const generic = resource as Resource;
  checkOptions(options, generic);
  const tableName = options.table ?? generic.name;
  const table = quoteIdentifier(tableName);
  const bare = tableName.split('.').pop() ?? tableName;
  const indexName = (suffix: string) => quoteIdentifier(`${bare}_${suffix}`.slice(0, 63));
  const names = toColumnMap(generic, options);
  const column = (field: string) => quoteIdentifier(names.get(field) ?? field);
  const columns = [...generic.fields.values()].map((def) => {
    const isId = def.name === generic.idField;
    const nullability = isId ? ' PRIMARY KEY' : def.nullable ? '' : ' NOT NULL';
    const type = defaultSqlType(def);
    return `  ${column(def.name)} ${DDL_TYPES.get(type) ?? type}${nullability}`;
  });
  const statements = [`CREATE TABLE IF NOT EXISTS ${table} (\n${columns.join(',\n')}\n);`];
  for (const field of generic.sortable) {
    if (field === generic.idField) continue;
    statements.push(
      `CREATE INDEX IF NOT EXISTS ${indexName(`${names.get(field) ?? field}_${names.get(generic.idField) ?? generic.idField}_idx`)} ON ${table} ` +
        `(${column(field)}, ${column(generic.idField)});`,
    );
  }
  for (const field of new Set(options.indexes ?? [])) {
    statements.push(
      `CREATE INDEX IF NOT EXISTS ${indexName(`${names.get(field) ?? field}_idx`)} ON ${table} (${column(field)});`,
    );
  }
  if (options.trigram === true) {
    statements.push('CREATE EXTENSION IF NOT EXISTS pg_trgm;');
    for (const field of generic.searchable) {
      statements.push(
        `CREATE INDEX IF NOT EXISTS ${indexName(`${names.get(field) ?? field}_trgm_idx`)} ON ${table} ` +
          `USING gin ((${lowerText(column(field))}) gin_trgm_ops);`,
      );
    }
  }
  return statements.join('\n');
}

function checkOptions(options: unknown, resource: Resource): asserts options is CreateTableSqlOptions {
  const fail = (message: string): never => {
    throw new TypeError(`createTableSql: ${message}`);
  };
  if (typeof options !== 'object' || options === null || Array.isArray(options)) fail('options must be an object');
  const given = options as Record<string, unknown>;
  for (const key of Object.keys(given)) if (!OPTIONS.has(key)) fail(`unknown option "${key}"`);
  if (given['table'] !== undefined && typeof given['table'] !== 'string') fail('table must be a string');
  if (given['trigram'] !== undefined && typeof given['trigram'] !== 'boolean') fail('trigram must be a boolean');
  const indexes = given['indexes'];
  if (indexes !== undefined) {
    if (!Array.isArray(indexes)) fail('indexes must be an array of field names');
    for (const field of indexes as unknown[]) {
      if (typeof field !== 'string' || !resource.fields.has(field))
        fail(`indexes: ${JSON.stringify(field)} is not a field`);
    }
  }
  if (given['trigram'] === true && resource.searchable.length === 0) {
    fail(`trigram: resource "${resource.name}" has no searchable fields to index`);
  }
}
