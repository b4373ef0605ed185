import type { FilterEntry, ParamNames } from './filter-plan';
import { OPERATORS, type OperatorName } from '../../fields/index';
import { quote } from '../../errors/index';
import { toCondition, type Condition } from '../model/index';

/** Where the filter parameters of a query report their problems. */
export interface FieldProblemSink {
  add(message: string): void;
  /** Adds `message` unless a problem with the same `id` was already reported. */
  once(id: string, message: string): void;
}

export type { ParamNames };

/** The filter parameters given for one field (in one group), kept as sent until all parameters are read. */
export interface FieldParams {
  readonly entry: FilterEntry;
  readonly names: ParamNames;
  /** `field[operator]` and `field[value]`. */
  operator: string | undefined;
  value: string | undefined;
  /** Every `field[values]`, in order. */
  values: string[] | undefined;
  /** Shorthand operators (`field[gte]`) in order of first use, each with its values. */
  shorthand: OperatorName[] | undefined;
  shorthandValues: string[][] | undefined;
}

/** Operator text to the table's own name: one lookup both checks the text and gives an interned string. */
const OPERATOR_BY_TEXT: ReadonlyMap<string, OperatorName> = new Map(
  (Object.keys(OPERATORS) as OperatorName[]).map((name) => [name, name]),
);
const REPEATABLE: ReadonlySet<OperatorName> = new Set(['between', 'in', 'notin', 'inl', 'notinl']);

/** A field's parameter names inside OR group `group`: `or[<group>][<field>][<sub>]`. */
export function groupNames(entry: FilterEntry, group: number): ParamNames {
  const prefix = `or[${group}][${entry.name}]`;
  return {
    operator: `${prefix}[operator]`,
    value: `${prefix}[value]`,
    values: `${prefix}[values]`,
    shorthand: (op: string) => `${prefix}[${op}]`,
  };
}

/** Empty {@link FieldParams} of one field. */
export function newFieldParams(entry: FilterEntry, names: ParamNames): FieldParams {
  return {
    entry,
    names,
    operator: undefined,
    value: undefined,
    values: undefined,
    shorthand: undefined,
    shorthandValues: undefined,
  };
}

/** Takes one `field[sub]=value` parameter: the spec form's `operator`, `value`, `values`, or a shorthand operator. */
export function addFieldParam(params: FieldParams, sub: string, value: string, sink: FieldProblemSink): void {
  const { names } = params;
  if (sub === 'operator') {
    if (params.operator === undefined) params.operator = value;
    else sink.once(names.operator, `${names.operator} must not be repeated`);
  } else if (sub === 'value') {
    if (params.value === undefined) params.value = value;
    else sink.once(names.value, `${names.value} must not be repeated`);
  } else if (sub === 'values') (params.values ??= []).push(value);
  else {
    const op = OPERATOR_BY_TEXT.get(sub);
    if (op === undefined) {
      const key = names.shorthand(sub);
      return sink.once(key, `${key}: unknown operator ${quote(sub)}`);
    }
    const shorthand = (params.shorthand ??= []);
    const lists = (params.shorthandValues ??= []);
    const index = shorthand.indexOf(op);
    if (index === -1) {
      shorthand.push(op);
      lists.push([value]);
    } else lists[index]?.push(value);
  }
}

/** Validates the parameters of one field and appends its conditions to `out`; problems go to `sink`. */
export function fieldConditions(params: FieldParams, out: Condition[], sink: FieldProblemSink): void {
  const { entry, names, operator, value, values, shorthand, shorthandValues } = params;
  const name = entry.name;
  if (operator !== undefined) {
    // Shorthand holds operator names only, so this also finds that `operator` is one.
    if (shorthand?.includes(operator as OperatorName)) {
      sink.add(`${names.operator}: operator ${quote(operator)} is given twice for field ${quote(name)}`);
    } else {
      const given = value === undefined ? (values ?? []) : values ? [value, ...values] : [value];
      const param = value !== undefined ? names.value : values ? names.values : names.operator;
      const op = OPERATOR_BY_TEXT.get(operator);
      if (op !== undefined) condition(entry, op, given, param, names.operator, out, sink);
      else sink.add(`${names.operator}: unknown operator ${quote(operator)}`);
    }
  } else if (value !== undefined || values) {
    sink.add(`${value !== undefined ? names.value : names.values} needs ${names.operator}`);
  }
  if (!shorthand || !shorthandValues) return;
  for (let i = 0; i < shorthand.length; i++) {
    const op = shorthand[i] as OperatorName;
    const list = shorthandValues[i] ?? [];
    const key = names.shorthand(op);
    if (list.length > 1 && !REPEATABLE.has(op)) sink.add(`${key} must not be repeated`);
    else condition(entry, op, list, key, key, out, sink);
  }
}

function condition(
  entry: FilterEntry,
  op: OperatorName,
  values: readonly string[],
  param: string,
  opParam: string,
  out: Condition[],
  sink: FieldProblemSink,
): void {
  if (!entry.allowed.has(op)) {
    return sink.add(`${opParam}: operator ${quote(op)} is not allowed on field ${quote(entry.name)}`);
  }
  const result = toCondition(entry.def, op, values, param, true, sink);
  if (result) out.push(result);
}
