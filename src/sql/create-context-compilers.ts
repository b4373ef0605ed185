import type { ConditionGroups, NormalizedQuery, SearchTerm } from 'pagelope/kit';
import { columnValueProblem } from './column-value-problem';
import { compileSearch, type SqlSearchSource } from './compile-search';
import { compileFilter, compileWhere, type SqlFilterSource } from './compile-where';
import type { SqlContext } from './sql-context';
import type { SqlOrderSource } from './sql-order-source';
import type { SqlTypedDialect } from './typed-dialect';

/** The compilers of statements on a {@link SqlContext}, over a typed dialect (see {@link createContextCompilers}). */
export interface SqlContextCompilers {
  /** Why a column of `type` cannot hold `value` (see `columnValueProblem`), or `undefined` when it can. */
  valueProblem(type: string, value: unknown): string | undefined;
  /** Binds one value of a field as its column's type takes it (JSON as its text), and returns its placeholder. */
  bindValue(field: string, value: unknown, context: SqlContext): string;
  /** Binds the values of a list operator as one array of the column's type (`$3::uuid[]`). */
  bindList(field: string, values: readonly unknown[], context: SqlContext): string;
  /** The context as the order and keyset compilers read it. */
  orderSourceOf(context: SqlContext): SqlOrderSource;
  /** An OR of AND-groups of validated conditions (see the engine's `compileWhere`). */
  compileWhere(groups: ConditionGroups, context: SqlContext): string;
  /** The filter of a listing: its OR of AND-groups (scope included), ANDed with its search when it has one. */
  compileFilter(query: Pick<NormalizedQuery, 'groups' | 'search'>, context: SqlContext): string;
  /** A search: some searchable field's folded text contains the needle, all on one bind parameter. */
  compileSearch(search: SearchTerm, context: SqlContext): string;
}

/**
 * The compilers of statements on a {@link SqlContext} over `dialect`: every value bound as its column's type, lists
 * as one array of it; equality and lists on the column as it is (its indexes serve them); ranges, orders and keysets
 * in code-point order (the dialect's `codePoint` where the context collates the field); the text operators on the
 * column's text, the case-insensitive ones and the search on the dialect's `fold` of it; relation terms through the
 * context's compiler. The dialect says every condition and search, so the compilers never answer `undefined`.
 */
export function createContextCompilers(dialect: SqlTypedDialect): SqlContextCompilers {
  const isText = (type: string | undefined) => type === undefined || dialect.kindOf(type).kind === 'text';
  const typeOf = (field: string, context: SqlContext) => context.types.get(field) ?? 'text';
  // Equality never goes through here: a collation would keep the column's indexes from serving it.
  const comparable = (field: string, context: SqlContext) =>
    context.collate.has(field) ? dialect.codePoint(context.column(field)) : context.column(field);
  const textOf = (field: string, context: SqlContext) =>
    isText(context.types.get(field)) ? context.column(field) : dialect.asText(context.column(field));
  const bindValue = (field: string, value: unknown, context: SqlContext) => {
    const json = context.fields.get(field)?.kind === 'other' && value != null;
    return context.params.add(json ? JSON.stringify(value) : dialect.toParam(typeOf(field, context), value));
  };
  const bindList = (field: string, values: readonly unknown[], context: SqlContext) => {
    const type = typeOf(field, context);
    return context.params.add(
      values.map((value) => dialect.toParam(type, value)),
      dialect.arrayType(type),
    );
  };
  // One parameter for every field: a numbered placeholder may be reused.
  const searchSourceOf = (context: SqlContext): SqlSearchSource => {
    const placeholders = new Map<string, string>();
    const add = (value: string) => {
      const placeholder = placeholders.get(value) ?? context.params.add(value);
      placeholders.set(value, placeholder);
      return placeholder;
    };
    return { dialect, folds: () => true, folded: (field) => dialect.fold(textOf(field, context)), add };
  };
  const filterSourceOf = (context: SqlContext): SqlFilterSource => ({
    dialect,
    column: context.column,
    equal: context.column,
    ordered: (field) => comparable(field, context),
    text: (field) => (context.collate.has(field) ? dialect.codePoint(textOf(field, context)) : textOf(field, context)),
    folded: (field) => dialect.fold(textOf(field, context)),
    matchesText: () => true,
    bind: (field, value) => bindValue(field, value, context),
    bindList: (field, values) => ({
      array:
        field === undefined ? context.params.add(values, dialect.arrayType('text')) : bindList(field, values, context),
    }),
    add: (value) => context.params.add(value),
    relation: (term) => {
      if (!context.relations) throw new Error(`relation "${term.relation}": the statement binds no relation`);
      return context.relations(term, context);
    },
    search: searchSourceOf(context),
  });
  const said = (sql: string | undefined, what: string) => {
    if (sql === undefined) throw new Error(`a ${what} ${dialect.name} cannot say`);
    return sql;
  };
  return {
    valueProblem: (type, value) => columnValueProblem(dialect.kindOf(type), value),
    bindValue,
    bindList,
    orderSourceOf: (context) => ({
      dialect,
      column: context.column,
      ordered: (field) => comparable(field, context),
      nullable: (field) => context.fields.get(field)?.nullable === true,
      bind: (field, value) => bindValue(field, value, context),
    }),
    compileWhere: (groups, context) => said(compileWhere(groups, filterSourceOf(context)), 'condition'),
    compileFilter: (query, context) => said(compileFilter(query, filterSourceOf(context)), 'filter'),
    compileSearch: (search, context) => compileSearch(search, searchSourceOf(context)) ?? dialect.never,
  };
}
