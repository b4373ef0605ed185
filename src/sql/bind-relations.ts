import {
  relationPathOf,
  relationsRead,
  resolveRelations,
  type Condition,
  type FieldDef,
  type NormalizedQuery,
  type RelationBinding,
  type Resource,
} from 'pagelope/kit';

/**
 * A relation a query reads, as a statement of the SQL engine reads it: bound to a table of the statement's database
 * (`table`), or elsewhere (memory, another database: `table` undefined, read through `binding`).
 */
export interface SqlRelation<TTable> {
  readonly name: string;
  readonly kind: 'one' | 'many';
  /** The related resource, as the relation declares it. */
  readonly resource: Resource;
  /** To-one: the parent's field holding the related id; to-many: the related field holding the parent's id. */
  readonly field: string;
  /** The related field and the parent's field a related row shares with its parent row. */
  readonly link: readonly [related: string, parent: string];
  readonly binding: RelationBinding;
  /** The related scope, normalized against the related resource (`[[]]`: none; `[]`: it matches no record). */
  readonly scope: readonly (readonly Condition[])[];
  /** The related table on the statement's database, or `undefined` for a relation bound elsewhere. */
  readonly table: TTable | undefined;
}

/** A to-one relation path of an order (`'author.fullName'`): its relation, related field and the field's definition. */
export interface SqlRelationPath<TTable> {
  readonly path: string;
  readonly relation: SqlRelation<TTable>;
  readonly field: string;
  readonly def: FieldDef;
  /** The path's index in the order (and in a cursor's sort key). */
  readonly index: number;
}

/**
 * The relations `query`'s filter and order read (an empty map for none), each with its binding and related scope
 * (`query.relationScopes`), and the table `tableOf` finds for its repository on the statement's database.
 *
 * @throws Error (a server fault) for a relation the resource lacks or the call does not bind.
 */
export function bindRelations<TTable>(
  query: NormalizedQuery,
  resource: Resource,
  bindings: Readonly<Record<string, RelationBinding>> | undefined,
  tableOf: (repository: unknown) => TTable | undefined,
): ReadonlyMap<string, SqlRelation<TTable>> {
  const relations = new Map<string, SqlRelation<TTable>>();
  const declared = resolveRelations(resource);
  for (const name of relationsRead(query)) {
    const relation = declared.get(name);
    if (!relation) throw new Error(`relation "${name}" is not a relation of "${resource.name}"`);
    const binding = bindings && Object.hasOwn(bindings, name) ? bindings[name] : undefined;
    if (!binding) throw new Error(`relation "${name}": the call binds no repository to it (ScopeOptions.relations)`);
    const { kind, field } = relation;
    relations.set(name, {
      name,
      kind,
      resource: relation.resource,
      field,
      link: kind === 'one' ? [relation.resource.idField, field] : [field, resource.idField],
      binding,
      scope: query.relationScopes?.get(name) ?? [[]],
      table: tableOf(binding.repository),
    });
  }
  return relations;
}

/**
 * The to-one relation paths of `query`'s order, on `relations` (see {@link bindRelations}).
 *
 * @throws Error (a server fault) for a path that is not a field of a to-one relation of `relations`.
 */
export function relationPathsOf<TTable>(
  query: NormalizedQuery,
  relations: ReadonlyMap<string, SqlRelation<TTable>>,
): readonly SqlRelationPath<TTable>[] {
  return query.order.flatMap(({ field: path }, index) => {
    const parts = relationPathOf(path);
    if (!parts) return [];
    const relation = relations.get(parts.relation);
    const def = relation?.resource.fields.get(parts.field);
    if (relation?.kind !== 'one' || !def) throw new Error(`order: "${path}" is not a field of a to-one relation`);
    return [{ path, relation, field: parts.field, def, index }];
  });
}
