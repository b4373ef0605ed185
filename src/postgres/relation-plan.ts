import {
  HttpError,
  normalizeScope,
  relationPathOf,
  relationsRead,
  resolveRelations,
  type FieldDef,
  type NormalizedQuery,
  type RelationBinding,
  type Resource,
} from 'pagelope/kit';
import { isImpossibleScope } from './check-values';
import {
  createRelationCompiler,
  linkOf,
  qualifiedColumn,
  relatedContext,
  type RelatedTable,
  type TableRef,
} from './compile-relations';
import { compileWhere } from './compile-where';
import {
  foreignColumn,
  foreignJoinSql,
  readForeignPairs,
  type ForeignPairs,
  type ForeignSortJoin,
} from './foreign-sort';
import { nativeTableOf } from './native-tables';
import { resolveElsewhere } from './resolve-elsewhere';
import { createRowMapper } from './row-mapper';
import type { SqlClient } from './sql-client';
import { SqlParams } from './sql-params';
import { defaultSqlType, isTextType } from './sql-types';
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
 * Resolves the relations a query reads against the call's bindings (`ScopeOptions.relations`): those bound to a
 * PostgreSQL repository on the same database client are read natively in the same statement; `undefined` when the
 * query reads no relation. A related scope holding a value its column cannot hold matches no related record. A
 * relation bound elsewhere (memory, another database) is read through its repository: filter terms by the kit's
 * `resolveRelationTerms`, a to-one sort path by joining the (id, value) pairs {@link RelationPlan.prepare} reads as
 * parameter arrays, so the order, the nulls rule and the keyset cursors are the native join's.
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
  const names = relationsRead(query);
  if (names.size === 0) return undefined;
  const { resource } = parent;
  const resolved = resolveRelations(resource);
  const related = new Map<string, RelatedTable & { readonly resource: Resource }>();
  const elsewhere = new Set<string>();
  for (const name of names) {
    const relation = resolved.get(name);
    if (!relation) throw new Error(`relation "${name}" is not a relation of "${resource.name}"`);
    const binding = Object.hasOwn(bindings ?? {}, name) ? bindings?.[name] : undefined;
    if (!binding) throw new Error(`relation "${name}": the call binds no repository to it (ScopeOptions.relations)`);
    const native = nativeTableOf(binding.repository, parent.root);
    if (!native) {
      elsewhere.add(name);
      continue;
    }
    const shape = await native.context();
    const given = query.relationScopes?.get(name) ?? normalizeScope(binding.scope, native.resource);
    related.set(name, {
      resource: native.resource,
      kind: relation.kind,
      field: relation.field,
      table: native.table,
      columns: native.columns,
      fields: native.resource.fields,
      shape: { types: shape.types, collate: shape.collate },
      idField: native.resource.idField,
      scope: isImpossibleScope(given, shape) ? [] : given,
    });
  }
  const compiled = elsewhere.size === 0 ? query : await resolveElsewhere(query, elsewhere, parent, bindings, base);
  const own: TableRef = {
    table: parent.table,
    columns: parent.columns,
    fields: resource.fields,
    shape: base,
    idField: resource.idField,
  };
  const relations = createRelationCompiler(own, related);

  const { joins, foreign, foreignChecks, pathFields, pathTypes, pathColumns, pathCollate, keySelect, keyReaders } =
    planOrderPaths(query, { related, resolved, bindings, base });
  const joined = joins.size > 0 || foreign.size > 0;
  const pairs = new Map<string, ForeignPairs>();
  const plan: RelationPlan = {
    query: compiled,
    shapes: new Map([...related].map(([name, table]) => [name, table.shape])),
    joined,
    async prepare(run) {
      if (foreign.size === 0) return;
      const problems = foreignChecks.flatMap(({ index, type, field }) => {
        const problem = query.after ? sqlValueProblem(type, query.after[index]) : undefined;
        return problem ? [`cursor: its value of ${field} ${problem}`] : [];
      });
      if (problems.length > 0) throw new HttpError(400, problems);
      for (const [name, join] of foreign) {
        const context = plan.context({ ...base, params: new SqlParams() });
        const options = { query: compiled, table: parent.table, context, run, parent: resource };
        pairs.set(name, await readForeignPairs(join, options));
      }
    },
    context(context) {
      if (!joined) return { ...context, relations };
      const layout = createTableLayout(parent.table, parent.columns, context, true);
      return {
        ...context,
        fields: new Map([...context.fields, ...pathFields]),
        types: new Map([...context.types, ...pathTypes]),
        collate: new Set([...context.collate, ...pathCollate]),
        column: (field) => pathColumns.get(field) ?? layout.column(field),
        layout,
        relations,
      };
    },
    from(params) {
      let from = parent.table;
      for (const [name, alias] of joins) {
        const table = related.get(name) as RelatedTable;
        const scope = compileWhere(table.scope, relatedContext(table, alias, params));
        from +=
          ` LEFT JOIN ${table.table} AS ${alias} ON ${linkOf(table, alias, own)}` +
          (scope === 'TRUE' ? '' : ` AND (${scope})`);
      }
      for (const [name, join] of foreign) {
        const read = pairs.get(name);
        if (!read) throw new Error(`relation "${name}": the plan was not prepared before its FROM clause`);
        from += foreignJoinSql(join, read, qualifiedColumn(parent.table, own, join.field), params);
      }
      return from;
    },
    keySelect,
    keysOf: (row) => Object.fromEntries(keyReaders.map((read) => read(row))),
  };
  return plan;
}

/** The relation paths of a listing's order, as {@link planOrderPaths} reads them. */
interface OrderPaths {
  /** One LEFT JOIN per to-one relation bound natively, as "~j1", "~j2", ... (no plain table name is spelt so). */
  readonly joins: Map<string, string>;
  /** One join of (id, value) arrays per to-one relation bound elsewhere. */
  readonly foreign: Map<string, ForeignSortJoin>;
  /** The cursor values to check against the joined columns' types. */
  readonly foreignChecks: { readonly index: number; readonly type: string; readonly field: string }[];
  readonly pathFields: Map<string, FieldDef>;
  readonly pathTypes: Map<string, string>;
  readonly pathColumns: Map<string, string>;
  readonly pathCollate: Set<string>;
  readonly keySelect: string[];
  readonly keyReaders: ((row: Row) => [string, unknown])[];
}

/** What {@link planOrderPaths} reads besides the query. */
interface OrderPathsInput {
  readonly related: ReadonlyMap<string, RelatedTable & { readonly resource: Resource }>;
  readonly resolved: ReturnType<typeof resolveRelations>;
  readonly bindings: Readonly<Record<string, RelationBinding>> | undefined;
  readonly base: StatementContext;
}

/**
 * The joins, columns and cursor keys of the relation paths `query`'s order reads: a LEFT JOIN of a relation bound
 * natively, a join of (id, value) arrays for one bound elsewhere.
 *
 * @throws Error (a server fault) for a sort path that is not a field of a to-one relation.
 */
function planOrderPaths(query: NormalizedQuery, { related, resolved, bindings, base }: OrderPathsInput): OrderPaths {
  const joins = new Map<string, string>();
  const foreign = new Map<string, ForeignSortJoin>();
  const foreignChecks: { readonly index: number; readonly type: string; readonly field: string }[] = [];
  const pathFields = new Map<string, FieldDef>();
  const pathTypes = new Map<string, string>();
  const pathColumns = new Map<string, string>();
  const pathCollate = new Set<string>();
  const keySelect: string[] = [];
  const keyReaders: ((row: Row) => [string, unknown])[] = [];
  /** Reads the order's `path` from `column` (of `type`, with `COLLATE "C"` when `collate`), and its cursor value. */
  const addPath = (
    path: string,
    def: FieldDef,
    type: string,
    column: string,
    collate: boolean,
    relatedResource: Resource,
    field: string,
  ) => {
    // Absent when the parent has no related record in scope: nullable whatever the related field is.
    pathFields.set(path, { ...def, nullable: true });
    pathTypes.set(path, type);
    pathColumns.set(path, column);
    if (collate) pathCollate.add(path);
    const key = `"~k${String(keySelect.length)}"`;
    const keyName = key.slice(1, -1);
    keySelect.push(`${readExpression(column, type)} AS ${key}`);
    const toValue = createRowMapper(relatedResource).pick([field]);
    keyReaders.push((row) => [path, toValue({ [field]: row[keyName] })[field] ?? null]);
  };
  for (const { field: path } of query.order) {
    const parts = relationPathOf(path);
    if (!parts) continue;
    const table = related.get(parts.relation);
    if (!table) {
      const relation = resolved.get(parts.relation);
      const def = relation?.resource.fields.get(parts.field);
      if (relation?.kind !== 'one' || !def) throw new Error(`order: "${path}" is not a field of a to-one relation`);
      let join = foreign.get(parts.relation);
      if (!join) {
        join = {
          relation: parts.relation,
          resource: relation.resource,
          field: relation.field,
          binding: bindings?.[parts.relation] as RelationBinding,
          alias: `"~f${String(foreign.size + 1)}"`,
          idType: base.types.get(relation.field) ?? 'text',
          fields: [],
        };
        foreign.set(parts.relation, join);
      }
      const type = defaultSqlType(def);
      const column = foreignColumn(join, join.fields.length);
      join.fields.push({ name: parts.field, def, type });
      const index = query.order.findIndex((term) => term.field === path);
      foreignChecks.push({ index, type, field: path });
      addPath(path, def, type, column, isTextType(type), relation.resource, parts.field);
      continue;
    }
    const def = table.fields.get(parts.field);
    if (table.kind !== 'one' || !def) throw new Error(`order: "${path}" is not a field of a to-one relation`);
    let alias = joins.get(parts.relation);
    if (alias === undefined) joins.set(parts.relation, (alias = `"~j${String(joins.size + 1)}"`));
    const column = qualifiedColumn(alias, table, parts.field);
    const type = table.shape.types.get(parts.field) ?? 'text';
    addPath(path, def, type, column, table.shape.collate.has(parts.field), table.resource, parts.field);
  }
  return { joins, foreign, foreignChecks, pathFields, pathTypes, pathColumns, pathCollate, keySelect, keyReaders };
}
