import { type FieldDef, OPERATORS, type OperatorName, QUERY_LIMITS } from '../../fields/index';
import { quote, type ProblemSink } from '../../errors/index';
import { coerceValue, Rejection } from './coerce-value';
import type { Condition } from './normalized-query';

const WHOLE_VALUE_OPERATORS: ReadonlySet<OperatorName> = new Set(['eq', 'ne', 'in', 'notin']);

/**
 * Validates the values of one filter condition against the operator's arity and the field's type.
 * Reports each problem under `param` (the parameter as the client wrote it) and returns undefined on any.
 */
export function toCondition(
  def: FieldDef,
  op: OperatorName,
  values: readonly unknown[],
  param: string,
  fromText: boolean,
  problems: ProblemSink,
): Condition | undefined {
  const spec = OPERATORS[op];
  const field = def.name;
  switch (spec.arity) {
    case 'none': {
      const ok =
        values.length === 0 ||
        (values.length === 1 && (fromText ? values[0] === '' || values[0] === 'true' : values[0] === true));
      if (!ok) {
        problems.add(`${param} takes no value (or ${fromText ? 'an empty value or true' : 'true'})`);
        return undefined;
      }
      return { field, op, value: true, def };
    }
    case 'one':
      if (values.length !== 1) {
        problems.add(values.length === 0 ? `${param} needs a value` : `${param} takes exactly one value`);
        return undefined;
      }
      break;
    case 'two':
      if (values.length !== 2) {
        problems.add(`${param} takes exactly two values, got ${values.length}`);
        return undefined;
      }
      break;
    default:
      if (values.length < 1 || values.length > QUERY_LIMITS.maxListValues) {
        problems.add(`${param} takes between 1 and ${QUERY_LIMITS.maxListValues} values, got ${values.length}`);
        return undefined;
      }
  }
  const validate = WHOLE_VALUE_OPERATORS.has(op);
  if (spec.arity === 'one') {
    const value = coerce(def, values[0], fromText, validate, spec.caseInsensitive, param, problems);
    // Conditions stay internal (the public `where` is built from them), so only their value lists are frozen.
    return value === REJECTED ? undefined : { field, op, value, def };
  }
  const coerced: unknown[] = [];
  for (const raw of values) {
    const value = coerce(def, raw, fromText, validate, spec.caseInsensitive, param, problems);
    if (value === REJECTED) return undefined;
    coerced.push(value);
  }
  return { field, op, value: Object.freeze(coerced), def };
}

const REJECTED: unique symbol = Symbol('rejected');

/** One coerced value (lower-cased for a case-insensitive operator), or REJECTED after reporting why. */
function coerce(
  def: FieldDef,
  raw: unknown,
  fromText: boolean,
  validate: boolean,
  lower: boolean,
  param: string,
  problems: ProblemSink,
): unknown {
  const value = coerceValue(def, raw, fromText, validate);
  if (value instanceof Rejection) {
    problems.add(`${param} ${value.reason}${fromText ? '' : `, got ${describe(raw)}`}`);
    return REJECTED;
  }
  return lower ? (value as string).toLowerCase() : value;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (value === null || typeof value !== 'object') return String(typeof value === 'symbol' ? 'a symbol' : value);
  return Array.isArray(value) ? 'an array' : 'an object';
}
