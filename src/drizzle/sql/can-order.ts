import type { OrderTerm } from 'pagelope/kit';
import type { SqlStatement } from './sql-statement';

/** Whether `statement` can order by every term of `order` (fields of its table, relation paths it reads). */
export function canOrder(order: readonly OrderTerm[], statement: SqlStatement): boolean {
  return order.every((term) => statement.reads(term.field));
}
