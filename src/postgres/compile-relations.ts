import type { Condition, FieldDef, RelationCondition } from 'pagelope/kit';
import { compileRelation, type SqlRelation } from '../sql/index';
import { compileWhere } from './compile-where';
import { POSTGRES_SQL_DIALECT } from './postgres-sql-dialect';
import { quoteIdentifier } from './quote-identifier';
import type { SqlContext } from './sql-context';
import type { SqlParams } from './sql-params';
import { isTextType, type SqlType } from './sql-types';
import type { TableShape } from './table-catalog';

/** A table as a statement reads it: quoted name, column by field, fields, shape. */
export interface TableRef {
  readonly table: string;
  readonly columns: ReadonlyMap<string, string>;
  readonly fields: ReadonlyMap<string, FieldDef>;
  readonly shape: TableShape;
}

/** A relation the statement reads natively: the relation, the related table and the related scope. */
export interface RelatedTable extends TableRef {
  readonly relation: SqlRelation<unknown>;
  /** The related scope (`[]` where it holds a value its column cannot: it matches no record then). */
  readonly scope: readonly (readonly Condition[])[];
}

/** The alias of the related table inside a relation subquery (no plain table name can be spelt so). */
const SUBQUERY_ALIAS = '"~r"';

/** A table's column of `field`, qualified by `qualifier` (a quoted table or alias). */
export function qualifiedColumn(qualifier: string, table: Pick<TableRef, 'columns'>, field: string): string {
  return `${qualifier}.${quoteIdentifier(table.columns.get(field) ?? field)}`;
}

/** The compiler context of the related table under `alias`, binding into `params`. */
export function relatedContext(related: TableRef, alias: string, params: SqlParams): SqlContext {
  return {
    fields: related.fields,
    types: related.shape.types,
    collate: related.shape.collate,
    column: (field) => qualifiedColumn(alias, related, field),
    params,
  };
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
 * The condition linking the related table under `alias` to the parent row of `parent` (the parent's table name
 * qualifies its column, so it reaches the statement's row from inside a subquery): to-one, the related id equals
 * the parent's relating field; to-many, the related relating field equals the parent's id.
 */
export function linkOf(related: RelatedTable, alias: string, parent: TableRef): string {
  const [relatedField, parentField] = related.relation.link;
  return linkColumns(
    qualifiedColumn(alias, related, relatedField),
    related.shape.types.get(relatedField) ?? 'text',
    qualifiedColumn(parent.table, parent, parentField),
    parent.shape.types.get(parentField) ?? 'text',
  );
}

/**
 * Returns the relation compiler of a statement on `parent` (see `SqlContext.relations`): each relation term becomes
 * the SQL engine's EXISTS / NOT EXISTS subqueries (`compileRelation`) over the related table, the related scope and
 * the term's conditions inside, every value a parameter bound as its related column's type.
 *
 * @throws Error (a server fault) for a relation the statement does not bind.
 */
export function createRelationCompiler(
  parent: TableRef,
  related: ReadonlyMap<string, RelatedTable>,
): (term: RelationCondition, context: SqlContext) => string {
  return (term, context) => {
    const table = related.get(term.relation);
    if (!table) throw new Error(`relation "${term.relation}": no PostgreSQL table is bound to it`);
    const inner = relatedContext(table, SUBQUERY_ALIAS, context.params);
    const sql = compileRelation(term, {
      dialect: POSTGRES_SQL_DIALECT,
      from: `${table.table} AS ${SUBQUERY_ALIAS}`,
      link: () => linkOf(table, SUBQUERY_ALIAS, parent),
      scope: table.scope,
      where: (groups) => compileWhere(groups, inner),
    });
    // PostgreSQL says every scope and condition: never reached.
    if (sql === undefined) throw new Error(`relation "${term.relation}": a term PostgreSQL cannot say`);
    return sql;
  };
}
