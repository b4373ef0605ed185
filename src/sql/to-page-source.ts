import { compileKeyset, compileOrder } from './compile-order';
import type { SqlPageSource } from './read-offset-page';
import type { SqlOrderSource } from './sql-order-source';

/**
 * One statement of a listing being written, as a dialect writes it: its bind parameters, its FROM and WHERE, and how
 * its order and keyset read the fields. Each method writes (and binds) anew at each call.
 */
export interface SqlListStatement {
  readonly values: unknown[];
  /** Binds a value as it is and returns its placeholder. */
  add(value: unknown): string;
  /** The FROM clause of the page: the table, or the table joined to what the order reads. */
  from(): string;
  /** The filter of the listing (scope, conditions, search), which the caller knows SQL can say. */
  where(): string;
  /** What the order and keyset compilers read of the statement (`compileOrder`, `compileKeyset`). */
  readonly order: SqlOrderSource;
}

/**
 * The page source of a listing whose statements `statementOf` writes (each with fresh parameters), its order and
 * keyset compiled by the SQL engine's `compileOrder` and `compileKeyset`; `source` says the rest (dialect, select
 * list, table, id column, how a statement runs).
 */
export function toPageSource(
  statementOf: () => SqlListStatement,
  source: Omit<SqlPageSource, 'statement'>,
): SqlPageSource {
  return {
    ...source,
    statement() {
      const statement = statementOf();
      const { order } = statement;
      return {
        values: statement.values,
        add: (value) => statement.add(value),
        from: () => statement.from(),
        where: () => statement.where(),
        order: (terms) => compileOrder(terms, order),
        keyset: (terms, values) => compileKeyset(terms, values, order),
      };
    },
  };
}
