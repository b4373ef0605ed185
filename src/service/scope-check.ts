import { ForbiddenError } from '../errors/index';
import { type Condition, normalizeScope, type Where, compilePredicate } from '../query/index';
import type { Resource } from '../resource/index';

type Row = Record<string, unknown>;

/** One operation's request scope, validated, with what the service does with it. */
export interface ScopeCheck<TRecord> {
  /** The scope as the scope function returned it, for the repository. */
  readonly where: Where<TRecord>;
  /** Whether a patch names a field the scope reads (and so could move a record out of it). */
  reads(patch: Readonly<Row>): boolean;
  /** A copy of `data` with each top-level equality condition of the scope set where `data` leaves it absent. */
  stamp(data: Readonly<Row>): Row;
  /** @throws ForbiddenError 403 when the record would lie outside the scope. */
  assertWithin(record: unknown): void;
}

/**
 * Wraps a scope returned by a service's `scope` function; it is validated on first use.
 *
 * @throws Error (from its functions: a server fault, answered as a masked 500) when it is not a valid `where`.
 */
export function createScopeCheck<TRecord>(where: Where<TRecord>, resource: Resource): ScopeCheck<TRecord> {
  // Built on first use: list and listByCursor only hand `where` to the repository, which validates it itself.
  let compiled:
    { test: (record: Row) => boolean; fields: ReadonlySet<string>; stamps: readonly Condition[] } | undefined;
  const get = () => {
    if (compiled === undefined) {
      const groups = normalizeScope(where, resource);
      compiled = {
        test: compilePredicate(groups),
        fields: new Set(groups.flatMap((group) => group.map((condition) => condition.field))),
        // Only a scope of one AND-group says what a field must equal; an OR of groups stamps nothing.
        stamps: groups.length === 1 ? (groups[0] ?? []).filter((condition) => condition.op === 'eq') : [],
      };
    }
    return compiled;
  };
  const test = (record: unknown) => typeof record === 'object' && record !== null && get().test(record as Row);
  return {
    where,
    reads: (patch) => Object.keys(patch).some((key) => get().fields.has(key)),
    stamp(data) {
      const stamped = { ...data };
      for (const { field, value } of get().stamps) if (stamped[field] === undefined) stamped[field] = value;
      return stamped;
    },
    assertWithin(record) {
      if (!test(record)) throw new ForbiddenError('the record would lie outside the scope of this request');
    },
  };
}
