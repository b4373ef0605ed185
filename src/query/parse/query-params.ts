import type { Condition } from '../model/index';
import type { FilterEntry, FilterPlan } from './filter-plan';
import { addFieldParam, fieldConditions, groupNames, newFieldParams, type FieldParams } from './field-params';
import { Problems, quote, type ProblemSink } from '../../errors/index';
import type { QuerySink } from './read-query';
import { readOrJson } from './read-or-json';

/** Scalar parameter names, which take no `[sub]`; `where` is the programmatic key, never an HTTP parameter. */
const SCALARS: ReadonlySet<string> = new Set([
  'limit',
  'page',
  'cursor',
  'orderBy',
  'orderDirection',
  'where',
  'search',
  'select',
  'or',
]);

/** Bounds of the OR groups of one query. */
export const OR_LIMITS = Object.freeze({ maxGroups: 8, maxConditions: 32 });

const GROUP_NUMBER = /^[0-7]$/;

const MIXED_OR = 'or: give the OR groups either as or=<JSON> or as or[<n>][<field>][<operator>] keys, not both';

/**
 * Collects the parameters of one HTTP list or cursor query as {@link readQuery} hands them over: scalars into
 * fields, filter parameters per field, and the filter parameters of each OR group (`or[<n>][<field>][<op>]`, or
 * all groups at once as `or=<JSON>`, see `readOrJson`) per group and field. Problems are collected (once per parameter) into a list created on the first one, so a valid
 * query allocates none.
 */
export class QueryParams implements QuerySink, ProblemSink {
  limit: string | undefined;
  page: string | undefined;
  cursor: string | undefined;
  orderBy: string | undefined;
  orderDirection: string | undefined;
  search: string | undefined;
  select: string | undefined;
  private readonly fields: FieldParams[] = [];
  /** The fields of each OR group, by group number; absent when the query has none. */
  private groups: Map<number, FieldParams[]> | undefined;
  private problems: Problems | undefined;
  /** How the OR groups came: `or=<JSON>` or `or[<n>][<field>][<op>]` keys (one query may not mix them). */
  private orForm: 'json' | 'keys' | undefined;

  constructor(
    private readonly plan: FilterPlan,
    private readonly mode: 'page' | 'cursor',
  ) {}

  add(message: string): void {
    (this.problems ??= new Problems()).add(message);
  }

  once(id: string, message: string): void {
    (this.problems ??= new Problems()).once(id, message);
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
      if (name === 'or')
        return this.once(`or[${sub}]`, `or[${sub}]: write a condition as or[<n>][<field>][<operator>]`);
      if (SCALARS.has(name)) return this.once(`${name}[${sub}]`, `unknown parameter ${quote(`${name}[${sub}]`)}`);
      return this.once(`field:${name}`, `${name}[${sub}]: ${quote(name)} is not a filterable field`);
    }
    addFieldParam(this.fieldParams(this.fields, entry, undefined), sub, value, this);
  }

  groupParam(group: string, field: string, sub: string, value: string): void {
    if (this.orForm === 'json') return this.once('or', MIXED_OR);
    this.orForm = 'keys';
    this.addGroupParam(group, field, sub, value);
  }

  private addGroupParam(group: string, field: string, sub: string, value: string): void {
    if (!GROUP_NUMBER.test(group)) {
      return this.once(`or[${group}]`, `or[${group}]: OR groups are numbered 0 to ${OR_LIMITS.maxGroups - 1}`);
    }
    const entry = this.plan.fields.get(field);
    if (!entry) {
      const key = `or[${group}][${field}]`;
      return this.once(`field:${key}`, `${key}[${sub}]: ${quote(field)} is not a filterable field`);
    }
    const number = Number(group);
    const groups = (this.groups ??= new Map());
    let list = groups.get(number);
    if (!list) groups.set(number, (list = []));
    addFieldParam(this.fieldParams(list, entry, number), sub, value, this);
  }

  /**
   * Validates the filter parameters field by field, in the order the fields were first given, and returns the
   * AND-groups: one group of the top-level conditions, or, with OR groups, one per OR group holding the top-level
   * conditions and the group's own. Problems are collected, not thrown.
   */
  conditionGroups(): Condition[][] {
    const top: Condition[] = [];
    for (const params of this.fields) fieldConditions(params, top, this);
    if (!this.groups) return [top];
    const numbers = [...this.groups.keys()].sort((a, b) => a - b);
    const missing = numbers.findIndex((number, i) => number !== i);
    if (missing !== -1) {
      this.add(`or[${missing}] is missing: OR groups are numbered from 0 without gaps`);
      return [top];
    }
    const result: Condition[][] = [];
    let count = 0;
    const given = new Set(top.map((condition) => `${condition.field}[${condition.op}]`));
    for (const number of numbers) {
      const own: Condition[] = [];
      for (const params of this.groups.get(number) ?? []) fieldConditions(params, own, this);
      for (const condition of own) {
        const key = `${condition.field}[${condition.op}]`;
        if (given.has(key))
          this.add(`or[${number}][${condition.field}][${condition.op}] repeats the top-level condition ${key}`);
      }
      count += own.length;
      result.push([...top, ...own]);
    }
    if (count > OR_LIMITS.maxConditions)
      this.add(`OR groups may hold at most ${OR_LIMITS.maxConditions} conditions in all, got ${count}`);
    return result;
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
      case 'search':
        if (this.search === undefined) return void (this.search = value);
        break;
      case 'select':
        if (this.select === undefined) return void (this.select = value);
        break;
      case 'page':
        known = this.mode === 'page';
        if (known && this.page === undefined) return void (this.page = value);
        break;
      case 'cursor':
        known = this.mode === 'cursor';
        if (known && this.cursor === undefined) return void (this.cursor = value);
        break;
      case 'or':
        if (this.orForm === undefined) {
          this.orForm = 'json';
          const sink = { groupParam: this.addGroupParam.bind(this), add: this.add.bind(this) };
          return readOrJson(value, sink, OR_LIMITS);
        }
        if (this.orForm === 'keys') return this.once('or', MIXED_OR);
        break;
      default:
        known = false;
    }
    this.once(name, known ? `${name} must not be repeated` : `unknown parameter ${quote(name)}`);
  }

  private fieldParams(list: FieldParams[], entry: FilterEntry, group: number | undefined): FieldParams {
    for (const params of list) if (params.entry === entry) return params;
    const params = newFieldParams(entry, group === undefined ? entry.names : groupNames(entry, group));
    list.push(params);
    return params;
  }
}
