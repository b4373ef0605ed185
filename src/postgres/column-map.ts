import type { Resource } from 'pagelope/kit';
import { quoteIdentifier } from './quote-identifier';

/** How fields without an explicit `columns` entry name their columns: as the field, or in snake_case. */
export type ColumnNaming = 'field' | 'snake_case';

/** Options naming a resource's columns, shared by `createPostgresRepository` and `createTableSql`. */
export interface ColumnNamingOptions {
  /** Column names by field (partial: `{ authorId: 'author_id' }`); an entry here wins over `columnNaming`. */
  readonly columns?: Readonly<Record<string, string>> | undefined;
  /** `'snake_case'` names every other field's column in snake_case (`createdAt` → `created_at`); default `'field'`. */
  readonly columnNaming?: ColumnNaming | undefined;
}

/** A field name in snake_case: `createdAt` → `created_at`, `userID` → `user_id`, `HTTPStatus` → `http_status`. */
export function toSnakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/**
 * The column name of each field of `resource` (field → column, in schema order), from `columns` and `columnNaming`.
 * A constraint or catalog row names a column; look it up in the inverse of this map to find its field.
 *
 * @throws TypeError for a `columns` key that is not a field, a column name that is not a plain SQL identifier, an
 *   unknown `columnNaming`, or two fields on one column.
 * @example
 * toColumnMap(books, { columnNaming: 'snake_case', columns: { authorId: 'writer' } });
 * // Map { 'id' => 'id', 'authorId' => 'writer', 'createdAt' => 'created_at' }
 */
export function toColumnMap<TRecord>(
  resource: Resource<TRecord>,
  options: ColumnNamingOptions = {},
): ReadonlyMap<string, string> {
  const { columns = {}, columnNaming = 'field' } = options;
  const { fields } = resource as Resource;
  const fail = (message: string): never => {
    throw new TypeError(`columns of "${resource.name}": ${message}`);
  };
  if (columnNaming !== 'field' && columnNaming !== 'snake_case') fail(`unknown columnNaming "${String(columnNaming)}"`);
  if (typeof columns !== 'object' || columns === null || Array.isArray(columns)) fail('columns must be an object');
  for (const key of Object.keys(columns)) if (!fields.has(key)) fail(`"${key}" is not a field`);
  const map = new Map<string, string>();
  const owners = new Map<string, string>();
  for (const field of fields.keys()) {
    const given = Object.hasOwn(columns, field) ? columns[field] : undefined;
    const column = given ?? (columnNaming === 'snake_case' ? toSnakeCase(field) : field);
    if (typeof column !== 'string' || column.includes('.')) fail(`the column of "${field}" must be a plain name`);
    quoteIdentifier(column);
    const owner = owners.get(column);
    if (owner !== undefined) fail(`"${owner}" and "${field}" are both on column "${column}"`);
    owners.set(column, field);
    map.set(field, column);
  }
  return map;
}
