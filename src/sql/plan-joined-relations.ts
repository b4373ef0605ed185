import {
  HttpError,
  type Condition,
  type FieldDef,
  type NormalizedQuery,
  type RelationBinding,
  type RelationCondition,
  type Resource,
} from 'pagelope/kit';
import type { SqlRelationPath } from './bind-relations';
import { createContextCompilers } from './create-context-compilers';
import { createRelationCompiler } from './create-relation-compiler';
import { pathReadsOf, planOrderPaths, relatedJoinSql, type SqlOrderPath } from './plan-order-paths';
import { planSqlRelations } from './plan-sql-relations';
import {
  foreignColumn,
  foreignJoinSql,
  readForeignPairs,
  type SqlForeignJoin,
  type SqlForeignPairs,
} from './read-foreign-pairs';
import type { SqlContext, SqlParamList, SqlStatementContext, SqlTableLayout, SqlTableShape } from './sql-context';
import type { SqlTypedDialect } from './typed-dialect';
import { qualifiedColumn, typedRelatedTables, type SqlTableRef } from './typed-related-tables';

type Row = Readonly<Record<string, unknown>>;

/** How one listing statement reads the relations its query uses (see {@link planJoinedRelations}). */
export interface SqlJoinedPlan {
  /** The query to compile: the one given, its terms on relations bound elsewhere resolved (see `resolveElsewhere`). */
  readonly query: NormalizedQuery;
  /** The related tables' shapes, by relation: what the filter's related values are checked against. */
  readonly shapes: ReadonlyMap<string, SqlTableShape>;
  /** Whether the order reads a relation path (the statement joins the related tables, and qualifies own columns). */
  readonly joined: boolean;
  /** The statement's context: relation terms compiled as subqueries; relation paths as the joined columns. */
  context(base: SqlStatementContext): SqlStatementContext;
  /**
   * Reads what the statement joins of the to-one relations the order reads that are bound elsewhere (see
   * `readForeignPairs`); nothing when there are none. Call it after the query's values are checked and before
   * {@link from}.
   *
   * @throws HttpError 400 past `RELATED_READ_LIMIT` related ids, or for a cursor value the joined type cannot hold.
   */
  prepare(run: (text: string, values: unknown[]) => Promise<readonly Row[]>): Promise<void>;
  /** The FROM clause: the table, a LEFT JOIN per to-one relation the order reads, its scope in the ON. */
  from(params: SqlParamList): string;
  /** The select list items reading the order's relation paths (empty when it reads none). */
  readonly keySelect: readonly string[];
  /** The order's relation-path values of a row read with {@link keySelect}, by path (`null` when absent). */
  keysOf(row: Row): Record<string, unknown>;
}

/** A table of a related repository on the statement's database, as {@link planJoinedRelations} finds it. */
export interface SqlJoinedTable {
  readonly resource: Resource;
  /** The quoted table. */
  readonly table: string;
  readonly columns: ReadonlyMap<string, string>;
  context(): Promise<SqlTableShape>;
}

/** Options of {@link planJoinedRelations}: the parent table, and what the dialect's repositories know. */
export interface PlanJoinedRelationsOptions {
  readonly dialect: SqlTypedDialect;
  readonly resource: Resource;
  /** The quoted parent table, and its column name by field. */
  readonly table: string;
  readonly columns: ReadonlyMap<string, string>;
  readonly bindings: Readonly<Record<string, RelationBinding>> | undefined;
  /** The table of a related repository on the statement's database, else `undefined`. */
  tableOf(repository: unknown): SqlJoinedTable | undefined;
  /** Whether a scope holds a value its column cannot hold (it then matches no record). */
  impossible(scope: readonly (readonly Condition[])[], shape: SqlTableShape): boolean;
  /** The layout of the parent table with every column qualified by it. */
  layout(shape: SqlTableShape): SqlTableLayout;
  /** A value of `field` of `resource` as the driver read it, as the record holds it. */
  toValue(resource: Resource, field: string): (value: unknown) => unknown;
  /** Fresh bind parameters. */
  params(): SqlParamList;
}

/** A relation path of a listing's order, as the statement reads it from a joined table. */
interface OrderPath {
  readonly path: string;
  readonly planned: SqlOrderPath<SqlTableRef>;
  /** Its definition: the related field's, nullable (absent when the parent has no related record in scope). */
  readonly def: FieldDef;
  readonly type: string;
  readonly column: string;
  /** Whether the column is read in code-point order. */
  readonly collate: boolean;
  toValue(value: unknown): unknown;
}

/**
 * Resolves the relations a query reads against the call's bindings (see `planSqlRelations`): those bound to a table
 * `tableOf` finds are read natively in the same statement (a related scope holding a value its column cannot hold
 * matches no related record; a to-one sort path as a LEFT JOIN); `undefined` when the query reads no relation. A
 * relation bound elsewhere is read through its repository: filter terms by `resolveElsewhere`, a to-one sort path by
 * joining the (id, value) pairs {@link SqlJoinedPlan.prepare} reads as parameter arrays, so the order, the nulls rule
 * and the keyset cursors are the native join's.
 *
 * @throws Error (a server fault) for a relation the resource lacks, one the call does not bind, or a sort path that
 *   is not a field of a to-one relation.
 */
export async function planJoinedRelations(
  query: NormalizedQuery,
  base: SqlStatementContext,
  options: PlanJoinedRelationsOptions,
): Promise<SqlJoinedPlan | undefined> {
  const { dialect, resource } = options;
  const compilers = createContextCompilers(dialect);
  const own: SqlTableRef = { table: options.table, columns: options.columns, fields: resource.fields, shape: base };
  const planned = await planSqlRelations(query, {
    resource,
    bindings: options.bindings,
    holds: (field, value) => compilers.valueProblem(base.types.get(field) ?? 'text', value) === undefined,
    tableOf: (repository) => options.tableOf(repository),
    async native(relation) {
      const { table, columns, resource: native } = relation.table;
      const { types, collate } = await relation.table.context();
      const scope = options.impossible(relation.scope, { types, collate }) ? [] : relation.scope;
      return { ...relation, scope, table: { table, columns, fields: native.fields, shape: { types, collate } } };
    },
  });
  if (!planned) return undefined;
  const tables = typedRelatedTables(own, dialect, compilers);
  const terms = createRelationCompiler(planned.native, tables);
  const compiler = (term: RelationCondition, context: SqlContext): string => {
    const sql = terms(term, context);
    // A typed dialect says every scope and condition: only a relation not bound natively is never SQL.
    if (sql === undefined) throw new Error(`relation "${term.relation}": no ${dialect.name} table is bound to it`);
    return sql;
  };
  const paths = orderPathsOf(planned.paths, options);
  const reads = pathReadsOf(paths.map((path) => path.planned));
  const foreign = reads.flatMap((read): SqlForeignJoin[] => {
    if (read.relation.table) return [];
    const fields = paths.filter((path) => path.planned.read === read).map(({ def, type }) => ({ def, type }));
    return [{ read, idType: base.types.get(read.relation.field) ?? 'text', fields }];
  });
  const joined = paths.length > 0;
  const pairs = new Map<SqlForeignJoin, SqlForeignPairs>();
  const plan: SqlJoinedPlan = {
    query: planned.query,
    shapes: new Map([...planned.native].map(([name, relation]) => [name, relation.table.shape])),
    joined,
    async prepare(run) {
      if (foreign.length === 0) return;
      const problems = paths.flatMap(({ planned: { path, relation, index }, type }) => {
        const problem = !relation.table && query.after ? compilers.valueProblem(type, query.after[index]) : undefined;
        return problem ? [`cursor: its value of ${path} ${problem}`] : [];
      });
      if (problems.length > 0) throw new HttpError(400, problems);
      for (const join of foreign) {
        const context = plan.context({ ...base, params: options.params() });
        const read = { dialect, compilers, query: planned.query, table: own.table, context, run, parent: resource };
        pairs.set(join, await readForeignPairs(join, { ...read, toValue: options.toValue }));
      }
    },
    context(context) {
      if (!joined) return { ...context, relations: compiler };
      const layout = options.layout(context);
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
      let from = own.table;
      for (const { relation, alias } of reads) {
        const { table } = relation;
        if (table) from += relatedJoinSql({ ...relation, table }, alias, { ...base, params }, tables);
      }
      for (const join of foreign) {
        const read = pairs.get(join);
        const { name, field } = join.read.relation;
        if (!read) throw new Error(`relation "${name}": the plan was not prepared before its FROM clause`);
        from += foreignJoinSql(join, read, qualifiedColumn(dialect, own.table, own, field), { params, dialect });
      }
      return from;
    },
    keySelect: paths.map(
      (path, i) => `${dialect.readExpression(path.column, path.type)} AS ${dialect.quoteIdentifier(`~k${String(i)}`)}`,
    ),
    keysOf: (row) => Object.fromEntries(paths.map((path, i) => [path.path, path.toValue(row[`~k${String(i)}`])])),
  };
  return plan;
}

/**
 * The columns and cursor keys of the relation paths of a listing's order, on the SQL engine's reads of their
 * relations (`planOrderPaths`): a LEFT JOIN of a relation bound natively (its column's type and collation), a join
 * of (id, value) arrays for one bound elsewhere (the field's default type, text in code-point order).
 */
function orderPathsOf(
  paths: readonly SqlRelationPath<SqlTableRef>[],
  { dialect, toValue }: PlanJoinedRelationsOptions,
): readonly OrderPath[] {
  return planOrderPaths(paths).map((planned) => {
    const { relation, field, def, read, slot } = planned;
    const { table } = relation;
    const type = table ? (table.shape.types.get(field) ?? 'text') : dialect.defaultType(def);
    const column = table
      ? qualifiedColumn(dialect, dialect.quoteIdentifier(read.alias), table, field)
      : foreignColumn(dialect, read.alias, slot);
    const valueOf = toValue(relation.resource, field);
    return {
      path: planned.path,
      planned,
      def: { ...def, nullable: true },
      type,
      column,
      collate: table ? table.shape.collate.has(field) : dialect.kindOf(type).kind === 'text',
      toValue: (value: unknown) => valueOf(value) ?? null,
    };
  });
}
