import type { NormalizedQuery, RelationBinding, Resource } from 'pagelope/kit';
import {
  isImpossibleScope,
  planJoinedRelations,
  typedColumnKinds,
  typedTableLayout,
  type SqlJoinedPlan,
} from '../sql/index';
import { NATIVE_TABLES } from './native-tables';
import { POSTGRES_TYPED_DIALECT } from './postgres-typed-dialect';
import { createRowMapper } from './row-mapper';
import type { SqlClient } from './sql-client';
import { SqlParams } from './sql-params';
import type { StatementContext } from './statement-context';

/** How one listing statement reads the relations its query uses (see {@link planRelations}). */
export type RelationPlan = SqlJoinedPlan;

/** The parent table of a listing, as {@link planRelations} needs it. */
export interface ParentTable {
  readonly resource: Resource;
  /** The quoted table. */
  readonly table: string;
  readonly columns: ReadonlyMap<string, string>;
  /** The database client the repository was made on (see `rootClientOf`). */
  readonly root: SqlClient;
}

/**
 * The SQL engine's joined relation plan (`planJoinedRelations`) of a PostgreSQL listing: the relations bound to a
 * PostgreSQL repository on the same database client are read natively in the same statement (EXISTS subqueries, a
 * LEFT JOIN per to-one sort path); a to-one sort path bound elsewhere (memory, another database) by joining its
 * (id, value) pairs as `unnest` of parameter arrays; `undefined` when the query reads no relation.
 *
 * @throws Error (a server fault) for a relation the resource lacks, one the call does not bind, or a sort path that
 *   is not a field of a to-one relation.
 */
export function planRelations(
  query: NormalizedQuery,
  parent: ParentTable,
  bindings: Readonly<Record<string, RelationBinding>> | undefined,
  base: StatementContext,
): Promise<RelationPlan | undefined> {
  return planJoinedRelations(query, base, {
    dialect: POSTGRES_TYPED_DIALECT,
    ...parent,
    bindings,
    tableOf: (repository) => NATIVE_TABLES.tableOn(repository, parent.root),
    impossible: (scope, shape) => isImpossibleScope(scope, typedColumnKinds(POSTGRES_TYPED_DIALECT, shape)),
    layout: (shape) =>
      typedTableLayout(POSTGRES_TYPED_DIALECT, parent.table, parent.columns, { shape, qualified: true }),
    toValue(resource, field) {
      const pick = createRowMapper(resource).pick([field]);
      return (value) => pick({ [field]: value })[field];
    },
    params: () => new SqlParams(),
  });
}
