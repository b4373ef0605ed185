import type { CrudOperators } from '@refinedev/core';
import type { OperatorName } from 'pagelope';

/** A refine filter operator of one field (every {@link CrudOperators} but `and` and `or`). */
type RefineFieldOperator = Exclude<CrudOperators, 'and' | 'or'>;

/**
 * What each refine field operator becomes in pagelope's grammar, or `null` when the grammar has no operator of the
 * same meaning. refine's plain text operators are case-insensitive, their `s` twins case-sensitive; `eq`/`ne` and
 * their twins `eqs`/`nes` all become pagelope's exact `eq`/`ne`, which fit every field kind. Internal to the module.
 */
const REFINE_OPERATORS: Readonly<Record<RefineFieldOperator, OperatorName | null>> = Object.freeze({
  eq: 'eq',
  ne: 'ne',
  eqs: 'eq',
  nes: 'ne',
  lt: 'lt',
  gt: 'gt',
  lte: 'lte',
  gte: 'gte',
  in: 'in',
  nin: 'notin',
  between: 'between',
  null: 'isnull',
  nnull: 'notnull',
  contains: 'contl',
  ncontains: 'excll',
  startswith: 'startsl',
  endswith: 'endsl',
  containss: 'cont',
  ncontainss: 'excl',
  startswiths: 'starts',
  endswiths: 'ends',
  // Array columns, "not between" and "does not start/end with" have no pagelope operator.
  ina: null,
  nina: null,
  nbetween: null,
  nstartswith: null,
  nendswith: null,
  nstartswiths: null,
  nendswiths: null,
});

/**
 * The pagelope operator of a refine field operator. Internal to the module.
 *
 * @throws Error naming the operator (and the field) when pagelope has no equivalent or the operator is unknown.
 * @example
 * toPagelopeOperator('nin', 'status'); // 'notin'
 * toPagelopeOperator('ina', 'tags'); // throws: the refine filter operator "ina" (field "tags") has no pagelope equivalent
 */
export function toPagelopeOperator(operator: unknown, field: string): OperatorName {
  const known = typeof operator === 'string' && Object.prototype.hasOwnProperty.call(REFINE_OPERATORS, operator);
  const mapped = known ? REFINE_OPERATORS[operator as RefineFieldOperator] : null;
  if (mapped !== null) return mapped;
  const name = typeof operator === 'string' ? `"${operator}"` : String(operator);
  throw new Error(
    `pagelope/refine: the refine filter operator ${name} (field ${JSON.stringify(field)}) ` +
      (known ? 'has no pagelope equivalent' : 'is not a refine filter operator'),
  );
}
