import {
  isRelationCondition,
  normalizeScope,
  relationPathOf,
  resolveRelations,
  resolveRelationTerms,
  type Condition,
  type FilterTerm,
  type FieldDef,
  type NormalizedQuery,
  type RelationBinding,
  type Resource,
} from 'pagelope/kit';
import { conditionProblem, isImpossibleScope } from './check-values';
import {
  createRelationCompiler,
  linkOf,
  qualifiedColumn,
  relatedContext,
  type RelatedTable,
  type TableRef,
} from './compile-relations';
import { compileWhere } from './compile-where';
import { nativeTableOf } from './native-tables';
import { createRowMapper } from './row-mapper';
import type { SqlClient } from './sql-client';
import type { SqlParams } from './sql-params';
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
  /** The FROM clause: the table, and a LEFT JOIN per to-one relation the order reads, its scope in the ON. */
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

/** The relations a query reads: those of its filter's relation terms and of its order's relation paths. */
export function relationsRead(query: NormalizedQuery): ReadonlySet<string> {
  const names = new Set<string>();
  for (const group of query.groups) for (const term of group) if (isRelationCondition(term)) names.add(term.relation);
  for (const term of query.order) {
    const path = relationPathOf(term.field);
    if (path) names.add(path.relation);
  }
  return names;
}

/**
 * Resolves the relations a query reads against the call's bindings (`ScopeOptions.relations`): each must be bound to
 * a PostgreSQL repository on the same database client, read natively in the same statement; `undefined` when the
 * query reads no relation. A related scope holding a value its column cannot hold matches no related record.
 *
 * @throws Error (a server fault) for a relation the resource lacks, one the call does not bind, or one bound to a
 *   repository that is not a PostgreSQL repository on the same client (the kit's fallback is not wired yet).
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

  // One LEFT JOIN per to-one relation the order reads, as "~j1", "~j2", ... (no plain table name is spelt so).
  const joins = new Map<string, string>();
  const pathFields = new Map<string, FieldDef>();
  const pathTypes = new Map<string, string>();
  const pathColumns = new Map<string, string>();
  const pathCollate = new Set<string>();
  const keySelect: string[] = [];
  const keyReaders: ((row: Row) => [string, unknown])[] = [];
  for (const { field: path } of query.order) {
    const parts = relationPathOf(path);
    if (!parts) continue;
    const table = related.get(parts.relation);
    if (!table) {
      throw new Error(
        `order: "${path}" reads relation "${parts.relation}", whose repository is not a PostgreSQL repository on ` +
          'the same client: sorting by it is not supported',
      );
    }
    const def = table.fields.get(parts.field);
    if (table.kind !== 'one' || !def) throw new Error(`order: "${path}" is not a field of a to-one relation`);
    let alias = joins.get(parts.relation);
    if (alias === undefined) joins.set(parts.relation, (alias = `"~j${String(joins.size + 1)}"`));
    const column = qualifiedColumn(alias, table, parts.field);
    const type = table.shape.types.get(parts.field) ?? 'text';
    // Absent when the parent has no related record in scope: nullable whatever the related field is.
    pathFields.set(path, { ...def, nullable: true });
    pathTypes.set(path, type);
    pathColumns.set(path, column);
    if (table.shape.collate.has(parts.field)) pathCollate.add(path);
    const key = `"~k${String(keySelect.length)}"`;
    const keyName = key.slice(1, -1);
    keySelect.push(`${readExpression(column, type)} AS ${key}`);
    const toValue = createRowMapper(table.resource).pick([parts.field]);
    keyReaders.push((row) => [path, toValue({ [parts.field]: row[keyName] })[parts.field] ?? null]);
  }
  const joined = joins.size > 0;
  return {
    query: compiled,
    shapes: new Map([...related].map(([name, table]) => [name, table.shape])),
    joined,
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
      return from;
    },
    keySelect,
    keysOf: (row) => Object.fromEntries(keyReaders.map((read) => read(row))),
  };
}

/**
 * The query with every relation term on a relation of `elsewhere` replaced by conditions on the parent's own fields
 * (the kit's `resolveRelationTerms`, one term at a time, so that terms on native relations stay for the subqueries),
 * the values of those conditions that the parent's columns cannot hold left out (no row holds them).
 */
async function resolveElsewhere(
  query: NormalizedQuery,
  elsewhere: ReadonlySet<string>,
  parent: ParentTable,
  bindings: Readonly<Record<string, RelationBinding>> | undefined,
  shape: TableShape,
): Promise<NormalizedQuery> {
  const resolved = new Map<FilterTerm, readonly (readonly FilterTerm[])[]>();
  const groups: (readonly FilterTerm[])[] = [];
  for (const group of query.groups) {
    let expanded: (readonly FilterTerm[])[] = [[]];
    for (const term of group) {
      let alternatives: readonly (readonly FilterTerm[])[] = [[term]];
      if (isRelationCondition(term) && elsewhere.has(term.relation)) {
        alternatives = resolved.get(term) ?? [];
        if (!resolved.has(term)) {
          const single = await resolveRelationTerms(
            { ...query, groups: [[term]] },
            { resource: parent.resource, relations: bindings },
          );
          alternatives = single.groups.map((conditions) => conditions.map((c) => fitted(c as Condition, shape)));
          resolved.set(term, alternatives);
        }
      }
      expanded = expanded.flatMap((terms) => alternatives.map((more) => [...terms, ...more]));
    }
    groups.push(...expanded);
  }
  return Object.freeze({ ...query, groups: Object.freeze(groups), baseGroups: query.baseGroups ?? query.groups });
}

/** A resolved condition without the list values its column cannot hold (`in`/`notin` of related ids). */
function fitted(condition: Condition, shape: TableShape): Condition {
  if (!Array.isArray(condition.value) || conditionProblem(condition, shape) === undefined) return condition;
  const value = (condition.value as readonly unknown[]).filter(
    (item) => conditionProblem({ ...condition, value: [item] }, shape) === undefined,
  );
  return { ...condition, value };
}
