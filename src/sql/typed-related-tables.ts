import type { FieldDef } from 'pagelope/kit';
import type { SqlContextCompilers } from './create-context-compilers';
import type { SqlRelatedTables } from './create-relation-compiler';
import type { SqlContext, SqlTableShape } from './sql-context';
import type { SqlTypedDialect } from './typed-dialect';

/** A table as a statement of a typed dialect reads it: quoted name, column by field, fields, shape. */
export interface SqlTableRef {
  readonly table: string;
  readonly columns: ReadonlyMap<string, string>;
  readonly fields: ReadonlyMap<string, FieldDef>;
  readonly shape: SqlTableShape;
}

/** A table's column of `field`, qualified by `qualifier` (a quoted table or alias). */
export function qualifiedColumn(
  dialect: Pick<SqlTypedDialect, 'quoteIdentifier'>,
  qualifier: string,
  table: Pick<SqlTableRef, 'columns'>,
  field: string,
): string {
  return `${qualifier}.${dialect.quoteIdentifier(table.columns.get(field) ?? field)}`;
}

const NUMBER_KINDS: ReadonlySet<string> = new Set(['integer', 'decimal', 'float']);

/**
 * The related tables of statements on `parent` as the relation compiler reads them: each related value a parameter
 * bound as its column's type, the link's columns compared as they are when their types compare directly (the same
 * type, two number types, two text types), so that an index on either serves it; else both as text (a uuid id held
 * in a text column).
 */
export function typedRelatedTables(
  parent: SqlTableRef,
  dialect: SqlTypedDialect,
  compilers: SqlContextCompilers,
): SqlRelatedTables<SqlTableRef, SqlContext> {
  const kindOf = (type: string | undefined) => dialect.kindOf(type ?? 'text').kind;
  return {
    dialect,
    name: (related) => related.table,
    on: (related, alias, outer) => ({
      fields: related.fields,
      types: related.shape.types,
      collate: related.shape.collate,
      column: (field) => qualifiedColumn(dialect, alias, related, field),
      params: outer.params,
    }),
    link: ({ link: [relatedField, parentField], table }, inner) => {
      const left = inner.column(relatedField);
      const right = qualifiedColumn(dialect, parent.table, parent, parentField);
      const [leftType, rightType] = [table.shape.types.get(relatedField), parent.shape.types.get(parentField)];
      const [leftKind, rightKind] = [kindOf(leftType), kindOf(rightType)];
      const direct =
        (leftType ?? 'text') === (rightType ?? 'text') ||
        (NUMBER_KINDS.has(leftKind) && NUMBER_KINDS.has(rightKind)) ||
        (leftKind === 'text' && rightKind === 'text');
      return direct ? `${left} = ${right}` : `${dialect.asText(left)} = ${dialect.asText(right)}`;
    },
    where: (groups, context) => compilers.compileWhere(groups, context),
  };
}
