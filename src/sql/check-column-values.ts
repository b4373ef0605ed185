import {
  HttpError,
  OPERATORS,
  isRelationCondition,
  relationPathOf,
  type Condition,
  type NormalizedQuery,
} from 'pagelope/kit';
import { COLUMN_KINDS, type SqlColumnKind } from './column-kind';
import { columnValueProblem } from './column-value-problem';

/** The kind of a field's column as a dialect knows it, or `undefined` for a field whose column it does not know. */
export type SqlColumnKinds = (field: string) => SqlColumnKind | undefined;

/**
 * Operators whose values are compared as text (lower-cased or as a pattern), those that fit string fields alone in
 * the operator table: only a NUL cannot be held.
 */
const TEXT_OPERATORS: ReadonlySet<string> = new Set(
  Object.values(OPERATORS)
    .filter((spec) => spec.kinds.length === 1 && spec.kinds[0] === 'string')
    .map((spec) => spec.name),
);

/** Why a value of a column of `kind` (text when unknown) cannot be held (`undefined`: it can). */
const problemOf = (kind: SqlColumnKind | undefined, value: unknown) =>
  columnValueProblem(kind ?? COLUMN_KINDS.text, value);

/** Whether the column of `field` can hold `value` (a column of an unknown kind, as text). */
export function columnHolds(kinds: SqlColumnKinds, field: string, value: unknown): boolean {
  return problemOf(kinds(field), value) === undefined;
}

/** Why a condition's values cannot be compared with its column (`undefined`: they can). */
export function conditionProblem({ field, op, value }: Condition, kinds: SqlColumnKinds): string | undefined {
  if (op === 'isnull' || op === 'notnull') return undefined;
  const kind = TEXT_OPERATORS.has(op) ? COLUMN_KINDS.text : kinds(field);
  const values = Array.isArray(value) ? (value as readonly unknown[]) : [value];
  for (const item of values) {
    const problem = problemOf(kind, item);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * Checks every value a listing would bind against its column's kind before any SQL runs: the client's filter values
 * (the query's groups without the scope), those of its relation terms against the related table's columns (`related`,
 * by relation; a relation absent from it is not read natively and binds nothing here), and the cursor's sort-key
 * values (a relation path's against its related column).
 *
 * @throws HttpError 400 with a message per problem, naming the parameter (`authorId[eq]: must be a uuid`,
 *   `author.id[eq]: must be a uuid`).
 */
export function checkQueryValues(
  query: NormalizedQuery,
  kinds: SqlColumnKinds,
  related: ReadonlyMap<string, SqlColumnKinds> = new Map(),
): void {
  const messages: string[] = [];
  const check = (condition: Condition, on: SqlColumnKinds, prefix: string) => {
    const problem = conditionProblem(condition, on);
    if (problem) messages.push(`${prefix}${condition.field}[${condition.op}]: ${problem}`);
  };
  for (const group of query.baseGroups ?? query.groups) {
    for (const term of group) {
      if (!isRelationCondition(term)) check(term, kinds, '');
      else {
        const on = related.get(term.relation);
        if (on) for (const condition of term.conditions) check(condition, on, `${term.relation}.`);
      }
    }
  }
  query.order.forEach(({ field }, i) => {
    if (!query.after) return;
    const path = relationPathOf(field);
    const kind = path ? related.get(path.relation)?.(path.field) : kinds(field);
    const problem = problemOf(kind, query.after[i]);
    if (problem) messages.push(`cursor: its value of ${field} ${problem}`);
  });
  if (messages.length > 0) throw new HttpError(400, [...new Set(messages)].slice(0, 20));
}

/**
 * Whether a scope holds a value its column cannot hold (a tenant id that is no uuid): such a scope matches no
 * record, so a listing is empty and every id is not found, without a statement.
 */
export function isImpossibleScope(groups: readonly (readonly Condition[])[], kinds: SqlColumnKinds): boolean {
  return groups.some((group) => group.some((condition) => conditionProblem(condition, kinds) !== undefined));
}

/**
 * Checks the values of a record to write against their columns' kinds (a field whose column's kind is unknown is not
 * checked): a NUL character anywhere (in a JSON value's text too), a uuid that is not one, an integer out of range, a
 * date outside 0001-9999.
 *
 * @throws HttpError 400 naming each field (`publishedOn: must be a date from the year 0001 to 9999`).
 */
export function checkRecordValues(record: Readonly<Record<string, unknown>>, kinds: SqlColumnKinds): void {
  const messages: string[] = [];
  for (const [field, value] of Object.entries(record)) {
    const kind = kinds(field);
    if (kind === undefined) continue;
    const problem = columnValueProblem(kind, value);
    if (problem) messages.push(`${field}: ${problem}`);
  }
  if (messages.length > 0) throw new HttpError(400, messages.slice(0, 20));
}
