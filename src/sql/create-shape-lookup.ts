import type { FieldDef } from 'pagelope/kit';
import { checkTableColumns } from './check-table-columns';
import { createKeptRead } from './create-kept-read';
import type { SqlTableShape } from './sql-context';
import type { SqlTypedDialect } from './typed-dialect';

/** What a typed dialect's catalog says of one column: its type, and what the dialect's collation rule reads. */
export interface SqlCatalogColumn {
  readonly type: string;
}

/**
 * A table's columns by name as a catalog read gives them; `undefined` while the table does not exist; `'unreadable'`
 * on an engine without the catalog (whose shape is then the dialect's own table's, for good).
 */
export type SqlCatalogRead<TColumn> = ReadonlyMap<string, TColumn> | 'unreadable' | undefined;

/** Resolves a table's {@link SqlTableShape}, reading the catalog through `reader` when given (see {@link createShapeLookup}). */
export interface SqlShapeLookup<TReader> {
  (reader?: TReader): Promise<SqlTableShape>;
  /**
   * Reads the catalog now, even when every type is stated, and checks the table against the fields: resolves when
   * each field has its column (or when the engine has no catalog to check with).
   *
   * @throws Error when the table does not exist or a field has no column; what the read throws.
   */
  verify(reader?: TReader): Promise<void>;
}

/** Options of {@link createShapeLookup}. */
export interface SqlShapeLookupOptions<TReader, TColumn extends SqlCatalogColumn> {
  readonly dialect: Pick<SqlTypedDialect, 'defaultType'>;
  /** The package the start-up errors are from (`'pagelope/postgres'`). */
  readonly adapter: string;
  /** The quoted table. */
  readonly table: string;
  readonly fields: ReadonlyMap<string, FieldDef>;
  /** Column name by field. */
  readonly columns: ReadonlyMap<string, string>;
  /** Types stated by the caller, by field: these are not read. */
  readonly stated: ReadonlyMap<string, string>;
  /** Whether the shape is known without a read (every type stated, no collation to detect). */
  readonly known: boolean;
  /** Reads the table's columns from the catalog; throws for a failure that may pass (read again next time). */
  read(reader: TReader): Promise<SqlCatalogRead<TColumn>>;
  /** Whether a field's column of `type` needs the dialect's `codePoint` (`column`: what the catalog says, if read). */
  collates(def: FieldDef, type: string, column: TColumn | undefined): boolean;
}

/**
 * Returns a function that resolves a typed dialect's table shape: each field's type (stated, else read, else the
 * dialect's `defaultType`) and the fields to collate. The catalog is read until a read succeeds, then kept (see
 * `createKeptRead`); while the table does not exist yet, the shape of the dialect's own table is used and the next
 * call reads again; an engine without the catalog keeps that shape for good. A read that finds the table checks
 * that each field has its column (`checkTableColumns`).
 *
 * @throws Error (from the lookup) when a field has no column in the table; what `read` throws.
 */
export function createShapeLookup<TReader, TColumn extends SqlCatalogColumn>(
  client: TReader,
  options: SqlShapeLookupOptions<TReader, TColumn>,
): SqlShapeLookup<TReader> {
  const { dialect, table, fields, columns, stated } = options;
  const fieldColumns = [...fields.keys()].map((field) => [field, columns.get(field) ?? field] as const);
  const shapeOf = (read: ReadonlyMap<string, TColumn> | undefined): SqlTableShape => {
    const types = new Map<string, string>();
    const collate = new Set<string>();
    for (const def of fields.values()) {
      const column = read?.get(columns.get(def.name) ?? def.name);
      const type = stated.get(def.name) ?? column?.type ?? dialect.defaultType(def);
      types.set(def.name, type);
      if (options.collates(def, type, column)) collate.add(def.name);
    }
    return Object.freeze({ types, collate });
  };
  const checked = (read: ReadonlyMap<string, TColumn>) => {
    checkTableColumns(options.adapter, table, fieldColumns, read);
    return shapeOf(read);
  };
  const fallback = shapeOf(undefined);
  const kept = createKeptRead(
    client,
    async (reader: TReader) => {
      const read = await options.read(reader);
      return read === 'unreadable' ? fallback : read && checked(read);
    },
    options.known ? fallback : undefined,
  );
  const lookup = async (reader?: TReader) => (await kept(reader)) ?? fallback;
  const verify = async (reader?: TReader) => {
    const read = await options.read(reader ?? client);
    if (read === 'unreadable') return;
    if (read === undefined) throw new Error(`${options.adapter}: the table ${table} does not exist`);
    kept.keep(checked(read));
  };
  return Object.assign(lookup, { verify });
}
