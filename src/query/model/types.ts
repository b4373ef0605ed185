import type { OrderTerm } from '../../fields/index';
import type { TotalMode } from '../../pagination/index';

export type { OrderTerm } from '../../fields/index';

type Scalar<V> = NonNullable<V>;
type Comparable<V> = Scalar<V> extends Date ? Date | string : Scalar<V>;

interface NullConditions {
  /** Matches a null or missing value (`true` is the only value). */
  readonly isnull?: true;
  /** Matches any value but null or missing (`true` is the only value). */
  readonly notnull?: true;
}

interface EqualityConditions<V> extends NullConditions {
  readonly eq?: V;
  readonly ne?: V;
  readonly in?: readonly V[];
  readonly notin?: readonly V[];
}

interface RangeConditions<V> extends EqualityConditions<V> {
  readonly gt?: V;
  readonly gte?: V;
  readonly lt?: V;
  readonly lte?: V;
  /** Inclusive range `[low, high]`. */
  readonly between?: readonly [V, V];
}

interface TextConditions<V> extends EqualityConditions<V> {
  readonly cont?: string;
  readonly excl?: string;
  readonly starts?: string;
  readonly ends?: string;
  readonly eql?: string;
  readonly nel?: string;
  readonly contl?: string;
  readonly excll?: string;
  readonly startsl?: string;
  readonly endsl?: string;
  readonly inl?: readonly string[];
  readonly notinl?: readonly string[];
}

/** The operators a field of value type `V` accepts, each with its value type. */
export type FieldCondition<V> =
  Scalar<V> extends string
    ? TextConditions<Scalar<V>>
    : Scalar<V> extends number | Date
      ? RangeConditions<Comparable<V>>
      : EqualityConditions<Scalar<V>>;

/**
 * Conditions on fields of `TRecord`, ANDed: `{ field: value }` is equality, `{ field: null }` is `isnull`,
 * `{ field: { <op>: value } }` any operator.
 */
export type WhereClause<TRecord> = {
  readonly [K in keyof TRecord & string]?: Comparable<TRecord[K]> | null | FieldCondition<TRecord[K]>;
};

/** A filter: one {@link WhereClause}, or an array of them that is their OR. */
export type Where<TRecord> = WhereClause<TRecord> | readonly WhereClause<TRecord>[];

/** Search text and field selection, shared by list and cursor queries and inputs. */
interface SearchAndSelect<TRecord> {
  /**
   * Text that any searchable field must contain, case-insensitively (1 to 200 characters); needs a resource with
   * `searchable` fields.
   */
  readonly search?: string | undefined;
  /** The fields each item holds (the id always among them); absent: every field. */
  readonly select?: readonly (keyof TRecord & string)[] | undefined;
}

/** The relations each item embeds or counts: shared by list and cursor queries and inputs. */
interface IncludeAndCounts {
  /**
   * Relations whose related record (to-one, or `null`) or records (to-many, at most `maxEmbedded`) each item gets
   * under the relation's name. From a query string: the resource's `includable` relations; from code: any relation.
   */
  readonly include?: readonly string[] | undefined;
  /**
   * To-many relations whose related records each item counts into `_count`. From a query string: the resource's
   * `countable` relations; from code: any to-many relation.
   */
  readonly counts?: readonly string[] | undefined;
}

/**
 * The total options of a page listing (`list`; cursor listings never count), beside its {@link ListInput}: `TTotal`
 * is the mode, which types the result's `total` (a `ListInput` without them counts in `'exact'` mode).
 */
export interface TotalInput<TTotal extends TotalMode = TotalMode> {
  /**
   * The total mode (see `TotalMode`): `'exact'` (absent: the default) counts the filtered set, `'estimated'` counts
   * it up to `totalThreshold` and estimates above, `'none'` does not count.
   */
  readonly total?: TTotal | undefined;
  /**
   * `'estimated'` mode: the count up to which the total is exact (an integer from 1 to `TOTAL_THRESHOLD.max`,
   * default `TOTAL_THRESHOLD.default`, 1,000); in any other mode it is a 400, never silently ignored.
   */
  readonly totalThreshold?: number | undefined;
}

/**
 * A validated, frozen list query: what `parseListQuery` returns and every repository consumes. It counts in the
 * default `'exact'` mode; a route that counts otherwise adds a {@link TotalInput}.
 */
export interface ListQuery<TRecord = Record<string, unknown>> extends SearchAndSelect<TRecord>, IncludeAndCounts {
  readonly page: number;
  readonly limit: number;
  readonly where: Where<TRecord>;
  /** The applied order, the id tie-breaker included. */
  readonly orderBy: readonly OrderTerm<keyof TRecord & string>[];
}

/** Programmatic input of `list`: every key optional; a {@link ListQuery} fits unchanged. */
export interface ListInput<TRecord = Record<string, unknown>> extends SearchAndSelect<TRecord>, IncludeAndCounts {
  readonly where?: Where<TRecord> | undefined;
  readonly limit?: number | undefined;
  readonly page?: number | undefined;
  readonly orderBy?: readonly OrderTerm<keyof TRecord & string>[] | undefined;
}

/** A validated, frozen cursor query: what `parseCursorQuery` returns. */
export interface CursorQuery<TRecord = Record<string, unknown>> extends SearchAndSelect<TRecord>, IncludeAndCounts {
  readonly cursor: string | null;
  readonly limit: number;
  readonly where: Where<TRecord>;
  readonly orderBy: readonly OrderTerm<keyof TRecord & string>[];
}

/** Programmatic input of `listByCursor`: every key optional; a {@link CursorQuery} fits unchanged. */
export interface CursorInput<TRecord = Record<string, unknown>> extends SearchAndSelect<TRecord>, IncludeAndCounts {
  readonly cursor?: string | null | undefined;
  readonly where?: Where<TRecord> | undefined;
  readonly limit?: number | undefined;
  readonly orderBy?: readonly OrderTerm<keyof TRecord & string>[] | undefined;
}

/**
 * The record type a listing with `select` gives: only the selected fields and the id. `TSelect` is the selected
 * field names (`never` when the input has no `select`, which gives the whole record).
 */
export type Selected<TRecord, TIdField extends keyof TRecord, TSelect extends keyof TRecord> = [TSelect] extends [never]
  ? TRecord
  : Pick<TRecord, TIdField | TSelect>;

/** One page of a cursor listing. */
export interface CursorPage<TRecord> {
  readonly items: readonly TRecord[];
  /** The cursor of the next page, or `null` when no more records follow. */
  readonly nextCursor: string | null;
}
