import {
  HttpError,
  OPERATORS,
  isRelationCondition,
  relationPathOf,
  type Condition,
  type NormalizedQuery,
} from 'pagelope/kit';
import { sqlValueProblem } from './sql-values';
import type { TableShape } from './table-catalog';

/**
 * Operators whose values are compared as text (lower-cased or as a pattern), those that fit string fields alone in
 * the operator table: only a NUL cannot be held.
 */
const TEXT_OPERATORS: ReadonlySet<string> = new Set(
  Object.values(OPERATORS)
    .filter((spec) => spec.kinds.length === 1 && spec.kinds[0] === 'string')
    .map((spec) => spec.name),
);

/** Why a condition's values cannot be compared with its column (`undefined`: they can). */
export function conditionProblem({ field, op, value }: Condition, shape: TableShape): string | undefined {
  if (op === 'isnull' || op === 'notnull') return undefined;
  const type = TEXT_OPERATORS.has(op) ? 'text' : (shape.types.get(field) ?? 'text');
  const values = Array.isArray(value) ? (value as readonly unknown[]) : [value];
  for (const item of values) {
    const problem = sqlValueProblem(type, item);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * Checks every value a listing would bind against its column's type before any SQL runs: the client's filter
 * values (the query's groups without the scope), those of its relation terms against the related table's columns
 * (`related`, by relation; a relation absent from it is not read natively and binds nothing here), and the cursor's
 * sort-key values (a relation path's against its related column).
 *
 * @throws HttpError 400 with a message per problem, naming the parameter (`authorId[eq]: must be a uuid`,
 *   `author.id[eq]: must be a uuid`).
 */
export function checkQueryValues(
  query: NormalizedQuery,
  shape: TableShape,
  related: ReadonlyMap<string, TableShape> = new Map(),
): void {
  const messages: string[] = [];
  const check = (condition: Condition, on: TableShape, prefix: string) => {
    const problem = conditionProblem(condition, on);
    if (problem) messages.push(`${prefix}${condition.field}[${condition.op}]: ${problem}`);
  };
  for (const group of query.baseGroups ?? query.groups) {
    for (const term of group) {
      if (!isRelationCondition(term)) check(term, shape, '');
      else {
        const on = related.get(term.relation);
        if (on) for (const condition of term.conditions) check(condition, on, `${term.relation}.`);
      }
    }
  }
  query.order.forEach(({ field }, i) => {
    if (!query.after) return;
    const path = relationPathOf(field);
    const type = path ? related.get(path.relation)?.types.get(path.field) : shape.types.get(field);
    const problem = sqlValueProblem(type ?? 'text', query.after[i]);
    if (problem) messages.push(`cursor: its value of ${field} ${problem}`);
  });
  if (messages.length > 0) throw new HttpError(400, [...new Set(messages)].slice(0, 20));
}

/**
 * Whether a scope holds a value its column cannot hold (a tenant id that is no uuid): such a scope matches no
 * record, so a listing is empty and every id is not found, without a statement.
 */
export function isImpossibleScope(groups: readonly (readonly Condition[])[], shape: TableShape): boolean {
  return groups.some((group) => group.some((condition) => conditionProblem(condition, shape) !== undefined));
}

/**
 * Checks the values of a record to write against their columns' types: a NUL character anywhere (in a JSON value's
 * text too), a uuid that is not one, an integer out of range, a date outside 0001-9999.
 *
 * @throws HttpError 400 naming each field (`publishedOn: must be a date from the year 0001 to 9999`).
 */
export function checkRecordValues(record: Readonly<Record<string, unknown>>, shape: TableShape): void {
  const messages: string[] = [];
  for (const [field, value] of Object.entries(record)) {
    const type = shape.types.get(field);
    if (type === undefined) continue;
    const problem = sqlValueProblem(type, value);
    if (problem) messages.push(`${field}: ${problem}`);
  }
  if (messages.length > 0) throw new HttpError(400, messages.slice(0, 20));
}
