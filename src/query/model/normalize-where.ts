import type { Resource } from '../../resource/index';
import type { Condition } from './normalized-query';
import { type FieldDef, OPERATORS, operatorFits, type FieldKind, type OperatorName } from '../../fields/index';
import { clean, quote, type Problems } from '../../errors/index';
import { isPlainObject, isUnsafeKey } from '../../internal/index';
import { toCondition } from './to-condition';

const MAX_CLAUSES = 100;

/**
 * Validates a programmatic `where` (one clause, or an array of clauses that is their OR) into AND-groups of
 * conditions. Programmatic callers may filter on any field of the schema. Problems of the values themselves (a value
 * a field cannot hold) go to `valueProblems` (default: `problems`); every other problem to `problems`.
 */
export function normalizeWhere(
  where: unknown,
  resource: Resource,
  problems: Problems,
  valueProblems: Problems = problems,
): readonly (readonly Condition[])[] {
  if (where === undefined || where === null) return [[]];
  if (Array.isArray(where)) {
    if (where.length === 0 || where.length > MAX_CLAUSES) {
      problems.add(`where must be an object or an array of 1 to ${MAX_CLAUSES} objects`);
      return [];
    }
    return where.map((clause: unknown, i) => normalizeClause(clause, `where[${i}]`, resource, problems, valueProblems));
  }
  return [normalizeClause(where, 'where', resource, problems, valueProblems)];
}

function normalizeClause(
  clause: unknown,
  path: string,
  resource: Resource,
  problems: Problems,
  valueProblems: Problems,
): Condition[] {
  const conditions: Condition[] = [];
  if (!isPlainObject(clause)) {
    problems.add(`${path} must be an object of field conditions`);
    return conditions;
  }
  const push = (condition: Condition | undefined): void => {
    if (condition) conditions.push(condition);
  };
  for (const field of Object.keys(clause)) {
    const param = `${path}.${clean(field)}`;
    const def = resource.fields.get(field);
    if (isUnsafeKey(field) || !def || def.kind === 'other') {
      problems.add(`${param}: ${quote(field)} is not a filterable field`);
      continue;
    }
    const value = clause[field];
    if (value === null) {
      if (!def.nullable) problems.add(`${param}: operator "isnull" does not fit field ${quote(field)}`);
      else push(toCondition(def, 'isnull', [], param, false, valueProblems));
    } else if (!isPlainObject(value)) {
      push(toCondition(def, 'eq', [value], param, false, valueProblems));
    } else if (Object.keys(value).length === 0) {
      problems.add(`${param} must name at least one operator`);
    } else {
      for (const op of Object.keys(value))
        push(operatorCondition(def, op, value[op], `${param}.${clean(op)}`, problems, valueProblems));
    }
  }
  return conditions;
}

function operatorCondition(
  def: FieldDef,
  name: string,
  operand: unknown,
  param: string,
  problems: Problems,
  valueProblems: Problems,
): Condition | undefined {
  if (!Object.hasOwn(OPERATORS, name)) {
    problems.add(`${param}: unknown operator ${quote(name)}`);
    return undefined;
  }
  const op = name as OperatorName;
  if (!operatorFits(op, def.kind as FieldKind, def.nullable)) {
    problems.add(`${param}: operator ${quote(op)} does not fit field ${quote(def.name)}`);
    return undefined;
  }
  const arity = OPERATORS[op].arity;
  const takesList = arity === 'two' || arity === 'many';
  if (takesList !== Array.isArray(operand)) {
    problems.add(takesList ? `${param} must be an array` : `${param} must not be an array`);
    return undefined;
  }
  return toCondition(def, op, takesList ? (operand as unknown[]) : [operand], param, false, valueProblems);
}
