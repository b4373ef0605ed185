import type { OrderTerm } from '../fields/index';
import type { TotalMode } from '../pagination/index';
import type { CursorInput, ListInput, WhereClause } from '../query/index';

/**
 * The relations a client knows of when none are given: every name for a record type that is not known
 * (`Record<string, unknown>`), none for a known one (give them: `client.resource<Book, { author: Author;
 * reviews: Review[] }>('/books')`).
 */
export type DefaultRelations<TRecord> = string extends keyof TRecord ? Record<string, unknown> : Record<never, never>;

/** The relations `include` may name: every relation of `TRelations`. */
export type IncludeName<TRelations> = keyof TRelations & string;

/** The relations `counts` may name: the to-many relations of `TRelations` (typed as arrays). */
export type CountName<TRelations> = string extends keyof TRelations
  ? string
  : { [K in keyof TRelations & string]: TRelations[K] extends readonly unknown[] ? K : never }[keyof TRelations &
      string];

/** The to-one relation paths `orderBy` may name (`author.fullName`). */
export type RelationSortPath<TRelations> = {
  [K in keyof TRelations & string]: TRelations[K] extends readonly unknown[]
    ? never
    : `${K}.${keyof NonNullable<TRelations[K]> & string}`;
}[keyof TRelations & string];

/** One to-many relation's condition: the related records `any` (at least one), `all` (and at least one) or `none` match. */
export interface ManyClause<TRelated> {
  readonly any?: WhereClause<TRelated> | readonly WhereClause<TRelated>[];
  readonly all?: WhereClause<TRelated> | readonly WhereClause<TRelated>[];
  readonly none?: WhereClause<TRelated> | readonly WhereClause<TRelated>[];
}

/**
 * A {@link WhereClause} that may also hold relation conditions: `{ author: { fullName: { cont: 'ann' } } }` for a
 * to-one relation, `{ reviews: { all: { rating: { gte: 4 } } } }` for a to-many one.
 */
export type RelationWhereClause<TRecord, TRelations> = string extends keyof TRelations
  ? WhereClause<TRecord>
  : [keyof TRelations] extends [never]
    ? WhereClause<TRecord>
    : WhereClause<TRecord> & {
        readonly [K in keyof TRelations & string]?: TRelations[K] extends readonly (infer TRelated)[]
          ? ManyClause<TRelated>
          : WhereClause<NonNullable<TRelations[K]>>;
      };

/** A filter with relation conditions: one {@link RelationWhereClause}, or an array of them that is their OR. */
export type RelationWhere<TRecord, TRelations> =
  RelationWhereClause<TRecord, TRelations> | readonly RelationWhereClause<TRecord, TRelations>[];

/** What a client adds to a list or cursor input: relation filters and sorts, `include`, `counts` and `deleted`. */
interface RelationInput<TRecord, TRelations> {
  readonly where?: RelationWhere<TRecord, TRelations> | undefined;
  readonly orderBy?: readonly OrderTerm<(keyof TRecord & string) | RelationSortPath<TRelations>>[] | undefined;
  /** Relations each item embeds: a to-one one as the related record or `null`, a to-many one as an array. */
  readonly include?: readonly IncludeName<TRelations>[] | undefined;
  /** To-many relations each item counts in `_count`. */
  readonly counts?: readonly CountName<TRelations>[] | undefined;
  /**
   * On a resource with soft delete, where the route enables it (its `deleted` option): `'include'` lists deleted
   * records too, `'only'` deleted records only (sent as `deleted=`; a route without the option answers 400).
   */
  readonly deleted?: ClientDeletedMode | undefined;
}

/** Which records a read of a soft-deleted resource sees besides the live ones: `'include'` (all) or `'only'` (deleted). */
export type ClientDeletedMode = 'include' | 'only';

type Replaced = 'where' | 'orderBy' | 'include' | 'counts';

/** The client's `list` input: a {@link ListInput} with relation filters, relation sorts, `include` and `counts`. */
export type ClientListInput<TRecord, TRelations> = Omit<ListInput<TRecord>, Replaced> &
  RelationInput<TRecord, TRelations> & {
    /**
     * The total mode to ask for, sent as `total=` (the route must list it in its `clientTotal` option, else it
     * answers 400). Absent: the route's own mode, `'exact'` unless its `total` option says otherwise.
     */
    readonly total?: TotalMode | undefined;
  };

/** The client's `listByCursor` input: a {@link CursorInput} with relation filters, sorts, `include` and `counts`. */
export type ClientCursorInput<TRecord, TRelations> = Omit<CursorInput<TRecord>, Replaced> &
  RelationInput<TRecord, TRelations>;

/** The embedded value of one relation: the related record or null (to-one), or an array of them (to-many). */
type EmbeddedValue<T> = T extends readonly (infer TRelated)[] ? readonly TRelated[] : T | null;

/**
 * The keys `include` (`TInclude`) and `counts` (`TCounts`) add to an item: `TItem` itself when neither names a
 * relation.
 */
export type WithEmbeds<TItem, TRelations, TInclude extends string, TCounts extends string> = [
  TInclude | TCounts,
] extends [never]
  ? TItem
  : TItem &
      ([TInclude] extends [never]
        ? unknown
        : { readonly [K in TInclude & keyof TRelations]: EmbeddedValue<TRelations[K]> }) &
      ([TCounts] extends [never] ? unknown : { readonly _count: { readonly [K in TCounts]: number } });

/**
 * An item of `listByCursor`, whose `include` and `counts` are not tracked (see its note): `TRecord` with each known
 * relation's embed and `_count` optional.
 */
export type CursorItem<TRecord, TRelations> = string extends keyof TRelations
  ? TRecord
  : [keyof TRelations] extends [never]
    ? TRecord
    : TRecord & { readonly [K in keyof TRelations]?: EmbeddedValue<TRelations[K]> } & {
        readonly _count?: { readonly [K in CountName<TRelations>]?: number };
      };
