import type { FieldDef } from 'pagelope/kit';
import type { SqlRelatedTables } from '../sql/index';
import { compileWhere } from './compile-where';
import { POSTGRES_SQL_DIALECT } from './postgres-sql-dialect';
import { quoteIdentifier } from './quote-identifier';
import type { SqlContext } from './sql-context';
import { isTextType, type SqlType } from './sql-types';
import type { TableShape } from './table-catalog';

/** A table as a statement reads it: quoted name, column by field, fields, shape. */
export interface TableRef {
  readonly table: string;
  readonly columns: ReadonlyMap<string, string>;
  readonly fields: ReadonlyMap<string, FieldDef>;
  readonly shape: TableShape;
}

/** A table's column of `field`, qualified by `qualifier` (a quoted table or alias). */
export function qualifiedColumn(qualifier: string, table: Pick<TableRef, 'columns'>, field: string): string {
  return `${qualifier}.${quoteIdentifier(table.columns.get(field) ?? field)}`;
}

const NUMBER_TYPES = new Set(['smallint', 'integer', 'bigint', 'numeric', 'real', 'double precision']);

/**
 * `left = right` for two columns holding the same ids: as they are when their types compare directly (the same type,
 * two number types, two text types), so that an index on either serves it; else both as text (a uuid id held in a
 * text column).
 */
function linkColumns(left: string, leftType: SqlType, right: string, rightType: SqlType): string {
  const direct =
    leftType === rightType ||
    (NUMBER_TYPES.has(leftType) && NUMBER_TYPES.has(rightType)) ||
    (isTextType(leftType) && isTextType(rightType));
  return direct ? `${left} = ${right}` : `${left}::text = ${right}::text`;
}

/**
 * The related tables of statements on `parent` as the SQL engine's relation compiler reads them: each related value
 * a parameter bound as its column's type, the link's columns compared as their types allow (see `linkColumns`).
 */
export function relatedTablesOf(parent: TableRef): SqlRelatedTables<TableRef, SqlContext> {
  return {
    dialect: POSTGRES_SQL_DIALECT,
    name: (related) => related.table,
    on: (related, alias, outer) => ({
      fields: related.fields,
      types: related.shape.types,
      collate: related.shape.collate,
      column: (field) => qualifiedColumn(alias, related, field),
      params: outer.params,
    }),
    link: ({ link: [relatedField, parentField], table }, inner) =>
      linkColumns(
        inner.column(relatedField),
        table.shape.types.get(relatedField) ?? 'text',
        qualifiedColumn(parent.table, parent, parentField),
        parent.shape.types.get(parentField) ?? 'text',
      ),
    where: (groups, context) => compileWhere(groups, context),
  };
}
