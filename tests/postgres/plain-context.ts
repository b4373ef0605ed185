/** A compiler context for unit tests: columns named as the fields, the types `createTableSql` gives each kind. */
import type { FieldDef } from '../../src/index';
import { quoteIdentifier } from '../../src/postgres/quote-identifier';
import type { SqlContext } from '../../src/postgres/sql-context';
import { SqlParams } from '../../src/postgres/sql-params';
import { defaultSqlType, type SqlType } from '../../src/postgres/sql-types';

export function plainContext(
  fields: ReadonlyMap<string, FieldDef>,
  collate: Iterable<string> = [],
  types: Readonly<Record<string, SqlType>> = {},
): SqlContext {
  const typeMap = new Map([...fields.values()].map((def) => [def.name, types[def.name] ?? defaultSqlType(def)]));
  return { fields, collate: new Set(collate), types: typeMap, column: quoteIdentifier, params: new SqlParams() };
}
