import type { Condition } from './normalized-query';
import type { FilterEntry, FilterPlan } from './filter-plan';
import { OPERATOR_NAMES, type OperatorName } from './operators';
import { Problems, quote, type ProblemSink } from './problems';
import type { QuerySink } from './read-query';
import { toCondition } from './to-condition';

/** The filter parameters given for one field, kept as sent until all parameters are read. */
interface FieldParams {
  readonly entry: FilterEntry;
  /** `field[operator]` and `field[value]`. */
  operator: string | undefined;
  value: string | undefined;
  /** Every `field[values]`, in order. */
  values: string[] | undefined;
  /** Shorthand operators (`field[gte]`) in order of first use, each with its values. */
  shorthand: OperatorName[] | undefined;
  shorthandValues: string[][] | undefined;
}

/** Scalar parameter names, which take no `[sub]`; `where` is the programmatic key, never an HTTP parameter. */
const SCALARS: ReadonlySet<string> = new Set(['limit', 'page', 'cursor', 'orderBy', 'orderDirection', 'where']);
/** Operator text to the table's own name: one lookup both checks the text and gives an interned string. */
const OPERATOR_BY_TEXT: ReadonlyMap<string, OperatorName> = new Map(OPERATOR_NAMES.map((name) => [name, name]));
const REPEATABLE: ReadonlySet<OperatorName> = new Set(['between', 'in', 'notin', 'inl', 'notinl']);

/**
 * Collects the parameters of one HTTP list or cursor query as {@link readQuery} hands them over: scalars into
 * fields, filter parameters per field. Problems are collected (once per parameter) into a list created on the
 * first one, so a valid query allocates none.
 */
export class QueryParams implements QuerySink, ProblemSink {
  limit: string | undefined;
  page: string | undefined;
  cursor: string | undefined;
  orderBy: string | undefined;
  orderDirection: string | undefined;
  private readonly fields: FieldParams[] = [];
  private problems: Problems | undefined;

  constructor(
    private readonly plan: FilterPlan,
    private readonly mode: 'page' | 'cursor',
  ) {}

  add(message: string): void {
    (this.problems ??= new Problems()).add(message);
  }

  /** @throws HttpError 400 with one message per problem, when there is any. */
  throwIfAny(): void {
    this.problems?.throwIfAny();
  }

  param(name: string, sub: string | undefined, value: string): void {
    if (sub === undefined) return this.scalar(name, value);
    // Field names never collide with scalar names (defineResource rejects them), so the field lookup goes first.
    const entry = this.plan.fields.get(name);
    if (!entry) {
      if (SCALARS.has(name)) return this.once(`${name}[${sub}]`, `unknown parameter ${quote(`${name}[${sub}]`)}`);
      return this.once(`field:${name}`, `${name}[${sub}]: ${quote(name)} is not a filterable field`);
    }
    const params = this.fieldParams(entry);
    if (sub === 'operator') {
      if (params.operator === undefined) params.operator = value;
      else this.once(`${name}[${sub}]`, `${name}[${sub}] must not be repeated`);
    } else if (sub === 'value') {
      if (params.value === undefined) params.value = value;
      else this.once(`${name}[${sub}]`, `${name}[${sub}] must not be repeated`);
    } else if (sub === 'values') (params.values ??= []).push(value);
    else this.shorthand(params, sub, value);
  }

  /** `field[<op>]=value`: the operator's values are collected in order of first use. */
  private shorthand(params: FieldParams, sub: string, value: string): void {
    const op = OPERATOR_BY_TEXT.get(sub);
    if (op === undefined) {
      const key = `${params.entry.name}[${sub}]`;
      return this.once(key, `${key}: unknown operator ${quote(sub)}`);
    }
    const shorthand = (params.shorthand ??= []);
    const lists = (params.shorthandValues ??= []);
    const index = shorthand.indexOf(op);
    if (index === -1) {
      shorthand.push(op);
      lists.push([value]);
    } else lists[index]?.push(value);
  }

  /**
   * Validates the filter parameters field by field, in the order the fields were first given, and returns the
   * conditions. Problems are collected, not thrown.
   */
  conditions(): Condition[] {
    const out: Condition[] = [];
    for (const params of this.fields) this.fieldConditions(params, out);
    return out;
  }

  private scalar(name: string, value: string): void {
    let known = true;
    switch (name) {
      case 'limit':
        if (this.limit === undefined) return void (this.limit = value);
        break;
      case 'orderBy':
        if (this.orderBy === undefined) return void (this.orderBy = value);
        break;
      case 'orderDirection':
        if (this.orderDirection === undefined) return void (this.orderDirection = value);
        break;
      case 'page':
        known = this.mode === 'page';
        if (known && this.page === undefined) return void (this.page = value);
        break;
      case 'cursor':
        known = this.mode === 'cursor';
        if (known && this.cursor === undefined) return void (this.cursor = value);
        break;
      default:
        known = false;
    }
    this.once(name, known ? `${name} must not be repeated` : `unknown parameter ${quote(name)}`);
  }

  private once(id: string, message: string): void {
    (this.problems ??= new Problems()).once(id, message);
  }

  private fieldParams(entry: FilterEntry): FieldParams {
    for (const params of this.fields) if (params.entry === entry) return params;
    const params: FieldParams = {
      entry,
      operator: undefined,
      value: undefined,
      values: undefined,
      shorthand: undefined,
      shorthandValues: undefined,
    };
    this.fields.push(params);
    return params;
  }

  private fieldConditions(params: FieldParams, out: Condition[]): void {
    const { entry, operator, value, values, shorthand, shorthandValues } = params;
    const name = entry.name;
    if (operator !== undefined) {
      // Shorthand holds operator names only, so this also finds that `operator` is one.
      if (shorthand?.includes(operator as OperatorName)) {
        this.add(`${entry.operatorParam}: operator ${quote(operator)} is given twice for field ${quote(name)}`);
      } else {
        const given = value === undefined ? (values ?? []) : values ? [value, ...values] : [value];
        const param = value !== undefined ? entry.valueParam : values ? entry.valuesParam : entry.operatorParam;
        const op = OPERATOR_BY_TEXT.get(operator);
        if (op !== undefined) this.condition(entry, op, given, param, entry.operatorParam, out);
        else this.add(`${entry.operatorParam}: unknown operator ${quote(operator)}`);
      }
    } else if (value !== undefined || values) {
      this.add(`${value !== undefined ? entry.valueParam : entry.valuesParam} needs ${entry.operatorParam}`);
    }
    if (!shorthand || !shorthandValues) return;
    for (let i = 0; i < shorthand.length; i++) {
      const op = shorthand[i] as OperatorName;
      const list = shorthandValues[i] ?? [];
      const key = entry.shorthandParams.get(op) ?? `${name}[${op}]`;
      if (list.length > 1 && !REPEATABLE.has(op)) this.add(`${key} must not be repeated`);
      else this.condition(entry, op, list, key, key, out);
    }
  }

  private condition(
    entry: FilterEntry,
    op: OperatorName,
    values: readonly string[],
    param: string,
    opParam: string,
    out: Condition[],
  ): void {
    if (!entry.allowed.has(op)) {
      return this.add(`${opParam}: operator ${quote(op)} is not allowed on field ${quote(entry.name)}`);
    }
    const condition = toCondition(entry.def, op, values, param, true, this);
    if (condition) out.push(condition);
  }
}
