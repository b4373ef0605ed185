import type { FieldDef, RelationCondition } from 'pagelope/kit';
import type { SqlOrderSource, SqlWhereSource } from '../sql/index';
import { lowerText } from './lower-text';
import { POSTGRES_SQL_DIALECT } from './postgres-sql-dialect';
import type { SqlParams } from './sql-params';
import { arrayTypeOf, isTextType } from './sql-types';
import { toSqlParam } from './sql-values';
import type { TableShape } from './table-catalog';

/** What the compilers need besides the query: the fields, their columns and types, the parameters. */
export interface SqlContext extends TableShape {
  readonly fields: ReadonlyMap<string, FieldDef>;
  /** The quoted column reference of a field (see `TableLayout.columnRef`). */
  readonly column: (field: string) => string;
  readonly params: SqlParams;
  /**
   * Compiles a relation term of the filter (an EXISTS subquery, see `related-tables.ts`) with the statement's
   * parameters; absent when the statement reads no relation.
   */
  readonly relations?: ((term: RelationCondition, context: SqlContext) => string) | undefined;
}

/**
 * A field's column for ordering, ranges and keyset predicates: in code-point order whatever the column's collation
 * (`COLLATE "C"` where the context says so). Equality never goes through here: it is the same in every deterministic
 * collation, and a `COLLATE` would keep the column's indexes from serving it.
 */
function comparable(field: string, context: Pick<SqlContext, 'collate' | 'column'>): string {
  const column = context.column(field);
  return context.collate.has(field) ? `${column} COLLATE "C"` : column;
}

/** A field's column as text, for `LIKE` and `lower()`: cast to `text` when the column is not text (a uuid). */
export function textOf(field: string, context: Pick<SqlContext, 'types' | 'column'>): string {
  const column = context.column(field);
  const type = context.types.get(field);
  return type === undefined || isTextType(type) ? column : `${column}::text`;
}

/** Binds one value of a field as its column's type takes it (see `toSqlParam`), and returns its placeholder. */
export function bindValue(field: string, value: unknown, context: SqlContext): string {
  const type = context.types.get(field) ?? 'text';
  const param =
    context.fields.get(field)?.kind === 'other' && value != null ? JSON.stringify(value) : toSqlParam(type, value);
  return context.params.add(param);
}

/** Binds the values of a list operator as an array of the column's type (`$3::uuid[]`). */
export function bindList(field: string, values: readonly unknown[], context: SqlContext): string {
  const type = context.types.get(field) ?? 'text';
  return context.params.add(
    values.map((value) => toSqlParam(type, value)),
    arrayTypeOf(type),
  );
}

/**
 * The context as the SQL engine's order and keyset compilers read it: columns in code-point order where
 * {@link comparable} says so, nullable as the field is, values bound with {@link bindValue}.
 */
export function orderSourceOf(context: SqlContext): SqlOrderSource {
  return {
    dialect: POSTGRES_SQL_DIALECT,
    column: context.column,
    ordered: (field) => comparable(field, context),
    nullable: (field) => context.fields.get(field)?.nullable === true,
    bind: (field, value) => bindValue(field, value, context),
  };
}

/**
 * The context as the SQL engine's filter compiler reads it: equality and lists on the column as it is (its indexes
 * serve them), lists bound as one array of the column's type; ranges in code-point order ({@link comparable}); the
 * text operators on the column's text, in "C" where the column collates otherwise; the case-insensitive ones on
 * {@link lowerText}, the expression the trigram indexes are built on; relation terms through the context's compiler.
 */
export function whereSourceOf(context: SqlContext): SqlWhereSource {
  const { params } = context;
  return {
    dialect: POSTGRES_SQL_DIALECT,
    column: context.column,
    equal: context.column,
    ordered: (field) => comparable(field, context),
    text: (field) => (context.collate.has(field) ? `${textOf(field, context)} COLLATE "C"` : textOf(field, context)),
    folded: (field) => lowerText(textOf(field, context)),
    matchesText: () => true,
    bind: (field, value) => bindValue(field, value, context),
    bindList: (field, values) => ({
      array: field === undefined ? params.add(values, 'text[]') : bindList(field, values, context),
    }),
    add: (value) => params.add(value),
    relation: (term) => {
      if (!context.relations) throw new Error(`relation "${term.relation}": the statement binds no relation`);
      return context.relations(term, context);
    },
  };
}
