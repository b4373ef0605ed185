import type { ConditionGroups, NormalizedQuery } from 'pagelope/kit';
import { compileFilter, compileWhere, type SqlFilterSource } from '../../sql/index';
import type { SqlStatement } from './sql-statement';

/**
 * `statement` as the SQL engine's filter compiler reads it: every comparison and list on the column in code-point
 * order (each column's `ordered`, see `SqlStatement.ordered`), lists bound one placeholder per item, the
 * text operators on the column (undefined where `SqlColumn.matchesText` says the column stores something else than
 * the field's text), the case-insensitive ones and the search through the statement's `lower` (none without it),
 * relation terms through the statement's `relations`.
 */
function filterSourceOf(statement: SqlStatement): SqlFilterSource {
  const { dialect, lower } = statement;
  const column = (field: string) => statement.column(field);
  const ordered = (field: string) => statement.ordered(field);
  const add = (value: unknown) => statement.add(value);
  const folded = lower === undefined ? undefined : (field: string) => `${lower}(${statement.column(field)})`;
  return {
    dialect,
    column,
    equal: ordered,
    ordered,
    text: column,
    folded,
    matchesText: (field, needles) => statement.matchesText(field, needles),
    bind: (field, value) => statement.bind(field, value),
    bindList: (field, values) => ({
      items: values.map((value) => (field === undefined ? add(value) : statement.bind(field, value))),
    }),
    add,
    relation: (term) => statement.relations?.(term, statement),
    search: {
      dialect,
      folds: (field, needle) => folded !== undefined && statement.matchesText(field, [needle]),
      // Called only where folds said yes, so with a folding function.
      folded: (field) => folded?.(field) ?? column(field),
      add,
    },
  };
}

/**
 * An OR of AND-groups of conditions as one SQL boolean expression on `statement`, or `undefined` when a term cannot
 * be said exactly in SQL (see the SQL engine's `compileWhere`).
 */
export function compileSqlWhere(groups: ConditionGroups, statement: SqlStatement): string | undefined {
  return compileWhere(groups, filterSourceOf(statement));
}

/**
 * The filter of `query` (its groups AND its search: some searchable column contains the needle once folded) as SQL,
 * or `undefined` as {@link compileSqlWhere}.
 */
export function compileSqlFilter(query: NormalizedQuery, statement: SqlStatement): string | undefined {
  return compileFilter(query, filterSourceOf(statement));
}
