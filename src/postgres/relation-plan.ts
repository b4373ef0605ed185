import {
  HttpError,
  type FieldDef,
  type NormalizedQuery,
  type RelationBinding,
  type RelationCondition,
  type Resource,
} from 'pagelope/kit';
import {
  createRelationCompiler,
  pathReadsOf,
  planOrderPaths as planSqlOrderPaths,
  planSqlRelations,
  relatedJoinSql,
  type SqlOrderPath,
  type SqlPathRead,
  type SqlRelationPath,
} from '../sql/index';
import { isImpossibleScope } from './sql-values';
import {
  foreignColumn,
  foreignJoinSql,
  readForeignPairs,
  type ForeignPairs,
  type ForeignSortJoin,
} from './foreign-sort';
import { nativeTableOf } from './native-tables';
import { POSTGRES_SQL_DIALECT } from './postgres-sql-dialect';
import { qualifiedColumn, relatedTablesOf, type TableRef } from './related-tables';
import { createRowMapper } from './row-mapper';
import type { SqlClient } from './sql-client';
import type { SqlContext } from './sql-context';
import { SqlParams } from './sql-params';
import { defaultSqlType, isTextType, type SqlType } from './sql-types';
import { sqlValueProblem } from './sql-values';
import type { StatementContext } from './statement-context';
import type { TableShape } from './table-catalog';
import { createTableLayout, readExpression } from './table-layout';

type Row = Readonly<Record<string, unknown>>;

/** How one listing statement reads the relations its query uses (see {@link planRelations}). */
export interface RelationPlan {
  /**
   * The query to compile: the one given, or, when the filter reads relations bound to repositories elsewhere (memory,
   * another database), that query with those terms turned into conditions on its own fields by the kit's
   * `resolveRelationTerms` (bounded there: at most `RELATED_READ_LIMIT` related records read, else a 400).
   */
  readonly query: NormalizedQuery;
  /** The related tables' shapes, by relation: what the filter's related values are checked against. */
  readonly shapes: ReadonlyMap<string, TableShape>;
  /** Whether the order reads a relation path (the statement joins the related tables, and qualifies own columns). */
  readonly joined: boolean;
  /** The statement's context: relation terms compiled as subqueries; relation paths as the joined columns. */
  context(base: StatementContext): StatementContext;
  /**
   * Reads what the statement joins of the to-one relations the order reads that are bound elsewhere (see
   * `readForeignPairs`: one statement for the parents' relating values, one related `listByValues`); nothing when
   * there are none. Call it after the query's values are checked and before {@link from}.
   *
   * @throws HttpError 400 past `RELATED_READ_LIMIT` related ids, or for a cursor value the joined type cannot hold.
   */
  prepare(run: (text: string, values: unknown[]) => Promise<readonly Row[]>): Promise<void>;
  /**
   * The FROM clause: the table, and a LEFT JOIN per to-one relation the order reads, its scope in the ON (for a
   * relation bound elsewhere, a join of the (id, value) arrays {@link prepare} read).
   */
  from(params: SqlParams): string;
  /** The select list items reading the order's relation paths (empty when it reads none). */
  readonly keySelect: readonly string[];
  /** The order's relation-path values of a row read with {@link keySelect}, by path (`null` when absent). */
  keysOf(row: Row): Record<string, unknown>;
}

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
 * Resolves the relations a query reads against the call's bindings (`ScopeOptions.relations`, see the SQL engine's
 * `planSqlRelations`): those bound to a PostgreSQL repository on the same database client are read natively in the
 * same statement; `undefined` when the query reads no relation. A related scope holding a value its column cannot
 * hold matches no related record. A relation bound elsewhere (memory, another database) is read through its
 * repository: filter terms by `resolveElsewhere` (the list values the parent's columns cannot hold left out), a
 * to-one sort path by joining the (id, value) pairs {@link RelationPlan.prepare} reads as parameter arrays, so the
 * order, the nulls rule and the keyset cursors are the native join's.
 *
 * @throws Error (a server fault) for a relation the resource lacks, one the call does not bind, or a sort path that
 *   is not a field of a to-one relation.
 */
export async function planRelations(
  query: NormalizedQuery,
  parent: ParentTable,
  bindings: Readonly<Record<string, RelationBinding>> | undefined,
  base: StatementContext,
): Promise<RelationPlan | undefined> {
  const { resource } = parent;
  const own: TableRef = { table: parent.table, columns: parent.columns, fields: resource.fields, shape: base };
  const planned = await planSqlRelations(query, {
    resource,
    bindings,
    holds: (field, value) => sqlValueProblem(base.types.get(field) ?? 'text', value) === undefined,
    tableOf: (repository) => nativeTableOf(repository, parent.root),
    async native(relation) {
      const { table, columns, resource: native } = relation.table;
      const { types, collate } = await relation.table.context();
      const scope = isImpossibleScope(relation.scope, { types, collate }) ? [] : relation.scope;
      return { ...relation, scope, table: { table, columns, fields: native.fields, shape: { types, collate } } };
    },
  });
  if (!planned) return undefined;
  const tables = relatedTablesOf(own);
  const terms = createRelationCompiler(planned.native, tables);
  const compiler = (term: RelationCondition, context: SqlContext): string => {
    const sql = terms(term, context);
    // PostgreSQL says every scope and condition: only a relation not bound natively is never SQL.
    if (sql === undefined) throw new Error(`relation "${term.relation}": no PostgreSQL table is bound to it`);
    return sql;
  };
  const paths = planOrderPaths(planned.paths);
  const reads = pathReadsOf(paths.map((path) => path.planned));
  const foreign = foreignJoinsOf(reads, paths, base);
  const joined = paths.length > 0;
  const pairs = new Map<ForeignSortJoin, ForeignPairs>();
  const plan: RelationPlan = {
    query: planned.query,
    shapes: new Map([...planned.native].map(([name, relation]) => [name, relation.table.shape])),
    joined,
    async prepare(run) {
      if (foreign.length === 0) return;
      const problems = paths.flatMap(({ planned: { path, relation, index }, type }) => {
        const problem = !relation.table && query.after ? sqlValueProblem(type, query.after[index]) : undefined;
        return problem ? [`cursor: its value of ${path} ${problem}`] : [];
      });
      if (problems.length > 0) throw new HttpError(400, problems);
      for (const join of foreign) {
        const context = plan.context({ ...base, params: new SqlParams() });
        const options = { query: planned.query, table: parent.table, context, run, parent: resource };
        pairs.set(join, await readForeignPairs(join, options));
      }
    },
    context(context) {
      if (!joined) return { ...context, relations: compiler };
      const layout = createTableLayout(parent.table, parent.columns, context, true);
      const columns = new Map(paths.map((path) => [path.path, path.column]));
      return {
        ...context,
        fields: new Map([...context.fields, ...paths.map((path) => [path.path, path.def] as const)]),
        types: new Map([...context.types, ...paths.map((path) => [path.path, path.type] as const)]),
        collate: new Set([...context.collate, ...paths.flatMap((path) => (path.collate ? [path.path] : []))]),
        column: (field) => columns.get(field) ?? layout.column(field),
        layout,
        relations: compiler,
      };
    },
    from(params) {
      let from = parent.table;
      for (const { relation, alias } of reads) {
        const { table } = relation;
        if (table) from += relatedJoinSql({ ...relation, table }, alias, { ...base, params }, tables);
      }
      for (const join of foreign) {
        const read = pairs.get(join);
        const { name, field } = join.read.relation;
        if (!read) throw new Error(`relation "${name}": the plan was not prepared before its FROM clause`);
        from += foreignJoinSql(join, read, qualifiedColumn(parent.table, own, field), params);
      }
      return from;
    },
    keySelect: paths.map((path, i) => `${readExpression(path.column, path.type)} AS "~k${String(i)}"`),
    keysOf: (row) => Object.fromEntries(paths.map((path, i) => [path.path, path.toValue(row[`~k${String(i)}`])])),
  };
  return plan;
}

/** A relation path of a listing's order, as the statement reads it from a joined table. */
interface OrderPath {
  readonly path: string;
  /** The path as the SQL engine plans it: its relation, and the read (join) of the relation it is read from. */
  readonly planned: SqlOrderPath<TableRef>;
  /** Its definition: the related field's, nullable (absent when the parent has no related record in scope). */
  readonly def: FieldDef;
  readonly type: SqlType;
  readonly column: string;
  /** Whether the column is read with `COLLATE "C"` for code-point order. */
  readonly collate: boolean;
  /** The path's value (its cursor key) as read from the key column of the row. */
  toValue(value: unknown): unknown;
}

/**
 * The columns and cursor keys of the relation paths of a listing's order, on the SQL engine's reads of their
 * relations (`planOrderPaths`): a LEFT JOIN of a relation bound natively (its column's type and collation), a join
 * of (id, value) arrays for one bound elsewhere (the field's default type, text in code-point order).
 */
function planOrderPaths(paths: readonly SqlRelationPath<TableRef>[]): readonly OrderPath[] {
  return planSqlOrderPaths(paths).map((planned) => {
    const { relation, field, def, read, slot } = planned;
    const { table } = relation;
    const type = table ? (table.shape.types.get(field) ?? 'text') : defaultSqlType(def);
    const column = table
      ? qualifiedColumn(POSTGRES_SQL_DIALECT.quoteIdentifier(read.alias), table, field)
      : foreignColumn(read.alias, slot);
    const toValue = createRowMapper(relation.resource).pick([field]);
    return {
      path: planned.path,
      planned,
      def: { ...def, nullable: true },
      type,
      column,
      collate: table ? table.shape.collate.has(field) : isTextType(type),
      toValue: (value: unknown) => toValue({ [field]: value })[field] ?? null,
    };
  });
}

/** The foreign join of each read of a relation bound elsewhere: its parent column's type, its fields' as `paths` read them. */
function foreignJoinsOf(
  reads: readonly SqlPathRead<TableRef>[],
  paths: readonly OrderPath[],
  base: StatementContext,
): readonly ForeignSortJoin[] {
  return reads.flatMap((read) => {
    if (read.relation.table) return [];
    const fields = paths.filter((path) => path.planned.read === read).map(({ def, type }) => ({ def, type }));
    return [{ read, idType: base.types.get(read.relation.field) ?? 'text', fields }];
  });
}
