import type { FieldDef, OperatorName } from '../../fields/index';
import type { TotalMode } from '../../pagination/index';
import type { OrderTerm } from './types';

/**
 * One validated filter condition. `value` is typed by the field's kind: a single value, a `[low, high]` pair for
 * `between`, an array for list operators, `true` for `isnull`/`notnull`. Case-insensitive operators hold their
 * values already lower-cased.
 */
export interface Condition {
  readonly field: string;
  readonly op: OperatorName;
  readonly value: unknown;
  readonly def: FieldDef;
}

/** How a condition on a to-many relation selects parents: some child matches, every child (and one at least), none. */
export type RelationMatch = 'any' | 'all' | 'none';

/**
 * A validated condition on a relation (one hop): `conditions` are on the related resource's fields, ANDed, and apply
 * to the same related record.
 *
 * - `kind: 'one'` (`match` is always `'any'`): the parent's related record (within the related scope) satisfies
 *   every condition; a parent with no related record (none, or out of scope) matches only when every condition
 *   holds for a record with every field absent (only `isnull` does).
 * - `kind: 'many'`: `'any'`, some related record satisfies them all; `'all'`, there is a related record and every
 *   related record satisfies them all; `'none'`, no related record does (a parent without any matches).
 *
 * An empty `conditions` list (programmatic `{ reviews: { any: {} } }`) tests only for related records.
 */
export interface RelationCondition {
  /** The relation's name. */
  readonly relation: string;
  readonly kind: 'one' | 'many';
  readonly match: RelationMatch;
  readonly conditions: readonly Condition[];
}

/** One term of an AND-group: a condition on a field of the resource, or on a relation. */
export type FilterTerm = Condition | RelationCondition;

/** Whether a group's term is a {@link RelationCondition}. */
export const isRelationCondition = (term: FilterTerm): term is RelationCondition => 'relation' in term;

/**
 * A query's filter: an OR of AND-groups of terms (one group with no term: everything matches). A resource without
 * relations only ever has {@link Condition}s in its groups.
 */
export type ConditionGroups = readonly (readonly FilterTerm[])[];

/** A validated search: its text, lower-cased, and the fields it looks in. */
export interface SearchTerm {
  /** The search text as given. */
  readonly text: string;
  /** `text.toLowerCase()`: what each field's lower-cased value must contain. */
  readonly needle: string;
  /** The resource's searchable fields, in declaration order. */
  readonly fields: readonly string[];
}

/**
 * The validated form every adapter consumes: OR of AND-groups (ANDed with the search, when there is one), an order
 * ending with the id, and the fields to return.
 */
export interface NormalizedQuery {
  readonly page: number;
  readonly limit: number;
  readonly groups: ConditionGroups;
  /**
   * The applied order, ending with the id. A term's `field` may be a to-one relation path (`'author.fullName'`, see
   * `relationPathOf`): the related record's field, absent when there is no related record within the related scope.
   */
  readonly order: readonly OrderTerm[];
  /** The cursor's decoded sort-key values, for cursor queries that continue a walk. */
  readonly after: readonly unknown[] | null;
  /** The scope tag the decoded cursor carried (`null` or absent: it was issued without a scope). */
  readonly cursorScope?: string | null;
  /** The tag of the request scope ANDed into `groups` (absent: no scope). */
  readonly scopeTag?: string | null;
  /** The filter before the scope was ANDed in: what the cursor's filter binding covers. */
  readonly baseGroups?: ConditionGroups;
  /**
   * The request scope of each related resource the filter or the order reads through a relation, normalized against
   * the related resource (absent: the query reads no relation; a relation without a scope maps to `[[]]`).
   */
  readonly relationScopes?: ReadonlyMap<string, readonly (readonly Condition[])[]>;
  /** The relations whose records each item embeds (`include`), in the order given; absent: none. */
  readonly include?: readonly string[];
  /** The to-many relations whose records each item counts into `_count` (`counts`), in the order given. */
  readonly counts?: readonly string[];
  /** The search ANDed with the groups (absent or `null`: none). Cursors are bound to it. */
  readonly search?: SearchTerm | null;
  /** The fields each item keeps, the id first (absent or `null`: every field). Not part of a cursor's binding. */
  readonly select?: readonly string[] | null;
  /** A page listing's total mode (absent: `'exact'`). Not part of a cursor's binding; cursor listings never count. */
  readonly total?: TotalMode;
  /** `'estimated'` mode: the count up to which the total is exact (absent: `TOTAL_THRESHOLD.default`). */
  readonly totalThreshold?: number;
}

interface Remembered {
  readonly normalized: NormalizedQuery;
  readonly resource: object;
  readonly mode: 'page' | 'cursor';
}

/** Returns the object it is given, so that a subclass's constructor can add its private field to that object. */
// eslint-disable-next-line @typescript-eslint/no-extraneous-class -- its constructor returns the target, see Stamp
class Adopt {
  constructor(target: object) {
    return target;
  }
}

/**
 * Marks query objects this library produced with a private field: invisible to `Object.keys`, symbols, spread,
 * JSON and equality checks, never copied, and much cheaper to add than a non-enumerable property. Stamping happens
 * before the object is frozen. A repository given a stamped query does not parse it again. The write policy marks the
 * records the service validated in the same spirit (resource/write-marks.ts), with a WeakMap honoured only while the
 * record's values are unchanged, since write data is not frozen.
 */
class Stamp extends Adopt {
  readonly #remembered: Remembered;

  private constructor(target: object, remembered: Remembered) {
    super(target);
    this.#remembered = remembered;
  }

  static add(target: object, remembered: Remembered): void {
    new Stamp(target, remembered);
  }

  static read(target: object): Remembered | undefined {
    return #remembered in target ? (target as Stamp).#remembered : undefined;
  }
}

/**
 * Attaches the normalized form to a query object this library produced for `resource` in `mode` (privately, so
 * JSON and equality checks see only the public fields), then freezes it.
 */
export function remember<T extends object>(
  query: T,
  normalized: NormalizedQuery,
  resource: object,
  mode: 'page' | 'cursor',
): Readonly<T> {
  Stamp.add(query, { normalized, resource, mode });
  return Object.freeze(query);
}

/**
 * The normalized form of a query object this library produced for the same resource and mode, if it is one. A
 * query parsed for another resource, or a page query given to a cursor listing (or the reverse), is not recalled:
 * the caller validates it again as programmatic input.
 */
export function recall(query: unknown, resource: object, mode: 'page' | 'cursor'): NormalizedQuery | undefined {
  if (typeof query !== 'object' || query === null) return undefined;
  const known = Stamp.read(query);
  return known?.resource === resource && known.mode === mode ? known.normalized : undefined;
}

const fingerprints = new WeakMap<NormalizedQuery, string>();

/** The canonical text of a query's filter and order, which binds a cursor to them (computed once, on demand). */
export function queryFingerprint(query: NormalizedQuery): string {
  let fingerprint = fingerprints.get(query);
  if (fingerprint === undefined) {
    fingerprint = fingerprintOf(query.baseGroups ?? query.groups, query.order, query.search?.needle);
    fingerprints.set(query, fingerprint);
  }
  return fingerprint;
}

/**
 * The canonical text of a filter, order and search needle: conditions sorted within each AND-group, dates as ISO
 * strings. Without a search it is what it was before searches existed, so earlier cursors stay valid.
 */
export function fingerprintOf(groups: ConditionGroups, order: readonly OrderTerm[], search?: string): string {
  const text = (value: unknown) =>
    JSON.stringify(value, (_key, item: unknown) => (item instanceof Date ? item.toISOString() : item));
  const conditionText = (c: Condition) => text([c.field, c.op, c.value]);
  // A relation term: its name, quantifier and sorted conditions (a field condition's text never starts this way).
  const termText = (term: FilterTerm) =>
    isRelationCondition(term)
      ? text(['~relation', term.relation, term.match, term.conditions.map(conditionText).sort()])
      : conditionText(term);
  const where = groups.map((group) => group.map(termText).sort());
  const base = [where, order.map((t) => [t.field, t.direction])];
  return text(search === undefined ? base : [...base, search]);
}
