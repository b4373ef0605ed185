import type { z } from 'zod';
import { type OperatorName, type OrderTerm, introspectFields, type FieldDef } from '../fields/index';
import { freezeMap, freezeSet } from './freeze-collection';
import { declareRelations, isRelationPath, type RelationConfig, type RelationDef } from './relation-config';
import { resolveLifecycle } from './lifecycle-config';
import { MAX_ID_PATH_LENGTH } from './id-text-problem';
import { resolveFilterable } from './resolve-filterable';

/** What `list` does with a `limit` above `maxLimit`: clamp it, or reject it with a 400. */
export type LimitPolicy = 'clamp' | 'reject';

/** Page-size settings of a resource. */
export interface PaginationOptions {
  /** Limit applied when the request gives none (default 10). */
  readonly defaultLimit?: number;
  /** Upper bound of limit (default 100). */
  readonly maxLimit?: number;
  /** What a limit above `maxLimit` does (default `'clamp'`). */
  readonly onLimitExceeded?: LimitPolicy;
}

/** Field names of the records a zod object schema describes. */
export type FieldOf<TSchema extends z.ZodObject> = Extract<keyof z.output<TSchema>, string>;

/** A path into a related resource's field, `relation.field` (one hop), as `filterable` and `sortable` take it. */
type RelationPath = `${string}.${string}`;

/** Configuration of {@link defineResource}. */
export interface ResourceConfig<TSchema extends z.ZodObject> {
  /** Plural resource name, e.g. `'users'`. */
  readonly name: string;
  /** A zod object schema of one record. */
  readonly schema: TSchema;
  /**
   * The unique identifier field (default `'id'`): a string field (a uuid, a text key, a bigint as a string of digits)
   * or an integer field (`z.number().int()`, for `serial` and identity keys).
   */
  readonly idField?: FieldOf<TSchema>;
  /**
   * Fields clients may filter on: a list (every fitting operator) or a map of field to operators. A relation path
   * (`'author.fullName'`) allows filtering parents by a field of the related resource, which that resource must
   * itself allow to filter (with the operators it allows).
   */
  readonly filterable?:
    | readonly (FieldOf<TSchema> | RelationPath)[]
    | ({ readonly [K in FieldOf<TSchema>]?: readonly OperatorName[] } & {
        readonly [path: RelationPath]: readonly OperatorName[];
      });
  /**
   * Fields clients may sort by; the id field always is. A to-one relation path (`'author.fullName'`) sorts by a field
   * the related resource allows to sort by (parents without a related record last ascending, first descending).
   */
  readonly sortable?: readonly (FieldOf<TSchema> | RelationPath)[];
  /**
   * Named relations to other resources (one hop): `{ author: { kind: 'one', resource: () => authors, field:
   * 'authorId' } }`. A relation name is not a field name; the related resource is resolved when first used.
   */
  readonly relations?: { readonly [name: string]: RelationConfig };
  /** Relations clients may embed with `include=` (deny by default). */
  readonly includable?: readonly string[];
  /** To-many relations clients may count with `counts=` (deny by default). */
  readonly countable?: readonly string[];
  readonly pagination?: PaginationOptions;
  /** Order of `list` when the request names none (default: id ascending). */
  readonly defaultOrder?: readonly OrderTerm<FieldOf<TSchema>>[];
  /**
   * Whether a client may choose the id on create (default `false`: the repository assigns it, and a body naming the
   * id field is a 400).
   */
  readonly clientIds?: boolean;
  /** Fields clients may not set on create, update or replace (for example `createdAt`); server code sets them. */
  readonly readOnly?: readonly FieldOf<TSchema>[];
  /**
   * Fields that never reach a client (for example `passwordHash`): left out of every result of the service, and
   * neither filterable, sortable nor writable by clients, which get the message of an unknown field for them.
   */
  readonly hidden?: readonly FieldOf<TSchema>[];
  /** What the service does with a body key the schema lacks: a 400 per key (`'reject'`, default) or drop it. */
  readonly unknownFields?: UnknownFieldPolicy;
  /**
   * String fields the `search` parameter looks in: a record matches when any of them contains the search text,
   * case-insensitively (both sides through `toLowerCase()`, literal). Without it, `search` is a 400.
   */
  readonly searchable?: readonly FieldOf<TSchema>[];
  /**
   * Soft delete: `DELETE` sets this date field (`z.date().nullable()`, `.optional()` or `.nullable().optional()`)
   * to the current time instead of removing the record, which then is invisible to every read and write until
   * `restore` clears it (to `null`, which the field takes even when its schema makes it only optional). Read-only.
   */
  readonly softDelete?: { readonly field: FieldOf<TSchema> };
  /**
   * Optimistic concurrency: this integer field is 1 on create and grows by one with every change; responses carry
   * it as the `etag`, and `If-Match` makes a write conditional on it. Read-only.
   */
  readonly version?: FieldOf<TSchema>;
}

/** What the service does with a body key the schema lacks: report it (400) or drop it. */
export type UnknownFieldPolicy = 'reject' | 'strip';

/**
 * A defined resource: validated configuration plus what was read from the schema. {@link defineResource} returns a
 * `Resource<z.output<TSchema>, TSchema>`, so `z.output<typeof resource.schema>` is the record type; `Resource<TRecord>`
 * (any zod object schema) is the form that functions taking a resource accept.
 */
export interface Resource<TRecord = Record<string, unknown>, TSchema extends z.ZodObject = z.ZodObject> {
  readonly name: string;
  /** The zod object schema the resource was defined with, with its own type. */
  readonly schema: TSchema;
  readonly idField: keyof TRecord & string;
  readonly fields: ReadonlyMap<string, FieldDef>;
  /** Field name to the operators clients may use on it. */
  readonly filterable: ReadonlyMap<string, ReadonlySet<OperatorName>>;
  /** Fields clients may sort by, the id field included. */
  readonly sortable: ReadonlySet<string>;
  readonly pagination: Readonly<Required<PaginationOptions>>;
  /** The default order, ending with the id tie-breaker. */
  readonly defaultOrder: readonly OrderTerm<keyof TRecord & string>[];
  /** Whether clients may choose the id on create. */
  readonly clientIds: boolean;
  /** Fields clients may not write: the `readOnly` option's, and the id field unless `clientIds`. */
  readonly readOnly: ReadonlySet<string>;
  /** Fields that never reach a client. */
  readonly hidden: ReadonlySet<string>;
  /** What the service does with a body key the schema lacks. */
  readonly unknownFields: UnknownFieldPolicy;
  /** The string fields `search` looks in, in the order given (empty: the resource is not searchable). */
  readonly searchable: readonly string[];
  /** The declared relations by name (empty: none); `resolveRelations` gives them with their resources resolved. */
  readonly relations: ReadonlyMap<string, RelationDef>;
  /** The soft-delete field, or `undefined` when `DELETE` removes records. */
  readonly softDelete?: string | undefined;
  /** The version field, or `undefined` when records carry no version. */
  readonly version?: string | undefined;
  /** Type-only marker of the record type; never set at run time. */
  readonly '~record'?: TRecord;
}

/** Field names the query grammar uses; a schema may not have them. */
export const RESERVED_FIELD_NAMES: readonly string[] = Object.freeze([
  'limit',
  'page',
  'orderBy',
  'orderDirection',
  'cursor',
  'where',
  'search',
  'select',
  'or',
  'include',
  'counts',
  '_count',
]);

const FIELD_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** `__proto__`, `constructor`, `toString`, `hasOwnProperty`, ...: as record keys they would shadow or reach Object.prototype. */
const UNSAFE_NAMES = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);
const CONFIG_KEYS = new Set([
  'name',
  'schema',
  'idField',
  'filterable',
  'sortable',
  'pagination',
  'defaultOrder',
  'clientIds',
  'readOnly',
  'hidden',
  'unknownFields',
  'searchable',
  'relations',
  'includable',
  'countable',
  'softDelete',
  'version',
]);
const PAGINATION_KEYS = new Set(['defaultLimit', 'maxLimit', 'onLimitExceeded']);

const fail = (resource: string, message: string): never => {
  throw new TypeError(`defineResource(${JSON.stringify(resource)}): ${message}`);
};

/**
 * Describes one managed resource: its schema, id field, filterable and sortable fields, page sizes and default order.
 *
 * @throws TypeError when the configuration has an unknown key, names a field the schema lacks, an operator that
 * does not fit a field, a reserved or unsafe field name, an id field that is neither a string nor an integer, a
 * nullable id field, a string id field whose shortest id is longer than `MAX_ID_PATH_LENGTH`, invalid page sizes, a field twice in
 * `defaultOrder`, a hidden field that is also filterable, sortable or searchable, a hidden id field, or a searchable
 * field that is not a string field.
 * @example
 * const users = defineResource({
 *   name: 'users',
 *   schema: z.object({ id: z.string(), username: z.string(), age: z.number().int() }),
 *   filterable: ['username', 'age'],
 *   sortable: ['username', 'age'],
 * });
 */
export function defineResource<const TSchema extends z.ZodObject>(
  config: ResourceConfig<TSchema>,
): Resource<z.output<TSchema>, TSchema> {
  const name = config.name;
  if (typeof name !== 'string' || name.length === 0) fail(String(name), 'name must be a non-empty string');
  for (const key of Object.keys(config)) if (!CONFIG_KEYS.has(key)) fail(name, `unknown option "${key}"`);
  const shape = (config.schema as { shape?: unknown } | undefined)?.shape;
  if (typeof shape !== 'object' || shape === null) fail(name, 'schema must be a zod object schema');
  const fields = introspectFields(shape as Record<string, unknown>);
  for (const field of fields.keys()) {
    if (RESERVED_FIELD_NAMES.includes(field))
      fail(name, `field "${field}" collides with the query parameter of the same name`);
    if (UNSAFE_NAMES.has(field) || !FIELD_NAME.test(field)) fail(name, `field name "${field}" is not allowed`);
  }
  const idField = config.idField ?? 'id';
  const id = fields.get(idField);
  if (!id) fail(name, `id field "${idField}" is not in the schema`);
  const idSchema = (shape as Record<string, { safeParse(value: unknown): { success: boolean } }>)[idField];
  // A number id must be an integer (`z.number().int()`): a path segment names it in plain decimal digits.
  if (id?.kind !== 'string' && (id?.kind !== 'number' || idSchema?.safeParse(0.5).success))
    fail(name, `id field "${idField}" must be a string or an integer (z.number().int())`);
  if (idSchema?.safeParse(null).success) fail(name, `id field "${idField}" must not be nullable`);
  // No record could be reached at `{path}/:id` if every id the schema takes is longer than a path segment may be.
  const minLength = (idSchema as { minLength?: unknown } | undefined)?.minLength;
  if (typeof minLength === 'number' && minLength > MAX_ID_PATH_LENGTH)
    fail(name, `id field "${idField}" takes no id of at most ${MAX_ID_PATH_LENGTH} characters (MAX_ID_PATH_LENGTH)`);

  const usable = (field: string, role: string): FieldDef => {
    const def = fields.get(field);
    if (!def) return fail(name, `${role} field "${field}" is not in the schema`);
    if (def.kind === 'other') fail(name, `${role} field "${field}" is not a string, number, boolean, date or enum`);
    return def;
  };

  const lifecycle = resolveLifecycle(
    config,
    fields,
    (field) => (shape as Record<string, { safeParse(value: unknown): { success: boolean } }>)[field],
    idField,
    (message) => fail(name, message),
  );
  const declared = resolveFieldPolicy(name, config, fields, idField);
  const lifecycleFields = [lifecycle.softDelete, lifecycle.version].filter((field) => field !== undefined);
  const policy =
    lifecycleFields.length === 0
      ? declared
      : { ...declared, readOnly: freezeSet(new Set([...declared.readOnly, ...lifecycleFields])) };
  if (lifecycle.version !== undefined && policy.hidden.has(lifecycle.version))
    fail(name, `the version field "${lifecycle.version}" cannot be hidden (it is the etag)`);

  const { filterable, filterPaths } = resolveFilterable(
    { filterable: config.filterable, fields, hidden: policy.hidden },
    (message) => fail(name, message),
  );

  const sortable = new Set<string>([idField]);
  const sortPaths = (config.sortable ?? []).filter((field) => typeof field === 'string' && isRelationPath(field));
  for (const field of (config.sortable ?? []).filter((entry) => !sortPaths.includes(entry))) {
    usable(field, 'sortable');
    if (policy.hidden.has(field)) fail(name, `hidden field "${field}" cannot be sortable`);
    sortable.add(field);
  }

  const relations = declareRelations(
    { relations: config.relations, includable: config.includable, countable: config.countable, filterPaths, sortPaths },
    fields,
    (field) => UNSAFE_NAMES.has(field),
    (message) => fail(name, message),
  );
  const searchable = resolveSearchable(name, config.searchable, fields, policy.hidden);
  const pagination = resolvePagination(name, config.pagination ?? {});
  const order: OrderTerm[] = [];
  for (const term of config.defaultOrder ?? []) {
    if (!sortable.has(term.field)) fail(name, `defaultOrder field "${term.field}" is not sortable`);
    if (order.some((earlier) => earlier.field === term.field))
      fail(name, `defaultOrder names field "${term.field}" twice`);
    if (term.direction !== 'asc' && term.direction !== 'desc')
      fail(name, `defaultOrder direction must be 'asc' or 'desc'`);
    order.push(Object.freeze({ field: term.field, direction: term.direction }));
  }
  const defaultOrder = withTieBreaker(order, idField);

  return Object.freeze({
    name,
    schema: config.schema,
    idField,
    fields: freezeMap(new Map(fields)),
    filterable: freezeMap(filterable),
    sortable: freezeSet(sortable),
    pagination,
    defaultOrder,
    ...policy,
    searchable,
    relations,
    softDelete: lifecycle.softDelete,
    version: lifecycle.version,
  }) as Resource<z.output<TSchema>, TSchema>;
}

function resolveSearchable(
  name: string,
  option: unknown,
  fields: ReadonlyMap<string, FieldDef>,
  hidden: ReadonlySet<string>,
): readonly string[] {
  if (option === undefined) return Object.freeze([]);
  if (!Array.isArray(option) || option.length === 0)
    return fail(name, 'searchable must be a non-empty array of string fields');
  const list: string[] = [];
  for (const field of option as unknown[]) {
    const def = typeof field === 'string' ? fields.get(field) : undefined;
    if (!def) return fail(name, `searchable field "${String(field)}" is not in the schema`);
    if (def.kind !== 'string') fail(name, `searchable field "${def.name}" must be a string field, not ${def.kind}`);
    if (hidden.has(def.name)) fail(name, `hidden field "${def.name}" cannot be searchable`);
    if (list.includes(def.name)) fail(name, `searchable names field "${def.name}" twice`);
    list.push(def.name);
  }
  return Object.freeze(list);
}

interface FieldPolicy {
  readonly clientIds: boolean;
  readonly readOnly: ReadonlySet<string>;
  readonly hidden: ReadonlySet<string>;
  readonly unknownFields: UnknownFieldPolicy;
}

function resolveFieldPolicy(
  name: string,
  config: ResourceConfig<z.ZodObject>,
  fields: ReadonlyMap<string, FieldDef>,
  idField: string,
): FieldPolicy {
  const { clientIds = false, unknownFields = 'reject' } = config;
  if (typeof clientIds !== 'boolean') fail(name, 'clientIds must be a boolean');
  if (unknownFields !== 'reject' && unknownFields !== 'strip') fail(name, "unknownFields must be 'reject' or 'strip'");
  const fieldSet = (option: 'readOnly' | 'hidden'): Set<string> => {
    const list: unknown = config[option] ?? [];
    if (!Array.isArray(list)) return fail(name, `${option} must be an array of field names`);
    const set = new Set<string>();
    for (const field of list as unknown[]) {
      if (typeof field !== 'string' || !fields.has(field))
        fail(name, `${option} field "${String(field)}" is not in the schema`);
      set.add(field as string);
    }
    return set;
  };
  const readOnly = fieldSet('readOnly');
  const hidden = fieldSet('hidden');
  if (hidden.has(idField)) fail(name, `the id field "${idField}" cannot be hidden`);
  if (clientIds && readOnly.has(idField))
    fail(name, `the id field "${idField}" cannot be readOnly when clientIds is true`);
  if (!clientIds) readOnly.add(idField);
  return { clientIds, readOnly: freezeSet(readOnly), hidden: freezeSet(hidden), unknownFields };
}

/**
 * Checks page-size settings over `defaults` (the resource's own defaults, or a route's base settings).
 *
 * @throws TypeError starting with `prefix` for an unknown key, a bad limit, a default above the maximum, or a bad policy.
 */
export function resolvePagination(
  name: string,
  options: PaginationOptions,
  defaults: Readonly<Required<PaginationOptions>> = { defaultLimit: 10, maxLimit: 100, onLimitExceeded: 'clamp' },
  prefix = `defineResource(${JSON.stringify(name)})`,
): Readonly<Required<PaginationOptions>> {
  const fail = (message: string): never => {
    throw new TypeError(`${prefix}: ${message}`);
  };
  if (typeof options !== 'object' || options === null) fail('pagination must be an object');
  for (const key of Object.keys(options)) if (!PAGINATION_KEYS.has(key)) fail(`unknown pagination option "${key}"`);
  const {
    defaultLimit = defaults.defaultLimit,
    maxLimit = defaults.maxLimit,
    onLimitExceeded = defaults.onLimitExceeded,
  } = options;
  if (!Number.isSafeInteger(maxLimit) || maxLimit < 1) fail('pagination.maxLimit must be a positive integer');
  if (!Number.isSafeInteger(defaultLimit) || defaultLimit < 1 || defaultLimit > maxLimit) {
    fail(
      `pagination.defaultLimit must be a positive integer no greater than maxLimit (got ${defaultLimit} and ${maxLimit})`,
    );
  }
  if (onLimitExceeded !== 'clamp' && onLimitExceeded !== 'reject') {
    fail("pagination.onLimitExceeded must be 'clamp' or 'reject'");
  }
  return Object.freeze({ defaultLimit, maxLimit, onLimitExceeded });
}

/** Appends the id, ascending, as the final sort key unless the order already names it. */
export function withTieBreaker<TField extends string>(
  order: readonly OrderTerm<TField>[],
  idField: TField,
): readonly OrderTerm<TField>[] {
  if (order.some((term) => term.field === idField)) return Object.freeze([...order]);
  return Object.freeze([...order, Object.freeze({ field: idField, direction: 'asc' as const })]);
}
