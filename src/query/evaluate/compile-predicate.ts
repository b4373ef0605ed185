import { OPERATORS } from '../../fields/index';
import { type Condition, type ConditionGroups, type FilterTerm, isRelationCondition } from '../model/index';

type Row = Readonly<Record<string, unknown>>;
type Predicate = (record: Row) => boolean;

/**
 * The related records of a parent for the reference evaluation of relation terms: for `relation`, the records of
 * the related resource related to `record` and within the related scope (to-one: none or one).
 */
export type RelatedLookup = (relation: string, record: Row) => readonly Row[];

const ABSENT: Row = Object.freeze({});

/** A comparable key of a value: epoch milliseconds for a Date, the value itself otherwise. */
export const keyOf = (value: unknown): unknown => (value instanceof Date ? value.getTime() : value);

/**
 * Compiles an OR of AND-groups of terms into one predicate over records. Relation terms read the related records
 * through `related`.
 *
 * @throws Error (a server fault) when a group holds a relation term and no `related` lookup is given.
 */
export function compilePredicate(groups: ConditionGroups, related?: RelatedLookup): Predicate {
  const compiled = groups.map((group) => group.map((term) => compileTerm(term, related)));
  if (compiled.length === 1) {
    const only = compiled[0] ?? [];
    if (only.length === 0) return () => true;
    if (only.length === 1) return only[0] as Predicate;
    return (record) => {
      for (const test of only) if (!test(record)) return false;
      return true;
    };
  }
  return (record) => compiled.some((group) => group.every((test) => test(record)));
}

function compileTerm(term: FilterTerm, related: RelatedLookup | undefined): Predicate {
  if (!isRelationCondition(term)) return compileCondition(term);
  if (related === undefined) throw new Error(`relation "${term.relation}": no related records to evaluate it with`);
  const { relation, match } = term;
  const child = compilePredicate([term.conditions]);
  if (term.kind === 'one') {
    // No related record: the conditions are tested on a record with every field absent (only isnull holds there);
    // an empty list tests only for a related record.
    const absent = term.conditions.length > 0 && child(ABSENT);
    return (record) => {
      const found = related(relation, record)[0];
      return found === undefined ? absent : child(found);
    };
  }
  if (match === 'any') return (record) => related(relation, record).some(child);
  if (match === 'none') return (record) => !related(relation, record).some(child);
  return (record) => {
    const rows = related(relation, record);
    return rows.length > 0 && rows.every(child);
  };
}

function compileCondition(condition: Condition): Predicate {
  const { field, op } = condition;
  const test = compileTest(condition);
  if (op === 'isnull') return (record) => record[field] == null;
  if (op === 'notnull') return (record) => record[field] != null;
  if (OPERATORS[op].negated) {
    return (record) => {
      const value = record[field];
      return value != null && !test(value);
    };
  }
  return (record) => {
    const value = record[field];
    return value != null && test(value);
  };
}

/** The positive test of a condition (the negated operators use their positive twin, then invert). */
function compileTest({ op, value }: Condition): (value: unknown) => boolean {
  const text = value as string;
  const key = keyOf(value);
  const pair = value as readonly unknown[];
  switch (op) {
    case 'eq':
    case 'ne':
      return (v) => keyOf(v) === key;
    case 'gt':
      return (v) => (keyOf(v) as number) > (key as number);
    case 'gte':
      return (v) => (keyOf(v) as number) >= (key as number);
    case 'lt':
      return (v) => (keyOf(v) as number) < (key as number);
    case 'lte':
      return (v) => (keyOf(v) as number) <= (key as number);
    case 'between': {
      const low = keyOf(pair[0]) as number;
      const high = keyOf(pair[1]) as number;
      return (v) => {
        const k = keyOf(v) as number;
        return k >= low && k <= high;
      };
    }
    case 'in':
    case 'notin': {
      const set = new Set(pair.map(keyOf));
      return (v) => set.has(keyOf(v));
    }
    case 'inl':
    case 'notinl': {
      const set = new Set(pair);
      return (v) => typeof v === 'string' && set.has(v.toLowerCase());
    }
    case 'cont':
    case 'excl':
      return (v) => typeof v === 'string' && v.includes(text);
    case 'starts':
      return (v) => typeof v === 'string' && v.startsWith(text);
    case 'ends':
      return (v) => typeof v === 'string' && v.endsWith(text);
    case 'eql':
    case 'nel':
      return (v) => typeof v === 'string' && v.toLowerCase() === text;
    case 'contl':
    case 'excll':
      return (v) => typeof v === 'string' && v.toLowerCase().includes(text);
    case 'startsl':
      return (v) => typeof v === 'string' && v.toLowerCase().startsWith(text);
    case 'endsl':
      return (v) => typeof v === 'string' && v.toLowerCase().endsWith(text);
    default:
      return () => true;
  }
}
