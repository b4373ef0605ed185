import {
  isRelationCondition,
  type Condition,
  type FilterTerm,
  type RelationCondition,
  type RelationMatch,
} from '../model/index';
import type { ResolvedRelation } from '../../resource/index';
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
  'include',
  'counts',
]);

const NO_OWN_PARAMS: ReadonlyMap<string, readonly string[]> = new Map();

const MATCHES: ReadonlySet<string> = new Set(['any', 'all', 'none']);

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
  include: string | undefined;
  counts: string | undefined;
  private readonly fields: FieldParams[] = [];
  /** `<relation>[match]` texts by relation (absent: none given). */
  private matches: Map<ResolvedRelation, string> | undefined;
  /** The fields of each OR group, by group number; absent when the query has none. */
  private groups: Map<number, FieldParams[]> | undefined;
  private problems: Problems | undefined;
  /** How the OR groups came: `or=<JSON>` or `or[<n>][<field>][<op>]` keys (one query may not mix them). */
  private orForm: 'json' | 'keys' | undefined;
  /** The values of the route's own parameters (see `own`), by name; absent when the query has none. */
  private ownValues: Map<string, string[]> | undefined;

  /**
   * `own` names the scalar parameters a route reads itself (`total`, `deleted`): their values are kept, as sent,
   * for {@link ownParams}, not refused as unknown.
   */
  constructor(
    private readonly plan: FilterPlan,
    private readonly mode: 'page' | 'cursor',
    private readonly own?: ReadonlySet<string>,
  ) {}

  /** The values of the route's own parameters, by name, in the order sent (a parameter given twice has two). */
  ownParams(): ReadonlyMap<string, readonly string[]> {
    return this.ownValues ?? NO_OWN_PARAMS;
  }

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
      if (SCALARS.has(name) || this.own?.has(name) === true)
        return this.once(`${name}[${sub}]`, `unknown parameter ${quote(`${name}[${sub}]`)}`);
      const relation = sub === 'match' ? this.plan.relations.get(name) : undefined;
      if (relation) return this.matchParam(relation, value);
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
      if (sub === 'match' && this.plan.relations.has(field))
        return this.once(`${key}[match]`, `${key}[match]: ${field}[match] applies to the top-level conditions only`);
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
   * AND-groups: one group of the top-level terms, or, with OR groups, one per OR group holding the top-level terms
   * and the group's own. The conditions on one relation form one term (to-many: quantified by `<relation>[match]`,
   * default any); an OR group's own conditions on a to-many relation form one more term (any); on a to-one relation
   * they join the top-level term, if any (the same related record: what `toWhere` gives back). Problems are
   * collected, not thrown.
   */
  conditionGroups(): FilterTerm[][] {
    if (!this.groups && !this.matches && !this.fields.some((params) => params.entry.relation !== undefined)) {
      // The common query: fields only, no OR group, no relation.
      const conditions: Condition[] = [];
      for (const params of this.fields) fieldConditions(params, conditions, this);
      return [conditions];
    }
    const top = this.termsOf(this.fields, undefined);
    if (this.matches) this.checkMatches();
    if (!this.groups) return [top.terms];
    const numbers = [...this.groups.keys()].sort((a, b) => a - b);
    const missing = numbers.findIndex((number, i) => number !== i);
    if (missing !== -1) {
      this.add(`or[${missing}] is missing: OR groups are numbered from 0 without gaps`);
      return [top.terms];
    }
    const result: FilterTerm[][] = [];
    let count = 0;
    for (const number of numbers) {
      const own = this.termsOf(this.groups.get(number) ?? [], top);
      for (const key of own.keys) {
        if (top.keys.has(key))
          this.add(`or[${number}][${key.replace('[', '][')} repeats the top-level condition ${key}`);
      }
      count += own.count;
      result.push(own.terms);
    }
    if (count > OR_LIMITS.maxConditions)
      this.add(`OR groups may hold at most ${OR_LIMITS.maxConditions} conditions in all, got ${count}`);
    return result;
  }

  /**
   * The terms of the top level (`top` undefined) or of one OR group (appended to the top level's): conditions on
   * fields first, then one term per relation. `keys` are the `field[op]` (to-one: `relation.field[op]`) a group may
   * not repeat; `count` is the number of conditions.
   */
  private termsOf(list: readonly FieldParams[], top: Terms | undefined): Terms {
    const own: Condition[] = [];
    let related: Map<ResolvedRelation, Condition[]> | undefined;
    for (const params of list) {
      const relation = params.entry.relation;
      if (relation === undefined) fieldConditions(params, own, this);
      else {
        related ??= new Map();
        let conditions = related.get(relation);
        if (!conditions) related.set(relation, (conditions = []));
        fieldConditions(params, conditions, this);
      }
    }
    // The keys a group may not repeat matter only with OR groups: a query without them builds none.
    const keys = new Set<string>();
    const withGroups = this.groups !== undefined;
    if (withGroups) for (const condition of own) keys.add(`${condition.field}[${condition.op}]`);
    let count = own.length;
    const relationTerms: RelationCondition[] = [];
    for (const [relation, conditions] of related ?? []) {
      count += conditions.length;
      if (relation.kind === 'one' && withGroups) {
        for (const condition of conditions) keys.add(`${relation.name}.${condition.field}[${condition.op}]`);
      }
      relationTerms.push(relationTerm(relation, top ? 'any' : this.matchOf(relation), conditions));
    }
    if (!top) return { terms: relationTerms.length === 0 ? own : [...own, ...relationTerms], keys, count };
    const terms: FilterTerm[] = [];
    for (const term of top.terms) if (!isRelationCondition(term)) terms.push(term);
    terms.push(...own);
    const joined = new Set<string>();
    for (const term of top.terms) {
      if (!isRelationCondition(term)) continue;
      const extra = term.kind === 'one' ? relationTerms.find((item) => item.relation === term.relation) : undefined;
      if (!extra) terms.push(term);
      else {
        joined.add(term.relation);
        terms.push({ ...term, conditions: [...term.conditions, ...extra.conditions] });
      }
    }
    for (const term of relationTerms) if (!joined.has(term.relation)) terms.push(term);
    return { terms, keys, count };
  }

  /** The quantifier `<relation>[match]` gives the top-level term of a to-many relation (default, or invalid: any). */
  private matchOf(relation: ResolvedRelation): RelationMatch {
    const text = relation.kind === 'many' ? this.matches?.get(relation) : undefined;
    return text !== undefined && MATCHES.has(text) ? (text as RelationMatch) : 'any';
  }

  private matchParam(relation: ResolvedRelation, value: string): void {
    const key = `${relation.name}[match]`;
    if (relation.kind !== 'many') return this.once(key, `${key} applies to to-many relations only`);
    const matches = (this.matches ??= new Map());
    if (matches.has(relation)) return this.once(key, `${key} must not be repeated`);
    matches.set(relation, value);
  }

  /** Reports each `<relation>[match]` whose value is not a quantifier or that has no top-level condition. */
  private checkMatches(): void {
    for (const [relation, text] of this.matches ?? []) {
      const key = `${relation.name}[match]`;
      if (!MATCHES.has(text)) this.add(`${key}: ${quote(text)} must be any, all or none`);
      else if (!this.fields.some((params) => params.entry.relation === relation))
        this.add(`${key} needs a condition on ${relation.name}`);
    }
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
      // Repeated, as some generators send a list (`include=a&include=b`), they read as one comma list (`include=a,b`).
      case 'include':
        return void (this.include = this.include === undefined ? value : `${this.include},${value}`);
      case 'counts':
        return void (this.counts = this.counts === undefined ? value : `${this.counts},${value}`);
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
        if (this.own?.has(name) === true) {
          const values = (this.ownValues ??= new Map());
          return void values.set(name, [...(values.get(name) ?? []), value]);
        }
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

/** The terms of the top level or of one OR group, with what a group must not repeat (see `termsOf`). */
interface Terms {
  readonly terms: FilterTerm[];
  readonly keys: ReadonlySet<string>;
  readonly count: number;
}

function relationTerm(
  relation: ResolvedRelation,
  match: RelationMatch,
  conditions: readonly Condition[],
): RelationCondition {
  return { relation: relation.name, kind: relation.kind, match, conditions };
}
