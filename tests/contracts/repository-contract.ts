/**
 * The shared contract of every repository adapter (in-memory, PostgreSQL, ...). Call
 * `describeRepositoryContract(name, makeRepository)` from an adapter's test file; `makeRepository` receives a
 * resource defined here and the records to start with, and returns a fresh, isolated repository.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  defineResource,
  isHttpError,
  parseCursorQuery,
  parseListQuery,
  type CursorPage,
  type HttpError,
  type OrderTerm,
  type Repository,
  type Resource,
  type ScopeOptions,
  type Where,
} from '../../src/index';

fc.configureGlobal({ seed: Number(process.env['FC_SEED'] ?? 42) });

/** Builds a fresh repository of `resource` holding `records`. */
export type MakeRepository = <TRecord>(
  resource: Resource<TRecord>,
  records: readonly TRecord[],
) => Promise<Repository<TRecord>> | Repository<TRecord>;

/** Options of {@link describeRepositoryContract}. */
export interface RepositoryContractOptions {
  /** Runs of each property (default 100; lower it for slow adapters). */
  readonly numRuns?: number;
  /**
   * SQL keeps one NULL: a field that is both optional and nullable, stored absent, reads back as `null`. Adapters
   * that work so say it here, and the contract expects `null` for such absent fields of the seed.
   */
  readonly readsAbsentNullableAsNull?: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// The resources and the fixed data set of the contract
// ---------------------------------------------------------------------------------------------------------------

const STATUSES = ['draft', 'active', 'archived'] as const; // declaration order differs from string order on purpose
export const FIELDS = ['name', 'nick', 'age', 'score', 'active', 'status', 'createdAt'] as const;

export const itemSchema = z.object({
  id: z.string(),
  name: z.string(),
  nick: z.string().nullable().optional(),
  age: z.number().int().nullable(),
  score: z.number().optional(),
  active: z.boolean().nullable(),
  status: z.enum(STATUSES),
  createdAt: z.date().nullable(),
});

export type Item = z.output<typeof itemSchema>;

/** The main resource: every field filterable and sortable, default order id ascending. */
export const items = defineResource({
  name: 'items',
  schema: itemSchema,
  filterable: [...FIELDS],
  sortable: [...FIELDS],
  pagination: { defaultLimit: 5, maxLimit: 50 },
});

/** A resource with a default order and a rejecting limit policy. */
export const newestItems = defineResource({
  name: 'newestItems',
  schema: itemSchema,
  sortable: ['createdAt'],
  pagination: { defaultLimit: 3, maxLimit: 5, onLimitExceeded: 'reject' },
  defaultOrder: [{ field: 'createdAt', direction: 'desc' }],
});

const at = (iso: string): Date => new Date(iso);

/** The main resource again, searchable by `name` and `nick` (a required and a nullable, optional string field). */
export const searchableItems = defineResource({
  name: 'searchableItems',
  schema: itemSchema,
  filterable: [...FIELDS],
  sortable: [...FIELDS],
  searchable: ['name', 'nick'],
  pagination: { defaultLimit: 5, maxLimit: 50 },
});

/** The search of the reference model: the text as given and the fields it looks in. */
export interface ReferenceSearch {
  readonly text: string;
  readonly fields: readonly string[];
}

/** The fields {@link searchableItems} searches. */
export const SEARCH_FIELDS: readonly string[] = ['name', 'nick'];

/** A schema with defaults, an optional, an optional-and-nullable and a nullable field: what `replace` fills in. */
export const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(STATUSES).default('draft'),
  tag: z.string().default('none'),
  createdAt: z.date().default(() => new Date(0)),
  memo: z.string().optional(),
  owner: z.string().nullable().optional(),
  due: z.date().nullable(),
});

export type Task = z.output<typeof taskSchema>;

/** The resource of records with defaults. */
export const tasks = defineResource({
  name: 'tasks',
  schema: taskSchema,
  filterable: ['status', 'tag'],
  sortable: ['title', 'createdAt'],
});

/** Eight records chosen so that each operator, null rule and ordering rule has a distinct answer. */
export const SEED: readonly Item[] = Object.freeze([
  {
    id: 'a1',
    name: 'Ada',
    nick: 'ada',
    age: 36,
    score: 1.5,
    active: true,
    status: 'active',
    createdAt: at('2020-01-01T00:00:00.000Z'),
  },
  {
    id: 'a2',
    name: 'alan',
    nick: null,
    age: 41,
    active: false,
    status: 'archived',
    createdAt: at('2021-06-15T12:00:00.000Z'),
  },
  { id: 'a3', name: 'Grace', age: null, score: 2, active: null, status: 'draft', createdAt: null },
  {
    id: 'a4',
    name: 'grace hopper',
    nick: 'AMAZING',
    age: 85,
    score: -1,
    active: true,
    status: 'active',
    createdAt: at('2019-12-31T23:59:59.999Z'),
  },
  {
    id: 'a5',
    name: 'Édith',
    nick: 'édith',
    age: 36,
    score: 0,
    active: false,
    status: 'draft',
    createdAt: at('2020-01-01T00:00:00.000Z'),
  },
  {
    id: 'a6',
    name: '😀 emoji',
    nick: 'x%_y',
    age: 9,
    score: 10,
    active: true,
    status: 'archived',
    createdAt: at('2022-02-02T00:00:00.000Z'),
  },
  { id: 'a7', name: '\uFF5Ewide', nick: '', age: 10, score: 9.75, active: null, status: 'active', createdAt: null },
  {
    id: 'a8',
    name: 'Zed',
    nick: 'a.*b',
    age: null,
    active: false,
    status: 'draft',
    createdAt: at('2023-03-03T00:00:00.000Z'),
  },
]);

const ALL_IDS = SEED.map((record) => record.id);
const except = (...ids: string[]): string[] => ALL_IDS.filter((id) => !ids.includes(id));

/** Every operator of the table, on every field kind, with the ids it must return (id ascending). */
export const OPERATOR_ROWS: readonly { readonly where: Where<Item>; readonly ids: readonly string[] }[] = [
  // strings: case-sensitive, literal
  { where: { name: 'Ada' }, ids: ['a1'] },
  { where: { name: { eq: 'Ada' } }, ids: ['a1'] },
  { where: { name: { eq: 'ada' } }, ids: [] },
  { where: { name: { ne: 'Ada' } }, ids: except('a1') },
  { where: { name: { in: ['Ada', 'Zed', 'nobody'] } }, ids: ['a1', 'a8'] },
  { where: { name: { notin: ['Ada', 'Zed'] } }, ids: except('a1', 'a8') },
  { where: { name: { cont: 'race' } }, ids: ['a3', 'a4'] },
  { where: { name: { excl: 'a' } }, ids: ['a5', 'a6', 'a7', 'a8'] },
  { where: { name: { starts: 'Gr' } }, ids: ['a3'] },
  { where: { name: { ends: 'er' } }, ids: ['a4'] },
  { where: { name: { starts: '😀' } }, ids: ['a6'] },
  { where: { name: { starts: '\uFF5E' } }, ids: ['a7'] },
  // strings: case-insensitive twins
  { where: { name: { eql: 'ADA' } }, ids: ['a1'] },
  { where: { name: { nel: 'ada' } }, ids: except('a1') },
  { where: { name: { contl: 'RACE' } }, ids: ['a3', 'a4'] },
  { where: { name: { excll: 'E' } }, ids: ['a1', 'a2', 'a5'] },
  { where: { name: { startsl: 'g' } }, ids: ['a3', 'a4'] },
  { where: { name: { endsl: 'ITH' } }, ids: ['a5'] },
  { where: { name: { eql: 'ÉDITH' } }, ids: ['a5'] },
  { where: { name: { inl: ['ADA', 'zed'] } }, ids: ['a1', 'a8'] },
  { where: { name: { notinl: ['ADA', 'ZED'] } }, ids: except('a1', 'a8') },
  // literal matching: never a LIKE pattern or a regular expression
  { where: { nick: { cont: '%' } }, ids: ['a6'] },
  { where: { nick: { cont: '_' } }, ids: ['a6'] },
  { where: { nick: { cont: '.*' } }, ids: ['a8'] },
  { where: { nick: { starts: 'a.' } }, ids: ['a8'] },
  { where: { nick: { startsl: '%' } }, ids: [] },
  { where: { nick: { eq: '' } }, ids: ['a7'] },
  // a nullable, optional string: null and missing never match anything but isnull
  { where: { nick: { ne: 'ada' } }, ids: ['a4', 'a5', 'a6', 'a7', 'a8'] },
  { where: { nick: { nel: 'ADA' } }, ids: ['a4', 'a5', 'a6', 'a7', 'a8'] },
  { where: { nick: { notin: ['ada'] } }, ids: ['a4', 'a5', 'a6', 'a7', 'a8'] },
  { where: { nick: { notinl: ['amazing'] } }, ids: ['a1', 'a5', 'a6', 'a7', 'a8'] },
  { where: { nick: { excl: 'a' } }, ids: ['a4', 'a5', 'a6', 'a7'] },
  { where: { nick: { excll: 'a' } }, ids: ['a5', 'a6', 'a7'] },
  { where: { nick: { cont: '' } }, ids: ['a1', 'a4', 'a5', 'a6', 'a7', 'a8'] },
  { where: { nick: { eql: 'amazing' } }, ids: ['a4'] },
  { where: { nick: { contl: 'AZ' } }, ids: ['a4'] },
  { where: { nick: { startsl: 'A' } }, ids: ['a1', 'a4', 'a8'] },
  { where: { nick: { isnull: true } }, ids: ['a2', 'a3'] },
  { where: { nick: null }, ids: ['a2', 'a3'] },
  { where: { nick: { notnull: true } }, ids: ['a1', 'a4', 'a5', 'a6', 'a7', 'a8'] },
  // numbers (nullable)
  { where: { age: 36 }, ids: ['a1', 'a5'] },
  { where: { age: { eq: 36 } }, ids: ['a1', 'a5'] },
  { where: { age: { ne: 36 } }, ids: ['a2', 'a4', 'a6', 'a7'] },
  { where: { age: { gt: 36 } }, ids: ['a2', 'a4'] },
  { where: { age: { gte: 36 } }, ids: ['a1', 'a2', 'a4', 'a5'] },
  { where: { age: { lt: 10 } }, ids: ['a6'] },
  { where: { age: { lte: 10 } }, ids: ['a6', 'a7'] },
  { where: { age: { between: [10, 41] } }, ids: ['a1', 'a2', 'a5', 'a7'] },
  { where: { age: { between: [41, 10] } }, ids: [] },
  { where: { age: { in: [9, 85] } }, ids: ['a4', 'a6'] },
  { where: { age: { notin: [9, 85] } }, ids: ['a1', 'a2', 'a5', 'a7'] },
  { where: { age: { isnull: true } }, ids: ['a3', 'a8'] },
  { where: { age: { notnull: true } }, ids: except('a3', 'a8') },
  { where: { age: { gte: 10, lt: 41 } }, ids: ['a1', 'a5', 'a7'] },
  // numbers (optional, fractional): by value, never as text
  { where: { score: { lt: 0 } }, ids: ['a4'] },
  { where: { score: { gt: 1.5 } }, ids: ['a3', 'a6', 'a7'] },
  { where: { score: { ne: 0 } }, ids: ['a1', 'a3', 'a4', 'a6', 'a7'] },
  { where: { score: { between: [0, 2] } }, ids: ['a1', 'a3', 'a5'] },
  { where: { score: { isnull: true } }, ids: ['a2', 'a8'] },
  // booleans (nullable)
  { where: { active: true }, ids: ['a1', 'a4', 'a6'] },
  { where: { active: { eq: false } }, ids: ['a2', 'a5', 'a8'] },
  { where: { active: { ne: true } }, ids: ['a2', 'a5', 'a8'] },
  { where: { active: { in: [false] } }, ids: ['a2', 'a5', 'a8'] },
  { where: { active: { notin: [false] } }, ids: ['a1', 'a4', 'a6'] },
  { where: { active: { isnull: true } }, ids: ['a3', 'a7'] },
  { where: { active: { notnull: true } }, ids: except('a3', 'a7') },
  // enums
  { where: { status: 'draft' }, ids: ['a3', 'a5', 'a8'] },
  { where: { status: { ne: 'active' } }, ids: ['a2', 'a3', 'a5', 'a6', 'a8'] },
  { where: { status: { in: ['active', 'archived'] } }, ids: ['a1', 'a2', 'a4', 'a6', 'a7'] },
  { where: { status: { notin: ['active', 'archived'] } }, ids: ['a3', 'a5', 'a8'] },
  // dates (nullable): by instant, Date or ISO 8601 text
  { where: { createdAt: at('2020-01-01T00:00:00.000Z') }, ids: ['a1', 'a5'] },
  { where: { createdAt: { eq: '2020-01-01T01:00:00+01:00' } }, ids: ['a1', 'a5'] },
  { where: { createdAt: { ne: at('2020-01-01T00:00:00.000Z') } }, ids: ['a2', 'a4', 'a6', 'a8'] },
  { where: { createdAt: { gt: '2020-01-01T00:00:00.000Z' } }, ids: ['a2', 'a6', 'a8'] },
  { where: { createdAt: { gte: at('2020-01-01T00:00:00.000Z') } }, ids: ['a1', 'a2', 'a5', 'a6', 'a8'] },
  { where: { createdAt: { lt: at('2020-01-01T00:00:00.000Z') } }, ids: ['a4'] },
  { where: { createdAt: { lte: at('2019-12-31T23:59:59.999Z') } }, ids: ['a4'] },
  { where: { createdAt: { between: ['2020-01-01T00:00:00Z', '2021-12-31T00:00:00Z'] } }, ids: ['a1', 'a2', 'a5'] },
  { where: { createdAt: { in: [at('2019-12-31T23:59:59.999Z'), at('2022-02-02T00:00:00.000Z')] } }, ids: ['a4', 'a6'] },
  { where: { createdAt: { notin: [at('2020-01-01T00:00:00.000Z')] } }, ids: ['a2', 'a4', 'a6', 'a8'] },
  { where: { createdAt: { isnull: true } }, ids: ['a3', 'a7'] },
  { where: { createdAt: null }, ids: ['a3', 'a7'] },
  { where: { createdAt: { notnull: true } }, ids: except('a3', 'a7') },
  // the id, AND across fields, OR across clauses
  { where: { id: 'a3' }, ids: ['a3'] },
  { where: { id: { in: ['a3', 'a1', 'zz'] } }, ids: ['a1', 'a3'] },
  { where: { age: 36, status: 'draft' }, ids: ['a5'] },
  { where: [{ status: 'draft' }, { age: { gt: 80 } }], ids: ['a3', 'a4', 'a5', 'a8'] },
  { where: [{ age: 36 }, { status: 'active' }], ids: ['a1', 'a4', 'a5', 'a7'] },
  { where: [{ age: 36 }, { age: 36 }], ids: ['a1', 'a5'] },
  { where: {}, ids: ALL_IDS },
];

/** Orders over the seed and the ids they must return. */
export const ORDER_ROWS: readonly {
  readonly name: string;
  readonly orderBy: readonly OrderTerm<keyof Item & string>[];
  readonly ids: readonly string[];
}[] = [
  {
    name: 'strings by code point',
    orderBy: [{ field: 'name', direction: 'asc' }],
    ids: ['a1', 'a3', 'a8', 'a2', 'a4', 'a5', 'a7', 'a6'],
  },
  {
    name: 'strings by code point, descending',
    orderBy: [{ field: 'name', direction: 'desc' }],
    ids: ['a6', 'a7', 'a5', 'a4', 'a2', 'a8', 'a3', 'a1'],
  },
  {
    name: 'nullable strings, nulls last',
    orderBy: [{ field: 'nick', direction: 'asc' }],
    ids: ['a7', 'a4', 'a8', 'a1', 'a6', 'a5', 'a2', 'a3'],
  },
  {
    name: 'nullable strings, nulls first descending',
    orderBy: [{ field: 'nick', direction: 'desc' }],
    ids: ['a2', 'a3', 'a5', 'a6', 'a1', 'a8', 'a4', 'a7'],
  },
  {
    name: 'numbers by value',
    orderBy: [{ field: 'age', direction: 'asc' }],
    ids: ['a6', 'a7', 'a1', 'a5', 'a2', 'a4', 'a3', 'a8'],
  },
  {
    name: 'numbers by value, descending',
    orderBy: [{ field: 'age', direction: 'desc' }],
    ids: ['a3', 'a8', 'a4', 'a2', 'a1', 'a5', 'a7', 'a6'],
  },
  {
    name: 'fractional numbers, missing last',
    orderBy: [{ field: 'score', direction: 'asc' }],
    ids: ['a4', 'a5', 'a1', 'a3', 'a7', 'a6', 'a2', 'a8'],
  },
  {
    name: 'booleans false before true',
    orderBy: [{ field: 'active', direction: 'asc' }],
    ids: ['a2', 'a5', 'a8', 'a1', 'a4', 'a6', 'a3', 'a7'],
  },
  {
    name: 'booleans, descending',
    orderBy: [{ field: 'active', direction: 'desc' }],
    ids: ['a3', 'a7', 'a1', 'a4', 'a6', 'a2', 'a5', 'a8'],
  },
  {
    name: 'enums by string value',
    orderBy: [{ field: 'status', direction: 'asc' }],
    ids: ['a1', 'a4', 'a7', 'a2', 'a6', 'a3', 'a5', 'a8'],
  },
  {
    name: 'dates by instant',
    orderBy: [{ field: 'createdAt', direction: 'asc' }],
    ids: ['a4', 'a1', 'a5', 'a2', 'a6', 'a8', 'a3', 'a7'],
  },
  {
    name: 'dates, descending',
    orderBy: [{ field: 'createdAt', direction: 'desc' }],
    ids: ['a3', 'a7', 'a8', 'a6', 'a2', 'a1', 'a5', 'a4'],
  },
  {
    name: 'several keys',
    orderBy: [
      { field: 'status', direction: 'asc' },
      { field: 'age', direction: 'desc' },
    ],
    ids: ['a4', 'a1', 'a7', 'a2', 'a6', 'a3', 'a8', 'a5'],
  },
  { name: 'the id descending', orderBy: [{ field: 'id', direction: 'desc' }], ids: [...ALL_IDS].reverse() },
];

/**
 * Records for the search rules: case folding beyond ASCII (`Ä`, `İ`, which lower-cases to `i` and a combining dot),
 * LIKE and regular-expression metacharacters, a backslash and quotes, a null and a missing `nick`, and a record that
 * holds the text in both fields (it must come once).
 */
export const SEARCH_SEED: readonly Item[] = Object.freeze([
  { id: 's1', name: 'ÄBC Corp', nick: null, age: 30, active: true, status: 'active', createdAt: null },
  { id: 's2', name: 'äbc', nick: 'Zeta', age: 40, active: false, status: 'draft', createdAt: null },
  { id: 's3', name: 'İstanbul', nick: 'ist', age: 50, active: null, status: 'archived', createdAt: null },
  { id: 's4', name: '100% sure', nick: 'snake_case', age: 20, active: true, status: 'active', createdAt: null },
  { id: 's5', name: 'back\\slash', nick: 'it\'s "quoted"', age: 60, active: false, status: 'draft', createdAt: null },
  { id: 's6', name: 'a.*b+c?(d)[e]{f}^$|', nick: 'PLAIN', age: 25, active: true, status: 'archived', createdAt: null },
  { id: 's7', name: 'Plain', nick: 'ABC', age: 35, active: null, status: 'active', createdAt: null },
  { id: 's8', name: 'nothing here', age: null, active: false, status: 'draft', createdAt: null },
  { id: 's9', name: 'abcabc', nick: 'xAbcx', age: 45, active: true, status: 'archived', createdAt: null },
]);

/** Searches over {@link SEARCH_SEED} and the ids they must return (id ascending). */
export const SEARCH_ROWS: readonly { readonly search: string; readonly ids: readonly string[] }[] = [
  // case-insensitive by toLowerCase: ASCII, then beyond it (Ä and ä are one letter, A and Ä are not)
  { search: 'abc', ids: ['s7', 's9'] },
  { search: 'ABC', ids: ['s7', 's9'] },
  { search: 'aBc', ids: ['s7', 's9'] },
  { search: 'ÄBC', ids: ['s1', 's2'] },
  { search: 'äbc', ids: ['s1', 's2'] },
  { search: 'Äbc CORP', ids: ['s1'] },
  // İ lower-cases to i + U+0307: it finds itself and its lower-case form, and contains an i
  { search: 'İ', ids: ['s3'] },
  { search: 'i\u0307stan', ids: ['s3'] },
  { search: 'İSTANBUL', ids: ['s3'] },
  { search: 'ist', ids: ['s3'] },
  { search: 'I', ids: ['s3', 's5', 's6', 's7', 's8'] },
  // any field: the first, the second, both (once)
  { search: 'corp', ids: ['s1'] },
  { search: 'zeta', ids: ['s2'] },
  { search: 'plain', ids: ['s6', 's7'] },
  { search: 'x', ids: ['s9'] },
  { search: 'e', ids: ['s2', 's4', 's5', 's6', 's8'] },
  { search: ' ', ids: ['s1', 's4', 's5', 's8'] },
  // literal: never a LIKE pattern, an escape or a regular expression
  { search: '%', ids: ['s4'] },
  { search: '100%', ids: ['s4'] },
  { search: '%s', ids: [] },
  { search: '_', ids: ['s4'] },
  { search: 'e_c', ids: ['s4'] },
  { search: 'e_', ids: ['s4'] },
  { search: '\\', ids: ['s5'] },
  { search: 'k\\s', ids: ['s5'] },
  { search: '\\%', ids: [] },
  { search: "'", ids: ['s5'] },
  { search: '"', ids: ['s5'] },
  { search: 'it\'s "q', ids: ['s5'] },
  { search: "''", ids: [] },
  { search: '.', ids: ['s6'] },
  { search: '.*', ids: ['s6'] },
  { search: 'a.*b', ids: ['s6'] },
  { search: 'b+c?', ids: ['s6'] },
  { search: '(d)[e]{f}', ids: ['s6'] },
  { search: '^$|', ids: ['s6'] },
  { search: '[a-z]', ids: [] },
  { search: 'a.c', ids: [] },
  // a null or missing field matches nothing, not even its name
  { search: 'null', ids: [] },
  { search: 'undefined', ids: [] },
  { search: 'zzz', ids: [] },
  { search: 'x'.repeat(200), ids: [] },
];

/** Searches and selections that must be a 400 with a message per problem (on {@link searchableItems}). */
export const BAD_SEARCH_INPUTS: readonly { readonly name: string; readonly input: unknown }[] = [
  { name: 'an empty search', input: { search: '' } },
  { name: 'a search of 201 characters', input: { search: 'x'.repeat(201) } },
  { name: 'a search that is a number', input: { search: 42 } },
  { name: 'a search that is an array', input: { search: ['a'] } },
  { name: 'a search holding NUL', input: { search: 'a\u0000b' } },
  { name: 'a search and a bad limit', input: { search: 'a', limit: 0 } },
  { name: 'an empty selection', input: { select: [] } },
  { name: 'a selection of an unknown field', input: { select: ['nope'] } },
  { name: 'a selection naming a field twice', input: { select: ['name', 'name'] } },
  { name: 'a selection that is text', input: { select: 'name' } },
  { name: 'a selection holding a number', input: { select: [42] } },
  { name: 'a selection of __proto__', input: { select: ['__proto__'] } },
  { name: 'a selection of constructor', input: { select: ['constructor'] } },
  { name: 'a selection of a field in capitals', input: { select: ['NAME'] } },
];

/** Programmatic inputs that must be a 400 with a message per problem. */
export const BAD_LIST_INPUTS: readonly { readonly name: string; readonly input: unknown }[] = [
  { name: 'limit 0', input: { limit: 0 } },
  { name: 'negative limit', input: { limit: -1 } },
  { name: 'fractional limit', input: { limit: 1.5 } },
  { name: 'NaN limit', input: { limit: Number.NaN } },
  { name: 'Infinity limit', input: { limit: Number.POSITIVE_INFINITY } },
  { name: 'text limit', input: { limit: '10' } },
  { name: 'page 0', input: { page: 0 } },
  { name: 'fractional page', input: { page: 2.5 } },
  { name: 'text page', input: { page: '2' } },
  { name: 'unknown option', input: { offset: 3 } },
  { name: 'unknown field', input: { where: { nope: 1 } } },
  { name: '__proto__ field', input: { where: JSON.parse('{"__proto__":{"eq":1}}') as unknown } },
  { name: 'constructor field', input: { where: { constructor: 'x' } } },
  { name: 'prototype field', input: { where: { prototype: 'x' } } },
  { name: 'unknown operator', input: { where: { age: { like: 3 } } } },
  { name: '__proto__ operator', input: { where: { age: JSON.parse('{"__proto__":3}') as unknown } } },
  { name: 'operator that does not fit a number', input: { where: { age: { cont: '3' } } } },
  { name: 'operator that does not fit a string', input: { where: { name: { gt: 'a' } } } },
  { name: 'operator that does not fit a boolean', input: { where: { active: { lt: true } } } },
  { name: 'isnull on a required field', input: { where: { name: null } } },
  { name: 'isnull with false', input: { where: { nick: { isnull: false } } } },
  { name: 'number field given text', input: { where: { age: 'x' } } },
  { name: 'number field given NaN', input: { where: { age: { gt: Number.NaN } } } },
  { name: 'boolean field given text', input: { where: { active: 'true' } } },
  { name: 'enum field given another value', input: { where: { status: 'deleted' } } },
  { name: 'date field given a non-date', input: { where: { createdAt: { gt: 'yesterday' } } } },
  { name: 'date field given an invalid Date', input: { where: { createdAt: new Date(Number.NaN) } } },
  { name: 'between with one value', input: { where: { age: { between: [1] } } } },
  { name: 'between with three values', input: { where: { age: { between: [1, 2, 3] } } } },
  { name: 'between not given an array', input: { where: { age: { between: 3 } } } },
  { name: 'in with no values', input: { where: { age: { in: [] } } } },
  { name: 'in with 101 values', input: { where: { age: { in: Array.from({ length: 101 }, (_, i) => i) } } } },
  { name: 'an empty OR', input: { where: [] } },
  { name: 'a where that is not an object', input: { where: 'age=3' } },
  { name: 'a nested array where', input: { where: [[{ age: 3 }]] } },
  { name: 'a value of NUL', input: { where: { name: 'a\u0000b' } } },
  { name: 'a 10 KB value', input: { where: { name: { cont: 'x'.repeat(10_240) } } } },
  { name: 'orderBy on an unknown field', input: { orderBy: [{ field: 'nope', direction: 'asc' }] } },
  { name: 'orderBy on __proto__', input: { orderBy: [{ field: '__proto__', direction: 'asc' }] } },
  { name: 'orderBy with a bad direction', input: { orderBy: [{ field: 'age', direction: 'up' }] } },
  { name: 'orderBy with DESC in capitals', input: { orderBy: [{ field: 'age', direction: 'DESC' }] } },
  {
    name: 'orderBy naming a field twice',
    input: {
      orderBy: [
        { field: 'age', direction: 'asc' },
        { field: 'age', direction: 'desc' },
      ],
    },
  },
  { name: 'orderBy that is not an array', input: { orderBy: 'age' } },
];

// ---------------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------------

/** Awaits a promise that must reject with an `HttpError`, and returns the error. */
export async function httpErrorOf(promise: Promise<unknown>): Promise<HttpError> {
  let outcome: unknown;
  try {
    outcome = await promise;
  } catch (error) {
    if (isHttpError(error)) return error;
    throw error;
  }
  throw new Error(`expected an HttpError, got the result ${JSON.stringify(outcome)}`);
}

/** Asserts a 400 whose message is a non-empty array of strings. */
export async function expectBadRequest(promise: Promise<unknown>): Promise<HttpError> {
  const error = await httpErrorOf(promise);
  expect(error.statusCode).toBe(400);
  expect(error.error).toBe('Bad Request');
  expect(Array.isArray(error.message)).toBe(true);
  expect(error.message.length).toBeGreaterThan(0);
  for (const message of error.message as readonly unknown[]) expect(typeof message).toBe('string');
  return error;
}

const idsOf = (records: readonly { readonly id: string }[]): string[] => records.map((record) => record.id);

/** Mutates a value, tolerating frozen records (a frozen record protects the store as well). */
function tryMutate(mutate: () => void): void {
  try {
    mutate();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
  }
}

/**
 * Walks `list` page by page and returns every record, checking the metadata of each page. A `scope` in the query is
 * passed as the scope option of every call; `search` and `select` are passed on with the rest of the query.
 */
export async function walkPages<TRecord extends { readonly id: string }>(
  repository: Repository<TRecord>,
  query: {
    where?: Where<TRecord> | undefined;
    orderBy?: readonly OrderTerm<keyof TRecord & string>[] | undefined;
    limit: number;
    scope?: Where<TRecord> | undefined;
    search?: string | undefined;
    select?: readonly (keyof TRecord & string)[] | undefined;
  },
): Promise<{ records: TRecord[]; total: number }> {
  const { scope, ...listQuery } = query;
  const options: ScopeOptions<TRecord> = { scope };
  const records: TRecord[] = [];
  const first = await repository.list({ ...listQuery, page: 1 }, options);
  const { total, totalPages } = first;
  expect(totalPages).toBe(total === 0 ? 0 : Math.ceil(total / query.limit));
  for (let page = 1; page <= Math.max(totalPages, 1); page++) {
    const result = page === 1 ? first : await repository.list({ ...listQuery, page }, options);
    expect(result).toMatchObject({ total, totalPages, page, limit: query.limit });
    expect(result.hasNextPage).toBe(page < totalPages);
    expect(result.hasPreviousPage).toBe(page > 1);
    expect(result.items).toHaveLength(Math.max(0, Math.min(query.limit, total - (page - 1) * query.limit)));
    records.push(...result.items);
  }
  const past = await repository.list({ ...listQuery, page: totalPages + 1 }, options);
  expect(past).toMatchObject({ items: [], total, totalPages, page: totalPages + 1, hasNextPage: false });
  return { records, total };
}

/**
 * Walks `listByCursor` until `nextCursor` is null and returns every record. A `scope` in the query is passed as the
 * scope option of every call.
 */
export async function walkCursor<TRecord extends { readonly id: string }>(
  repository: Repository<TRecord>,
  query: {
    where?: Where<TRecord> | undefined;
    orderBy?: readonly OrderTerm<keyof TRecord & string>[] | undefined;
    limit?: number;
    scope?: Where<TRecord> | undefined;
    search?: string | undefined;
    select?: readonly (keyof TRecord & string)[] | undefined;
  },
  maxPages: number,
): Promise<TRecord[]> {
  const { scope, ...cursorQuery } = query;
  const records: TRecord[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages <= maxPages; pages++) {
    // Annotated: the call is generic (its items follow `select`), and `cursor` depends on the previous page.
    const page: CursorPage<TRecord> = await repository.listByCursor({ ...cursorQuery, cursor }, { scope });
    records.push(...page.items);
    if (page.nextCursor === null) return records;
    expect(typeof page.nextCursor).toBe('string');
    expect(page.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(page.items).toHaveLength(query.limit ?? 20);
    cursor = page.nextCursor;
  }
  throw new Error(`the cursor walk did not end within ${maxPages} pages`);
}

// ---------------------------------------------------------------------------------------------------------------
// The reference model: filter, then sort, written from the issue's rules
// ---------------------------------------------------------------------------------------------------------------

type Row = Readonly<Record<string, unknown>>;

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

const keyOf = (value: unknown): unknown =>
  value instanceof Date
    ? value.getTime()
    : typeof value === 'string' && DATE_TEXT.test(value)
      ? Date.parse(value)
      : value;
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}T/;
const lower = (value: unknown): string => String(value).toLowerCase();

function referenceTest(op: string, value: unknown, operand: unknown): boolean {
  if (op === 'isnull') return value === null || value === undefined;
  if (op === 'notnull') return value !== null && value !== undefined;
  if (value === null || value === undefined) return false; // SQL: no operator but isnull matches a null
  const list = operand as readonly unknown[];
  const v = keyOf(value);
  switch (op) {
    case 'eq':
      return v === keyOf(operand);
    case 'ne':
      return v !== keyOf(operand);
    case 'gt':
      return (v as number) > (keyOf(operand) as number);
    case 'gte':
      return (v as number) >= (keyOf(operand) as number);
    case 'lt':
      return (v as number) < (keyOf(operand) as number);
    case 'lte':
      return (v as number) <= (keyOf(operand) as number);
    case 'between':
      return (v as number) >= (keyOf(list[0]) as number) && (v as number) <= (keyOf(list[1]) as number);
    case 'in':
      return list.some((x) => keyOf(x) === v);
    case 'notin':
      return !list.some((x) => keyOf(x) === v);
    case 'cont':
      return String(value).includes(String(operand));
    case 'excl':
      return !String(value).includes(String(operand));
    case 'starts':
      return String(value).startsWith(String(operand));
    case 'ends':
      return String(value).endsWith(String(operand));
    case 'eql':
      return lower(value) === lower(operand);
    case 'nel':
      return lower(value) !== lower(operand);
    case 'contl':
      return lower(value).includes(lower(operand));
    case 'excll':
      return !lower(value).includes(lower(operand));
    case 'startsl':
      return lower(value).startsWith(lower(operand));
    case 'endsl':
      return lower(value).endsWith(lower(operand));
    case 'inl':
      return list.some((x) => lower(x) === lower(value));
    case 'notinl':
      return !list.some((x) => lower(x) === lower(value));
    default:
      throw new Error(`the reference model does not know operator ${op}`);
  }
}

function referenceMatches(record: Row, clause: Row): boolean {
  return Object.entries(clause).every(([field, condition]) => {
    const value = record[field];
    if (condition === null) return value === null || value === undefined;
    if (!isPlain(condition)) return referenceTest('eq', value, condition);
    return Object.entries(condition).every(([op, operand]) => referenceTest(op, value, operand));
  });
}

/** Strings by the byte order of their UTF-8 encoding, which is Unicode code point order. */
function referenceCompareValues(x: unknown, y: unknown): number {
  if (typeof x === 'string' && typeof y === 'string')
    return Buffer.compare(Buffer.from(x, 'utf8'), Buffer.from(y, 'utf8'));
  if (typeof x === 'boolean' && typeof y === 'boolean') return x === y ? 0 : x ? 1 : -1;
  const a = keyOf(x) as number;
  const b = keyOf(y) as number;
  return a === b ? 0 : a < b ? -1 : 1;
}

/**
 * Whether a record matches a search: some searched field holds a string that contains the text, both lower-cased by
 * `toLowerCase()`, literally. A null or missing field never matches (not even a search for "null").
 */
export function referenceSearchMatches(record: Row, search: ReferenceSearch): boolean {
  const needle = search.text.toLowerCase();
  return search.fields.some((field) => {
    const value = record[field];
    return typeof value === 'string' && String(value).toLowerCase().includes(needle);
  });
}

/**
 * Filters with the where (an OR of clauses) and the search, if any, then sorts by the order with the id tie-breaker
 * appended.
 */
export function referenceList<TRecord extends { readonly id: string }>(
  records: readonly TRecord[],
  where: unknown,
  orderBy: readonly { readonly field: string; readonly direction: 'asc' | 'desc' }[],
  search?: ReferenceSearch,
): TRecord[] {
  const clauses: readonly Row[] = where === undefined ? [{}] : Array.isArray(where) ? (where as Row[]) : [where as Row];
  const terms = orderBy.some((term) => term.field === 'id')
    ? orderBy
    : [...orderBy, { field: 'id', direction: 'asc' as const }];
  const matches = records.filter(
    (record) =>
      clauses.some((clause) => referenceMatches(record as unknown as Row, clause)) &&
      (search === undefined || referenceSearchMatches(record as unknown as Row, search)),
  );
  return [...matches].sort((a, b) => {
    for (const { field, direction } of terms) {
      const x = (a as unknown as Row)[field];
      const y = (b as unknown as Row)[field];
      const xNull = x === null || x === undefined;
      const yNull = y === null || y === undefined;
      // nulls after every value ascending, before every value descending: the null rule flips with the direction
      const result = xNull || yNull ? (xNull === yNull ? 0 : xNull ? 1 : -1) : referenceCompareValues(x, y);
      if (result !== 0) return direction === 'asc' ? result : -result;
    }
    return 0;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Generators of the properties
// ---------------------------------------------------------------------------------------------------------------

/** Characters that expose code-unit vs code-point order, case folding quirks and LIKE/regex metacharacters. */
const CHARS = [
  'a',
  'A',
  'b',
  'B',
  'é',
  'É',
  'İ',
  'ß',
  'z',
  '.',
  '%',
  '_',
  '*',
  ' ',
  '\uFF5E',
  '\uFFFD',
  '\uE000',
  '😀',
  '\u{10000}',
  '𝔸',
];
const text = fc.array(fc.constantFrom(...CHARS), { maxLength: 3 }).map((chars) => chars.join(''));
const ID_CHARS = ['a', 'B', '0', '~', '-', 'é', '\uFF5E', '😀'];
const idText = fc.array(fc.constantFrom(...ID_CHARS), { minLength: 1, maxLength: 3 }).map((chars) => chars.join(''));
const DATES = [
  '2020-01-01T00:00:00.000Z',
  '2020-01-01T00:00:00.001Z',
  '1999-12-31T23:59:59.999Z',
  '2038-01-19T03:14:08.000Z',
].map(at);
const dateValue = fc.constantFrom(...DATES).map((date) => new Date(date.getTime()));
const ageValue = fc.integer({ min: -3, max: 3 });
const scoreValue = fc.constantFrom(-1.5, 0, 0.25, 2, 10);
const statusValue = fc.constantFrom(...STATUSES);

const recordBody = fc.record(
  {
    name: text,
    nick: fc.option(text, { nil: null }),
    age: fc.option(ageValue, { nil: null }),
    score: scoreValue,
    active: fc.option(fc.boolean(), { nil: null }),
    status: statusValue,
    createdAt: fc.option(dateValue, { nil: null }),
  },
  { requiredKeys: ['name', 'age', 'active', 'status', 'createdAt'] },
);

/** Random records: unique ids, nulls, missing optional fields, many equal sort values, Unicode. */
export const recordsArbitrary: fc.Arbitrary<Item[]> = fc
  .uniqueArray(idText, { maxLength: 30 })
  .chain((ids) => fc.tuple(...ids.map((id) => recordBody.map((body): Item => ({ ...body, id })))))
  .map((records) => [...records]);

type Op = readonly [string, fc.Arbitrary<unknown>];
const one = (ops: readonly string[], value: fc.Arbitrary<unknown>): Op[] => ops.map((op) => [op, value] as const);
const list = (ops: readonly string[], value: fc.Arbitrary<unknown>): Op[] =>
  ops.map((op) => [op, fc.array(value, { minLength: 1, maxLength: 3 })] as const);
const none = (ops: readonly string[]): Op[] => ops.map((op) => [op, fc.constant(true)] as const);
const pair = (value: fc.Arbitrary<unknown>): Op => ['between', fc.tuple(value, value)];

const TEXT_OPS = ['eq', 'ne', 'cont', 'excl', 'starts', 'ends', 'eql', 'nel', 'contl', 'excll', 'startsl', 'endsl'];
const OPS_BY_FIELD: Readonly<
  Record<string, { readonly ops: readonly Op[]; readonly value: fc.Arbitrary<unknown>; readonly nullable: boolean }>
> = {
  id: {
    ops: [...one(TEXT_OPS, idText), ...list(['in', 'notin', 'inl', 'notinl'], idText)],
    value: idText,
    nullable: false,
  },
  name: {
    ops: [...one(TEXT_OPS, text), ...list(['in', 'notin', 'inl', 'notinl'], text)],
    value: text,
    nullable: false,
  },
  nick: {
    ops: [...one(TEXT_OPS, text), ...list(['in', 'notin', 'inl', 'notinl'], text), ...none(['isnull', 'notnull'])],
    value: text,
    nullable: true,
  },
  age: {
    ops: [
      ...one(['eq', 'ne', 'gt', 'gte', 'lt', 'lte'], ageValue),
      pair(ageValue),
      ...list(['in', 'notin'], ageValue),
      ...none(['isnull', 'notnull']),
    ],
    value: ageValue,
    nullable: true,
  },
  score: {
    ops: [
      ...one(['eq', 'ne', 'gt', 'gte', 'lt', 'lte'], scoreValue),
      pair(scoreValue),
      ...list(['in', 'notin'], scoreValue),
      ...none(['isnull', 'notnull']),
    ],
    value: scoreValue,
    nullable: true,
  },
  active: {
    ops: [...one(['eq', 'ne'], fc.boolean()), ...list(['in', 'notin'], fc.boolean()), ...none(['isnull', 'notnull'])],
    value: fc.boolean(),
    nullable: true,
  },
  status: {
    ops: [...one(['eq', 'ne'], statusValue), ...list(['in', 'notin'], statusValue)],
    value: statusValue,
    nullable: false,
  },
  createdAt: {
    ops: [
      ...one(['eq', 'ne', 'gt', 'gte', 'lt', 'lte'], dateValue),
      pair(dateValue),
      ...list(['in', 'notin'], dateValue),
      ...none(['isnull', 'notnull']),
    ],
    value: dateValue,
    nullable: true,
  },
};

function conditionArbitrary(field: string): fc.Arbitrary<unknown> {
  const spec = OPS_BY_FIELD[field];
  if (!spec) throw new Error(`no generator for ${field}`);
  const operators = fc
    .uniqueArray(fc.constantFrom(...spec.ops), { minLength: 1, maxLength: 2, selector: ([op]) => op })
    .chain((ops) => fc.tuple(...ops.map(([op, value]) => value.map((operand) => [op, operand] as const))))
    .map((entries) => Object.fromEntries(entries));
  const shorthand = [spec.value, ...(spec.nullable ? [fc.constant(null)] : [])];
  return fc.oneof({ arbitrary: operators, weight: 4 }, ...shorthand.map((arbitrary) => ({ arbitrary, weight: 1 })));
}

const clauseArbitrary = fc
  .uniqueArray(fc.constantFrom('id', ...FIELDS), { maxLength: 2 })
  .chain((fields) =>
    fc.tuple(...fields.map((field) => conditionArbitrary(field).map((condition) => [field, condition] as const))),
  )
  .map((entries) => Object.fromEntries(entries) as Record<string, unknown>);

/** A random where: absent, one clause, or an OR of up to three clauses. */
export const whereArbitrary: fc.Arbitrary<Where<Item> | undefined> = fc.oneof(
  fc.constant(undefined),
  clauseArbitrary,
  fc.array(clauseArbitrary, { minLength: 1, maxLength: 3 }),
) as fc.Arbitrary<Where<Item> | undefined>;

/** A random order: up to three sortable fields (the id among them at times), random directions. */
export const orderArbitrary: fc.Arbitrary<OrderTerm<keyof Item & string>[]> = fc
  .shuffledSubarray(['id', ...FIELDS] as (keyof Item & string)[], { maxLength: 3 })
  .chain((fields) =>
    fc.tuple(
      ...fields.map((field) =>
        fc.constantFrom('asc' as const, 'desc' as const).map((direction) => ({ field, direction })),
      ),
    ),
  )
  .map((terms) => [...terms]);

/** A clause of up to two conditions on the given fields. */
function clauseOver(fields: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .uniqueArray(fc.constantFrom(...fields), { maxLength: 2 })
    .chain((chosen) =>
      fc.tuple(...chosen.map((field) => conditionArbitrary(field).map((condition) => [field, condition] as const))),
    )
    .map((entries) => Object.fromEntries(entries) as Record<string, unknown>);
}

/**
 * A random filter in the shape of the HTTP OR groups: top-level conditions (or none) ANDed with an OR of one to
 * three groups, the groups on other fields than the top level (the grammar refuses a group repeating a top-level
 * condition). `where` is its programmatic form: one clause per group, each with the top-level conditions added.
 */
export const orGroupsArbitrary: fc.Arbitrary<{
  readonly top: Record<string, unknown> | undefined;
  readonly groups: readonly Record<string, unknown>[];
  readonly where: Where<Item>;
}> = fc
  .shuffledSubarray(['id', ...FIELDS], { minLength: 2 })
  .chain(([topField, ...rest]) =>
    fc.record({
      top: fc.option(
        conditionArbitrary(topField as string).map((condition) => ({ [topField as string]: condition })),
        { nil: undefined },
      ),
      groups: fc.array(clauseOver(rest), { minLength: 1, maxLength: 3 }),
    }),
  )
  .map(({ top, groups }) => ({
    top,
    groups,
    where: (top ? groups.map((group) => ({ ...top, ...group })) : groups) as Where<Item>,
  }));

/** A random search text: one or two characters of the generators' alphabet (case folding quirks, metacharacters). */
export const searchArbitrary: fc.Arbitrary<string> = fc
  .array(fc.constantFrom(...CHARS), { minLength: 1, maxLength: 2 })
  .map((chars) => chars.join(''));

/** A random field selection: one to three fields other than the id, in random order. */
export const selectArbitrary: fc.Arbitrary<(keyof Item & string)[]> = fc.shuffledSubarray([...FIELDS], {
  minLength: 1,
  maxLength: 3,
});

// ---------------------------------------------------------------------------------------------------------------
// The contract
// ---------------------------------------------------------------------------------------------------------------

/**
 * Declares the repository contract for one adapter: CRUD, copies, list rules, every operator, ordering rules,
 * cursor listing, and properties against the reference model.
 */
export function describeRepositoryContract(
  name: string,
  makeRepository: MakeRepository,
  options: RepositoryContractOptions = {},
): void {
  const numRuns = options.numRuns ?? 100;
  // What reading the seed back gives: the seed itself, or with absent optional-and-nullable fields as null.
  const storedOf = (record: Item): Item =>
    options.readsAbsentNullableAsNull ? { ...record, nick: record.nick ?? null } : record;
  const STORED: readonly Item[] = options.readsAbsentNullableAsNull ? SEED.map(storedOf) : SEED;
  const seeded = (): Promise<Repository<Item>> => Promise.resolve(makeRepository(items, SEED));
  const fresh = (): Promise<Repository<Item>> => Promise.resolve(makeRepository(items, []));

  const body = (overrides: Partial<Item> = {}): Omit<Item, 'id'> => ({
    name: 'Hedy',
    nick: 'hl',
    age: 40,
    score: 3,
    active: true,
    status: 'active',
    createdAt: at('2024-05-06T07:08:09.010Z'),
    ...overrides,
  });

  describe(`${name}: Repository contract`, () => {
    describe('create', () => {
      it('returns the stored record with an assigned string id when the id is absent', async () => {
        const repository = await fresh();
        const created = await repository.create(body());
        expect(typeof created.id).toBe('string');
        expect(created.id.length).toBeGreaterThan(0);
        expect(created).toStrictEqual({ ...body(), id: created.id });
        expect(await repository.get(created.id)).toStrictEqual(created);
      });

      it('assigns a different id to each record', async () => {
        const repository = await fresh();
        const ids = new Set<string>();
        for (let i = 0; i < 20; i++) ids.add((await repository.create(body({ name: `n${i}` }))).id);
        expect(ids.size).toBe(20);
        expect((await repository.list({ limit: 50 })).total).toBe(20);
      });

      it('keeps an id that is given', async () => {
        const repository = await fresh();
        const created = await repository.create({ ...body(), id: 'given-1' });
        expect(created.id).toBe('given-1');
        expect((await repository.get('given-1')).name).toBe('Hedy');
      });

      it('throws a 409 for a duplicate id and keeps the stored record', async () => {
        const repository = await seeded();
        const error = await httpErrorOf(repository.create({ ...body({ name: 'Impostor' }), id: 'a1' }));
        expect(error.statusCode).toBe(409);
        expect(error.error).toBe('Conflict');
        expect(await repository.get('a1')).toStrictEqual(STORED[0]);
        expect((await repository.list()).total).toBe(SEED.length);
      });

      it.each([
        { name: 'a wrong field type', data: { ...body(), age: 'forty' } },
        {
          name: 'a missing required field',
          data: { nick: 'x', age: 1, active: true, status: 'draft', createdAt: null },
        },
        { name: 'an enum value outside the enum', data: { ...body(), status: 'deleted' } },
        { name: 'a non-object body', data: 'Hedy' },
        { name: 'an array body', data: [body()] },
        { name: 'null', data: null },
        { name: 'a __proto__ key', data: JSON.parse('{"name":"x","__proto__":{"polluted":true}}') as unknown },
      ])('throws a 400 for $name and stores nothing', async ({ data }) => {
        const repository = await fresh();
        await expectBadRequest(repository.create(data as Item));
        expect((await repository.list()).total).toBe(0);
        expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      });

      it('stores a copy: changing the input or the result afterwards changes nothing', async () => {
        const repository = await fresh();
        const input = body();
        const created = await repository.create(input);
        const snapshot = structuredClone(created);
        input.name = 'changed';
        input.createdAt?.setTime(0);
        tryMutate(() => {
          (created as { name: string }).name = 'changed';
          created.createdAt?.setTime(0);
        });
        expect(await repository.get(created.id)).toStrictEqual(snapshot);
      });
    });

    describe('get', () => {
      it('returns the record with the id', async () => {
        const repository = await seeded();
        expect(await repository.get('a4')).toStrictEqual(STORED[3]);
      });

      it.each([{ id: 'missing' }, { id: '' }, { id: '__proto__' }, { id: 'constructor' }, { id: 'A1' }])(
        'throws a 404 for the missing id $id',
        async ({ id }) => {
          const repository = await seeded();
          const error = await httpErrorOf(repository.get(id));
          expect(error.statusCode).toBe(404);
          expect(error.error).toBe('Not Found');
        },
      );

      it('returns a copy: changing it or its Date never changes the store', async () => {
        const repository = await seeded();
        const first = await repository.get('a1');
        tryMutate(() => {
          (first as { age: number | null }).age = 99;
          first.createdAt?.setTime(0);
          delete (first as { nick?: unknown }).nick;
        });
        expect(await repository.get('a1')).toStrictEqual(STORED[0]);
      });
    });

    describe('update', () => {
      it('applies the patch and returns the updated record', async () => {
        const repository = await seeded();
        const updated = await repository.update('a1', { age: 37, nick: null });
        expect(updated).toStrictEqual({ ...SEED[0], age: 37, nick: null });
        expect(await repository.get('a1')).toStrictEqual(updated);
        expect(await repository.get('a2')).toStrictEqual(STORED[1]);
      });

      it('treats an undefined value in the patch as not given', async () => {
        const repository = await seeded();
        const updated = await repository.update('a1', { name: undefined, age: undefined, score: 2 });
        expect(updated).toStrictEqual({ ...SEED[0], score: 2 });
        expect(await repository.get('a1')).toStrictEqual(updated);
      });

      it('accepts the unchanged id in the patch', async () => {
        const repository = await seeded();
        expect(await repository.update('a2', { id: 'a2', name: 'Alan' })).toMatchObject({ id: 'a2', name: 'Alan' });
      });

      it('throws a 404 for a missing id', async () => {
        const repository = await seeded();
        expect((await httpErrorOf(repository.update('missing', { age: 1 }))).statusCode).toBe(404);
      });

      it.each([
        { name: 'a changed id', patch: { id: 'a9' } },
        { name: 'a wrong field type', patch: { age: 'x' } },
        { name: 'null on a required field', patch: { name: null } },
        { name: 'a non-object patch', patch: 'x' },
      ])('throws a 400 for $name and leaves the record unchanged', async ({ patch }) => {
        const repository = await seeded();
        await expectBadRequest(repository.update('a1', patch as Partial<Item>));
        expect(await repository.get('a1')).toStrictEqual(STORED[0]);
        expect((await httpErrorOf(repository.get('a9'))).statusCode).toBe(404);
      });

      it('stores a copy of the patch: changing its Date afterwards changes nothing', async () => {
        const repository = await seeded();
        const patch = { createdAt: at('2030-01-01T00:00:00.000Z') };
        await repository.update('a3', patch);
        patch.createdAt.setTime(0);
        expect((await repository.get('a3')).createdAt).toStrictEqual(at('2030-01-01T00:00:00.000Z'));
      });

      it('returns a copy: changing it never changes the store', async () => {
        const repository = await seeded();
        const updated = await repository.update('a5', { score: 5 });
        const snapshot = structuredClone(updated);
        tryMutate(() => {
          (updated as { score?: number }).score = 6;
          updated.createdAt?.setTime(0);
        });
        expect(await repository.get('a5')).toStrictEqual(snapshot);
      });
    });

    describe('replace', () => {
      /** The required fields of an item, and nothing else. */
      const required = (overrides: Partial<Item> = {}): Omit<Item, 'id'> => ({
        name: 'Ada L',
        age: 37,
        active: null,
        status: 'draft',
        createdAt: null,
        ...overrides,
      });

      it.each([
        { name: 'every field given', data: body(), expected: { ...body(), id: 'a1' } },
        { name: 'the optional fields left out', data: required(), expected: { ...required(), id: 'a1' } },
        {
          name: 'the optional fields given undefined',
          data: { ...required(), nick: undefined, score: undefined },
          expected: { ...required(), id: 'a1' },
        },
        {
          name: 'the nullable fields given null',
          data: body({ nick: null, age: null, active: null, createdAt: null }),
          expected: { ...body({ nick: null, age: null, active: null, createdAt: null }), id: 'a1' },
        },
        { name: 'the same id repeated', data: { ...body(), id: 'a1' }, expected: { ...body(), id: 'a1' } },
      ])('returns the replacement for $name, and stores exactly it', async ({ data, expected }) => {
        const repository = await seeded();
        const replaced = await repository.replace('a1', data);
        expect(replaced).toStrictEqual(storedOf(expected));
        expect(await repository.get('a1')).toStrictEqual(replaced);
        expect((await repository.list({ limit: 50 })).items).toStrictEqual([replaced, ...STORED.slice(1)]);
      });

      it('returns the schema defaults for absent fields, absent optional fields, and stores exactly it', async () => {
        const full: Task = {
          id: 't1',
          title: 'first',
          status: 'active',
          tag: 'custom',
          createdAt: at('2024-05-05T00:00:00.000Z'),
          memo: 'kept?',
          owner: 'someone',
          due: at('2025-01-01T00:00:00.000Z'),
        };
        const repository = await makeRepository(tasks, [full]);
        const data = { title: 'second', due: null } as unknown as Omit<Task, 'id'>;
        const replaced = await repository.replace('t1', data);
        const expected: Task = {
          id: 't1',
          title: 'second',
          status: 'draft',
          tag: 'none',
          createdAt: new Date(0),
          due: null,
          ...(options.readsAbsentNullableAsNull ? { owner: null } : {}),
        };
        expect(replaced).toStrictEqual(expected);
        expect(await repository.get('t1')).toStrictEqual(expected);
        expect(idsOf((await repository.list({ where: { status: 'draft', tag: 'none' } })).items)).toStrictEqual(['t1']);
        expect((await repository.list({ where: { status: 'active' } })).total).toBe(0);
      });

      it('keeps list filters and orders in step with the replacement', async () => {
        const repository = await seeded();
        await repository.replace('a4', body({ name: 'Aaron', age: 1, status: 'archived' }));
        expect(idsOf((await repository.list({ where: { status: 'archived' }, limit: 50 })).items)).toStrictEqual([
          'a2',
          'a4',
          'a6',
        ]);
        expect(idsOf((await repository.list({ where: { status: 'active' }, limit: 50 })).items)).toStrictEqual([
          'a1',
          'a7',
        ]);
        const byName = await repository.list({ orderBy: [{ field: 'name', direction: 'asc' }], limit: 2 });
        expect(idsOf(byName.items)).toStrictEqual(['a4', 'a1']);
        const byAge = await repository.listByCursor({ orderBy: [{ field: 'age', direction: 'asc' }], limit: 2 });
        expect(idsOf(byAge.items)).toStrictEqual(['a4', 'a6']);
      });

      it.each([
        { name: 'another id', data: { ...body(), id: 'a9' }, message: ['id: the id cannot be changed'] },
        { name: 'the id of another record', data: { ...body(), id: 'a2' }, message: ['id: the id cannot be changed'] },
        {
          name: 'a missing required field',
          data: { nick: 'x', age: 1, active: true, status: 'draft', createdAt: null },
        },
        { name: 'a wrong field type', data: { ...body(), age: 'forty' } },
        { name: 'null on a required field', data: { ...body(), name: null } },
        { name: 'an enum value outside the enum', data: { ...body(), status: 'deleted' } },
        { name: 'a non-object body', data: 'Hedy' },
        { name: 'an array body', data: [body()] },
        { name: 'null', data: null },
        {
          name: 'a __proto__ key',
          data: JSON.parse(
            '{"name":"x","age":1,"active":true,"status":"draft","createdAt":null,"__proto__":{"polluted":true}}',
          ) as unknown,
        },
      ])('throws a 400 for $name and changes nothing', async ({ data, message }) => {
        const repository = await seeded();
        const error = await expectBadRequest(repository.replace('a1', data as Item));
        if (message) expect(error.message).toStrictEqual(message);
        expect((await repository.list({ limit: 50 })).items).toStrictEqual(STORED);
        expect((await httpErrorOf(repository.get('a9'))).statusCode).toBe(404);
        expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      });

      it.each([
        { name: 'data without an id', data: body() },
        { name: 'data repeating the missing id', data: { ...body(), id: 'missing' } },
      ])('throws the 404 of get for a missing id, given $name, and creates nothing', async ({ data }) => {
        const repository = await seeded();
        const error = await httpErrorOf(repository.replace('missing', data));
        const ofGet = await httpErrorOf(repository.get('missing'));
        expect(error.statusCode).toBe(404);
        expect(error.error).toBe('Not Found');
        expect(error.message).toStrictEqual(ofGet.message);
        expect((await repository.list({ limit: 50 })).items).toStrictEqual(STORED);
      });

      it('stores a copy: changing the input or the result afterwards changes nothing', async () => {
        const repository = await seeded();
        const input = body();
        const replaced = await repository.replace('a2', input);
        const snapshot = structuredClone(replaced);
        input.name = 'changed';
        input.createdAt?.setTime(0);
        tryMutate(() => {
          (replaced as { name: string }).name = 'changed';
          replaced.createdAt?.setTime(0);
        });
        expect(await repository.get('a2')).toStrictEqual(snapshot);
        expect(snapshot).toStrictEqual(storedOf({ ...body(), id: 'a2' }));
      });
    });

    describe('delete', () => {
      it('removes the record and returns it', async () => {
        const repository = await seeded();
        expect(await repository.delete('a3')).toStrictEqual(STORED[2]);
        expect((await httpErrorOf(repository.get('a3'))).statusCode).toBe(404);
        expect(idsOf((await repository.list({ limit: 50 })).items)).toStrictEqual(except('a3'));
      });

      it('throws a 404 for a missing id, and for a second delete', async () => {
        const repository = await seeded();
        expect((await httpErrorOf(repository.delete('missing'))).statusCode).toBe(404);
        await repository.delete('a3');
        expect((await httpErrorOf(repository.delete('a3'))).statusCode).toBe(404);
        expect((await repository.list()).total).toBe(SEED.length - 1);
      });

      it('frees the id for a new record', async () => {
        const repository = await seeded();
        await repository.delete('a3');
        expect((await repository.create({ ...body(), id: 'a3' })).name).toBe('Hedy');
      });
    });

    describe('list', () => {
      it('returns page 1 of the default limit in id order without a query', async () => {
        const repository = await seeded();
        const page = await repository.list();
        expect(page).toStrictEqual({
          items: STORED.slice(0, 5),
          total: 8,
          page: 1,
          limit: 5,
          totalPages: 2,
          hasNextPage: true,
          hasPreviousPage: false,
        });
        expect(await repository.list({})).toStrictEqual(page);
      });

      it('returns an empty first page of an empty store', async () => {
        const repository = await fresh();
        expect(await repository.list()).toStrictEqual({
          items: [],
          total: 0,
          page: 1,
          limit: 5,
          totalPages: 0,
          hasNextPage: false,
          hasPreviousPage: false,
        });
      });

      it.each(OPERATOR_ROWS.map((row) => ({ ...row, label: JSON.stringify(row.where) })))(
        'returns the records matching $label',
        async ({ where, ids }) => {
          const repository = await seeded();
          const page = await repository.list({ where, limit: 50 });
          expect(idsOf(page.items)).toStrictEqual(ids);
          expect(page.total).toBe(ids.length);
        },
      );

      it('agrees with the reference model on every operator row', () => {
        for (const { where, ids } of OPERATOR_ROWS) expect(idsOf(referenceList(SEED, where, []))).toStrictEqual(ids);
      });

      it.each(ORDER_ROWS)('sorts $name', async ({ orderBy, ids }) => {
        const repository = await seeded();
        expect(idsOf((await repository.list({ orderBy, limit: 50 })).items)).toStrictEqual(ids);
        expect(idsOf(referenceList(SEED, undefined, orderBy))).toStrictEqual(ids);
      });

      it('sorts strings by code point: astral characters after U+E000..U+FFFF, capitals before small letters', async () => {
        const names = ['\u{10000}', 'a', '\uFFFD', 'Z', '😀', '\uE000', 'é', '\uFF5E', 'ab', 'A'];
        const records = names.map((n, i) => ({ ...body({ name: n }), id: `c${i}` }));
        const repository = await makeRepository(items, records);
        const page = await repository.list({ orderBy: [{ field: 'name', direction: 'asc' }], limit: 50 });
        expect(page.items.map((record) => record.name)).toStrictEqual([
          'A',
          'Z',
          'a',
          'ab',
          'é',
          '\uE000',
          '\uFF5E',
          '\uFFFD',
          '\u{10000}',
          '😀',
        ]);
      });

      it('filters and sorts first, then cuts the page from the sorted, filtered set', async () => {
        const repository = await seeded();
        const query = {
          where: { status: { ne: 'archived' } },
          orderBy: [{ field: 'age', direction: 'desc' }],
        } as const;
        // ne 'archived' keeps a1 a3 a4 a5 a7 a8; age desc, nulls first, id tie-breaker: a3 a8 a4 a1 a5 a7
        expect(await repository.list({ ...query, limit: 2, page: 2 })).toStrictEqual({
          items: [STORED[3], STORED[0]],
          total: 6,
          page: 2,
          limit: 2,
          totalPages: 3,
          hasNextPage: true,
          hasPreviousPage: true,
        });
        expect(idsOf((await repository.list({ ...query, limit: 4, page: 2 })).items)).toStrictEqual(['a5', 'a7']);
      });

      it('returns empty items with the true total and totalPages for a page past the end', async () => {
        const repository = await seeded();
        expect(await repository.list({ where: { status: 'draft' }, limit: 2, page: 7 })).toStrictEqual({
          items: [],
          total: 3,
          page: 7,
          limit: 2,
          totalPages: 2,
          hasNextPage: false,
          hasPreviousPage: true,
        });
      });

      it('clamps a limit above maxLimit and shows the applied limit', async () => {
        const repository = await seeded();
        const page = await repository.list({ limit: 51 });
        expect(page.limit).toBe(50);
        expect(page.items).toHaveLength(8);
        expect((await repository.list({ limit: Number.MAX_SAFE_INTEGER })).limit).toBe(50);
      });

      it('rejects a limit above maxLimit with a 400 under the reject policy', async () => {
        const repository = await makeRepository(newestItems, SEED);
        const error = await expectBadRequest(repository.list({ limit: 6 }));
        expect(error.message).toStrictEqual(['limit must be at most 5']);
        expect((await repository.list({ limit: 5 })).items).toHaveLength(5);
      });

      it('uses the default order of the resource, with the id tie-breaker, when the query names none', async () => {
        const repository = await makeRepository(newestItems, SEED);
        const page = await repository.list();
        expect(page.limit).toBe(3);
        expect(idsOf(page.items)).toStrictEqual(['a3', 'a7', 'a8']);
      });

      it('never repeats or skips a record across pages of equal sort values (id tie-breaker)', async () => {
        const records = ['m7', 'm2', 'm5', 'm1', 'm6', 'm3', 'm4'].map((id) => ({ ...body({ status: 'draft' }), id }));
        const repository = await makeRepository(items, records);
        for (const direction of ['asc', 'desc'] as const) {
          const { records: walked } = await walkPages(repository, {
            orderBy: [{ field: 'status', direction }],
            limit: 2,
          });
          expect(idsOf(walked)).toStrictEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7']);
        }
      });

      it('accepts a ListQuery from parseListQuery unchanged, and a plain copy of it alike', async () => {
        const repository = await seeded();
        const query = parseListQuery('status[eq]=draft&orderBy=age&orderDirection=DESC&limit=2', items);
        const page = await repository.list(query);
        expect(idsOf(page.items)).toStrictEqual(['a3', 'a8']);
        expect(page).toMatchObject({ total: 3, page: 1, limit: 2, totalPages: 2 });
        expect(await repository.list({ ...query })).toStrictEqual(page);
        const everything = parseListQuery('?name[contl]=A&age[gte]=10&active[value]=true&active[operator]=eq', items);
        expect(idsOf((await repository.list(everything)).items)).toStrictEqual(['a1', 'a4']);
        expect(idsOf((await repository.list({ ...everything })).items)).toStrictEqual(['a1', 'a4']);
      });

      it.each(BAD_LIST_INPUTS)('throws a 400 for $name', async ({ input }) => {
        const repository = await seeded();
        await expectBadRequest(repository.list(input as never));
        expect(Object.prototype).not.toHaveProperty('eq');
      });

      it('returns copies: changing listed records never changes the store', async () => {
        const repository = await seeded();
        const page = await repository.list({ limit: 50 });
        tryMutate(() => {
          for (const record of page.items) {
            (record as { name: string }).name = 'changed';
            record.createdAt?.setTime(0);
          }
        });
        expect((await repository.list({ limit: 50 })).items).toStrictEqual(STORED);
      });
    });

    describe('listByCursor', () => {
      const many = (count: number): Item[] =>
        Array.from({ length: count }, (_, i) => ({ ...body({ age: i % 4 }), id: `r${String(i).padStart(3, '0')}` }));

      it('returns 20 records by default, in id order, whatever the default order of the resource', async () => {
        const repository = await makeRepository(items, many(25));
        const first = await repository.listByCursor();
        expect(idsOf(first.items)).toStrictEqual(many(20).map((record) => record.id));
        expect(typeof first.nextCursor).toBe('string');
        const second = await repository.listByCursor({ cursor: first.nextCursor });
        expect(idsOf(second.items)).toStrictEqual(
          many(25)
            .slice(20)
            .map((record) => record.id),
        );
        expect(second.nextCursor).toBeNull();
        const newest = await makeRepository(newestItems, SEED);
        expect(idsOf((await newest.listByCursor({ limit: 5 })).items)).toStrictEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
      });

      it('returns nextCursor null for an empty set and after an exactly full last page', async () => {
        expect(await (await fresh()).listByCursor()).toStrictEqual({ items: [], nextCursor: null });
        const repository = await makeRepository(items, many(6));
        const first = await repository.listByCursor({ limit: 3 });
        expect(first.nextCursor).not.toBeNull();
        const last = await repository.listByCursor({ limit: 3, cursor: first.nextCursor });
        expect(idsOf(last.items)).toStrictEqual(['r003', 'r004', 'r005']);
        expect(last.nextCursor).toBeNull();
        expect((await repository.listByCursor({ limit: 6 })).nextCursor).toBeNull();
      });

      it.each(ORDER_ROWS)('visits each record exactly once, in order, sorting $name', async ({ orderBy, ids }) => {
        const repository = await seeded();
        for (const limit of [1, 3, 8]) {
          expect(idsOf(await walkCursor(repository, { orderBy, limit }, 10))).toStrictEqual(ids);
        }
      });

      it('walks a filtered set in the same order as list', async () => {
        const repository = await seeded();
        const query = {
          where: [{ status: 'draft' }, { age: { gte: 36 } }],
          orderBy: [{ field: 'age', direction: 'desc' }],
        } as const;
        const walked = await walkCursor(repository, { ...query, limit: 2 }, 10);
        expect(idsOf(walked)).toStrictEqual(idsOf((await repository.list({ ...query, limit: 50 })).items));
        expect(idsOf(walked)).toStrictEqual(['a3', 'a8', 'a4', 'a2', 'a1', 'a5']);
      });

      it('allows a cursor to be reused with another limit', async () => {
        const repository = await seeded();
        const first = await repository.listByCursor({ limit: 2, orderBy: [{ field: 'name', direction: 'asc' }] });
        const next = await repository.listByCursor({
          limit: 4,
          orderBy: [{ field: 'name', direction: 'asc' }],
          cursor: first.nextCursor,
        });
        expect(idsOf(next.items)).toStrictEqual(['a8', 'a2', 'a4', 'a5']);
      });

      it.each([
        { name: 'another filter', changed: { where: { status: 'active' } } },
        { name: 'no filter', changed: { where: undefined } },
        { name: 'another value', changed: { where: { status: 'archived' } } },
        { name: 'another order', changed: { orderBy: [{ field: 'name', direction: 'asc' }] } },
        { name: 'another direction', changed: { orderBy: [{ field: 'age', direction: 'asc' }] } },
      ])('throws a 400 for a cursor reused with $name', async ({ changed }) => {
        const repository = await seeded();
        const query = { where: { status: 'draft' }, orderBy: [{ field: 'age', direction: 'desc' }] } as const;
        const first = await repository.listByCursor({ ...query, limit: 1 });
        expect(first.nextCursor).not.toBeNull();
        await expectBadRequest(repository.listByCursor({ ...query, ...changed, cursor: first.nextCursor } as never));
      });

      it.each([
        { name: 'not base64url', cursor: 'abc+/=' },
        { name: 'random text', cursor: 'not-a-cursor' },
        { name: 'base64url of a non-JSON text', cursor: Buffer.from('hello').toString('base64url') },
        { name: 'base64url of JSON of the wrong shape', cursor: Buffer.from('{"a":1}').toString('base64url') },
        { name: 'base64url of an empty array', cursor: Buffer.from('[]').toString('base64url') },
        { name: 'base64url of __proto__', cursor: Buffer.from('{"__proto__":{"x":1}}').toString('base64url') },
        { name: 'a 10 KB cursor', cursor: 'A'.repeat(10_240) },
        { name: 'a cursor with CR/LF', cursor: 'abc\r\ndef' },
        { name: 'a number', cursor: 42 },
      ])('throws a 400 for a malformed cursor: $name', async ({ cursor }) => {
        const repository = await seeded();
        await expectBadRequest(repository.listByCursor({ cursor } as never));
        expect(Object.prototype).not.toHaveProperty('x');
      });

      it('throws a 400 for a tampered cursor', async () => {
        const repository = await seeded();
        const { nextCursor } = await repository.listByCursor({ limit: 2 });
        const tampered = `${(nextCursor ?? '').slice(0, -2)}${(nextCursor ?? '').endsWith('A') ? 'B' : 'A'}x`;
        await expectBadRequest(repository.listByCursor({ limit: 2, cursor: tampered }));
      });

      it('applies the same limit rules as list', async () => {
        const repository = await seeded();
        await expectBadRequest(repository.listByCursor({ limit: 0 }));
        await expectBadRequest(repository.listByCursor({ limit: 2.5 }));
        await expectBadRequest(repository.listByCursor({ page: 2 } as never));
        expect((await repository.listByCursor({ limit: 500 })).items).toHaveLength(8);
        const newest = await makeRepository(newestItems, SEED);
        await expectBadRequest(newest.listByCursor({ limit: 6 }));
      });

      it('accepts a CursorQuery from parseCursorQuery', async () => {
        const repository = await seeded();
        const first = await repository.listByCursor(parseCursorQuery('status[eq]=draft&limit=2', items));
        expect(idsOf(first.items)).toStrictEqual(['a3', 'a5']);
        const next = await repository.listByCursor(
          parseCursorQuery({ 'status[eq]': 'draft', limit: '2', cursor: first.nextCursor ?? '' }, items),
        );
        expect(idsOf(next.items)).toStrictEqual(['a8']);
        expect(next.nextCursor).toBeNull();
      });

      it('returns copies: changing them never changes the store', async () => {
        const repository = await seeded();
        const page = await repository.listByCursor({ limit: 50 });
        tryMutate(() => {
          for (const record of page.items) record.createdAt?.setTime(0);
        });
        expect((await repository.listByCursor({ limit: 50 })).items).toStrictEqual(STORED);
      });
    });

    describe('scope', () => {
      const ACTIVE: Where<Item> = { status: 'active' };
      const DRAFT_OR_OLD: Where<Item> = [{ status: 'draft' }, { age: { gt: 80 } }];
      const SCOPES = [
        { label: 'a where object', scope: ACTIVE, inside: ['a1', 'a4', 'a7'] },
        { label: 'an OR array', scope: DRAFT_OR_OLD, inside: ['a3', 'a4', 'a5', 'a8'] },
      ];
      const OPERATIONS = [
        { method: 'get', call: (r: Repository<Item>, id: string, o?: ScopeOptions<Item>) => r.get(id, o) },
        {
          method: 'update',
          call: (r: Repository<Item>, id: string, o?: ScopeOptions<Item>) => r.update(id, { name: 'changed' }, o),
        },
        {
          method: 'replace',
          call: (r: Repository<Item>, id: string, o?: ScopeOptions<Item>) =>
            r.replace(id, body({ name: 'changed' }), o),
        },
        { method: 'delete', call: (r: Repository<Item>, id: string, o?: ScopeOptions<Item>) => r.delete(id, o) },
        {
          method: 'update with an empty patch',
          call: (r: Repository<Item>, id: string, o?: ScopeOptions<Item>) => r.update(id, { name: undefined }, o),
        },
      ];
      const CASES = OPERATIONS.flatMap((operation) => SCOPES.map((row) => ({ ...operation, ...row })));
      const CURSOR_MISMATCH = ['cursor was issued for another filter or order'];
      const errorOf = async (promise: Promise<unknown>) => {
        const { statusCode, error, message, extras, headers } = await httpErrorOf(promise);
        return { statusCode, error, message, extras, headers };
      };

      it('agrees with the reference model on the records inside each scope', () => {
        for (const { scope, inside } of SCOPES) expect(idsOf(referenceList(SEED, scope, []))).toStrictEqual(inside);
      });

      it.each(CASES)(
        '$method answers for a record inside $label as without a scope',
        async ({ call, scope, inside }) => {
          const scoped = await seeded();
          const unscoped = await seeded();
          for (const id of inside) expect(await call(scoped, id, { scope })).toStrictEqual(await call(unscoped, id));
          expect((await scoped.list({ limit: 50 })).items).toStrictEqual((await unscoped.list({ limit: 50 })).items);
        },
      );

      it.each(CASES)(
        '$method throws for a record outside $label exactly the 404 of a missing id, and changes nothing',
        async ({ call, scope, inside }) => {
          const scoped = await seeded();
          // The same ids, missing: a repository holding only the records inside the scope.
          const missing = await makeRepository(
            items,
            SEED.filter((record) => inside.includes(record.id)),
          );
          for (const id of [...except(...inside), 'missing']) {
            const outside = await errorOf(call(scoped, id, { scope }));
            expect(outside.statusCode).toBe(404);
            expect(outside).toStrictEqual(await errorOf(call(missing, id)));
            expect(outside).toStrictEqual(await errorOf(call(missing, id, { scope })));
          }
          expect((await scoped.list({ limit: 50 })).items).toStrictEqual(STORED);
        },
      );

      it.each([
        { label: 'an unknown field', scope: { nope: 1 } },
        { label: 'an empty OR', scope: [] },
        { label: 'an operator that does not fit', scope: { age: { cont: 'x' } } },
      ])('throws an Error that is not an HttpError for a scope with $label, and changes nothing', async ({ scope }) => {
        const repository = await seeded();
        const options = { scope } as unknown as ScopeOptions<Item>;
        const calls: [string, () => Promise<unknown>][] = [
          ...OPERATIONS.flatMap(({ method, call }) =>
            ['a1', 'missing'].map((id): [string, () => Promise<unknown>] => [
              `${method} ${id}`,
              () => call(repository, id, options),
            ]),
          ),
          ['list', () => repository.list({}, options)],
          ['listByCursor', () => repository.listByCursor({}, options)],
        ];
        const outcomes: string[] = [];
        for (const [label, call] of calls) {
          const outcome = await call().then(
            () => 'resolved',
            (error: unknown) =>
              isHttpError(error) ? `HttpError ${error.statusCode}` : error instanceof Error ? 'Error' : 'other',
          );
          outcomes.push(`${label}: ${outcome}`);
        }
        expect(outcomes).toStrictEqual(calls.map(([label]) => `${label}: Error`));
        expect((await repository.list({ limit: 50 })).items).toStrictEqual(STORED);
      });

      it('does not carry a scope over to a later call with the same query object', async () => {
        const repository = await seeded();
        const query = parseListQuery('limit=50', items);
        expect((await repository.list(query, { scope: ACTIVE })).total).toBe(3);
        expect((await repository.list(query)).total).toBe(8);
        const cursorQuery = parseCursorQuery('limit=50', items);
        expect((await repository.listByCursor(cursorQuery, { scope: ACTIVE })).items).toHaveLength(3);
        expect((await repository.listByCursor(cursorQuery)).items).toHaveLength(8);
      });

      it('treats an undefined scope and empty options as no scope', async () => {
        const repository = await seeded();
        expect(await repository.get('a2', { scope: undefined })).toStrictEqual(STORED[1]);
        expect(await repository.list({ limit: 50 }, { scope: undefined })).toStrictEqual(
          await repository.list({ limit: 50 }),
        );
        expect(await repository.list({ limit: 50 }, {})).toStrictEqual(await repository.list({ limit: 50 }));
        const walked = await walkCursor(repository, { limit: 3, scope: undefined }, 5);
        expect(idsOf(walked)).toStrictEqual(ALL_IDS);
      });

      it.each(SCOPES)('returns from list only the records inside $label, and counts only them', async (row) => {
        const repository = await seeded();
        const page = await repository.list({ limit: 50 }, { scope: row.scope });
        expect(page).toMatchObject({ total: row.inside.length, page: 1, limit: 50, totalPages: 1 });
        expect(page.items).toStrictEqual(STORED.filter((record) => row.inside.includes(record.id)));
        for (const limit of [1, 2, 3]) {
          const walked = await walkPages(repository, { limit, scope: row.scope });
          expect(walked.total).toBe(row.inside.length);
          expect(idsOf(walked.records)).toStrictEqual(row.inside);
        }
      });

      it.each([
        { label: 'a where on another field', where: { age: 36 }, scope: ACTIVE, ids: ['a1'] },
        { label: 'a where on the same field', where: { status: 'draft' }, scope: ACTIVE, ids: [] },
        { label: 'a where that repeats the scope', where: ACTIVE, scope: ACTIVE, ids: ['a1', 'a4', 'a7'] },
        {
          label: 'an OR where and an OR scope',
          where: [{ age: 36 }, { name: 'Zed' }],
          scope: DRAFT_OR_OLD,
          ids: ['a5', 'a8'],
        },
        {
          label: 'an OR where and a where object',
          where: [{ age: { lt: 20 } }, { nick: 'ada' }],
          scope: ACTIVE,
          ids: ['a1', 'a7'],
        },
      ] as const)('ANDs the scope into the where of list and listByCursor: $label', async ({ where, scope, ids }) => {
        const repository = await seeded();
        const page = await repository.list({ where: where as Where<Item>, limit: 50 }, { scope: scope as Where<Item> });
        expect(idsOf(page.items)).toStrictEqual(ids);
        expect(page.total).toBe(ids.length);
        const walked = await walkCursor(
          repository,
          { where: where as Where<Item>, limit: 1, scope: scope as Where<Item> },
          10,
        );
        expect(idsOf(walked)).toStrictEqual(ids);
      });

      it('accepts a scope on a field clients may not filter on', async () => {
        const repository = await makeRepository(newestItems, SEED);
        const page = await repository.list({ limit: 5 }, { scope: ACTIVE });
        expect(idsOf(page.items)).toStrictEqual(['a7', 'a1', 'a4']);
        expect(page.total).toBe(3);
      });

      it.each(ORDER_ROWS)(
        'walks listByCursor through the records inside each scope, sorting $name',
        async ({ orderBy, ids }) => {
          const repository = await seeded();
          for (const { scope, inside } of SCOPES) {
            const expected = ids.filter((id) => inside.includes(id));
            for (const limit of [1, 2, 4]) {
              expect(idsOf(await walkCursor(repository, { orderBy, limit, scope }, 10))).toStrictEqual(expected);
            }
          }
        },
      );

      it('continues a scoped cursor under an equal scope built anew, and from parseCursorQuery', async () => {
        const repository = await seeded();
        const first = await repository.listByCursor(
          { limit: 2 },
          { scope: [{ status: 'draft' }, { age: { gt: 80 } }] },
        );
        expect(idsOf(first.items)).toStrictEqual(['a3', 'a4']);
        const next = await repository.listByCursor(
          { limit: 2, cursor: first.nextCursor },
          { scope: [{ status: 'draft' }, { age: { gt: 80 } }] },
        );
        expect(idsOf(next.items)).toStrictEqual(['a5', 'a8']);
        expect(next.nextCursor).toBeNull();
        const parsed = parseCursorQuery({ limit: '2', cursor: first.nextCursor ?? '' }, items);
        expect(idsOf((await repository.listByCursor(parsed, { scope: DRAFT_OR_OLD })).items)).toStrictEqual([
          'a5',
          'a8',
        ]);
      });

      it.each([
        { label: 'another scope', first: { scope: ACTIVE }, then: { scope: DRAFT_OR_OLD } },
        { label: 'another value of the same field', first: { scope: ACTIVE }, then: { scope: { status: 'draft' } } },
        { label: 'no scope', first: { scope: ACTIVE }, then: {} },
        {
          label: 'an OR scope with a clause dropped',
          first: { scope: DRAFT_OR_OLD },
          then: { scope: { status: 'draft' } },
        },
        { label: 'a scope, for a cursor issued without one', first: {}, then: { scope: ACTIVE } },
        { label: 'the scope moved into the where', first: { scope: ACTIVE }, then: { where: ACTIVE } },
        { label: 'the where moved into the scope', first: { where: ACTIVE }, then: { scope: ACTIVE } },
      ] as const)('throws a 400 from listByCursor for a cursor reused under $label', async ({ first, then }) => {
        const repository = await seeded();
        const opening = await repository.listByCursor(
          { limit: 1, where: 'where' in first ? first.where : undefined },
          { scope: 'scope' in first ? (first.scope as Where<Item>) : undefined },
        );
        expect(opening.nextCursor).not.toBeNull();
        const error = await expectBadRequest(
          repository.listByCursor(
            { limit: 1, where: 'where' in then ? then.where : undefined, cursor: opening.nextCursor },
            { scope: 'scope' in then ? (then.scope as Where<Item>) : undefined },
          ),
        );
        expect(error.message).toStrictEqual(CURSOR_MISMATCH);
      });

      it('walks list and listByCursor under a random scope through the scoped records of the reference model', async () => {
        const scenario = fc.record({
          records: recordsArbitrary,
          where: whereArbitrary,
          scope: whereArbitrary.filter((scope) => scope !== undefined),
          orderBy: orderArbitrary,
          limit: fc.integer({ min: 1, max: 7 }),
        });
        await fc.assert(
          fc.asyncProperty(scenario, async ({ records, where, scope, orderBy, limit }) => {
            const repository = await makeRepository(items, records);
            const inside = new Set(idsOf(referenceList(records, scope, [])));
            const expected = idsOf(referenceList(records, where, orderBy)).filter((id) => inside.has(id));
            const query = { where, orderBy: orderBy.length > 0 ? orderBy : undefined, limit, scope };
            const walked = await walkPages(repository, query);
            expect(walked.total).toBe(expected.length);
            expect(idsOf(walked.records)).toStrictEqual(expected);
            expect(idsOf(await walkCursor(repository, query, records.length + 1))).toStrictEqual(expected);
          }),
          { numRuns },
        );
      });
    });

    describe('search', () => {
      const searchSeeded = (): Promise<Repository<Item>> =>
        Promise.resolve(makeRepository(searchableItems, SEARCH_SEED));
      const SEARCH_STORED = SEARCH_SEED.map(storedOf);
      const searchOf = (text: string): ReferenceSearch => ({ text, fields: SEARCH_FIELDS });
      const CURSOR_MISMATCH = ['cursor was issued for another filter or order'];

      it('agrees with the reference model on every search row', () => {
        for (const { search, ids } of SEARCH_ROWS) {
          expect(idsOf(referenceList(SEARCH_SEED, undefined, [], searchOf(search))), search).toStrictEqual(ids);
        }
      });

      it.each(SEARCH_ROWS.map((row) => ({ ...row, label: JSON.stringify(row.search).slice(0, 40) })))(
        'returns from list the records whose name or nick contains $label, case-insensitively, with their total',
        async ({ search, ids }) => {
          const repository = await searchSeeded();
          const page = await repository.list({ search, limit: 50 });
          expect(idsOf(page.items)).toStrictEqual(ids);
          expect(page.total).toBe(ids.length);
          expect(page.items).toStrictEqual(SEARCH_STORED.filter((record) => ids.includes(record.id)));
        },
      );

      it.each(SEARCH_ROWS.map((row) => ({ ...row, label: JSON.stringify(row.search).slice(0, 40) })))(
        'walks listByCursor through the records matching $label',
        async ({ search, ids }) => {
          const repository = await searchSeeded();
          expect(idsOf(await walkCursor(repository, { search, limit: 2 }, 10))).toStrictEqual(ids);
        },
      );

      it('accepts the search from parseListQuery and parseCursorQuery, percent-encoded', async () => {
        const repository = await searchSeeded();
        const encoded = `search=${encodeURIComponent('İ')}&limit=50`;
        expect(idsOf((await repository.list(parseListQuery(encoded, searchableItems))).items)).toStrictEqual(['s3']);
        const query = parseListQuery({ search: '%', limit: '50' }, searchableItems);
        expect(idsOf((await repository.list(query)).items)).toStrictEqual(['s4']);
        const cursorQuery = parseCursorQuery(`search=${encodeURIComponent('ÄBC')}&limit=1`, searchableItems);
        const first = await repository.listByCursor(cursorQuery);
        expect(idsOf(first.items)).toStrictEqual(['s1']);
        const next = await repository.listByCursor(
          parseCursorQuery({ search: 'ÄBC', limit: '1', cursor: first.nextCursor ?? '' }, searchableItems),
        );
        expect(idsOf(next.items)).toStrictEqual(['s2']);
      });

      it.each([
        { label: 'a where object', search: 'e', where: { status: 'draft' }, ids: ['s2', 's5', 's8'] },
        {
          label: 'a where on a searched field',
          search: 'e',
          where: { nick: { notnull: true } },
          ids: ['s2', 's4', 's5', 's6'],
        },
        { label: 'an OR where', search: 'abc', where: [{ status: 'active' }, { age: { gt: 40 } }], ids: ['s7', 's9'] },
        { label: 'a where that excludes every match', search: 'abc', where: { age: { lt: 30 } }, ids: [] },
        { label: 'a where matching nothing the search does', search: 'ÄBC', where: { name: 'Plain' }, ids: [] },
      ] as const)('ANDs the search with $label', async ({ search, where, ids }) => {
        const repository = await searchSeeded();
        const page = await repository.list({ search, where: where as Where<Item>, limit: 50 });
        expect(idsOf(page.items)).toStrictEqual(ids);
        expect(page.total).toBe(ids.length);
        const walked = await walkCursor(repository, { search, where: where as Where<Item>, limit: 1 }, 10);
        expect(idsOf(walked)).toStrictEqual(ids);
      });

      it.each([
        { label: 'a scope', search: 'e', scope: { age: { gte: 41 } }, ids: ['s5'] },
        {
          label: 'an OR scope',
          search: 'I',
          scope: [{ status: 'draft' }, { active: null }],
          ids: ['s3', 's5', 's7', 's8'],
        },
        {
          label: 'a scope and a where',
          search: 'abc',
          where: { age: { gt: 30 } },
          scope: { status: 'active' },
          ids: ['s7'],
        },
      ] as const)('ANDs the search with $label, in list totals and cursor walks', async (row) => {
        const repository = await searchSeeded();
        const where = ('where' in row ? row.where : undefined) as Where<Item> | undefined;
        const scope = row.scope as Where<Item>;
        const page = await repository.list({ search: row.search, where, limit: 50 }, { scope });
        expect(idsOf(page.items)).toStrictEqual(row.ids);
        expect(page.total).toBe(row.ids.length);
        for (const limit of [1, 2]) {
          const walked = await walkPages(repository, { search: row.search, where, limit, scope });
          expect(idsOf(walked.records)).toStrictEqual(row.ids);
          expect(idsOf(await walkCursor(repository, { search: row.search, where, limit, scope }, 10))).toStrictEqual(
            row.ids,
          );
        }
      });

      it.each(ORDER_ROWS)('walks pages and cursors of a search in order, sorting $name', async ({ orderBy }) => {
        const repository = await searchSeeded();
        for (const search of ['e', 'I', 'abc', ' ']) {
          const expected = idsOf(referenceList(SEARCH_SEED, undefined, orderBy, searchOf(search)));
          for (const limit of [1, 2, 3]) {
            const walked = await walkPages(repository, { search, orderBy, limit });
            expect(walked.total).toBe(expected.length);
            expect(idsOf(walked.records)).toStrictEqual(expected);
            expect(idsOf(await walkCursor(repository, { search, orderBy, limit }, 12))).toStrictEqual(expected);
          }
        }
      });

      it('returns an empty page with the true total past the end of a search', async () => {
        const repository = await searchSeeded();
        const page = await repository.list({ search: 'e', limit: 2, page: 4 });
        expect(page).toMatchObject({ items: [], total: 5, totalPages: 3, page: 4, hasNextPage: false });
      });

      it('sees records created, changed and deleted after an earlier search', async () => {
        const repository = await searchSeeded();
        expect((await repository.list({ search: 'zeta' })).total).toBe(1);
        await repository.create({ ...body({ name: 'ZETA two', nick: null }), id: 's10' });
        await repository.update('s7', { nick: 'zetaland' });
        await repository.update('s2', { nick: 'other' });
        await repository.delete('s9');
        expect(idsOf((await repository.list({ search: 'ZeTa', limit: 50 })).items)).toStrictEqual(['s10', 's7']);
        expect(idsOf((await repository.list({ search: 'abc', limit: 50 })).items)).toStrictEqual([]);
        expect(idsOf(await walkCursor(repository, { search: 'zeta', limit: 1 }, 5))).toStrictEqual(['s10', 's7']);
      });

      it.each([
        { label: 'another search', first: { search: 'e' }, then: { search: 'a' } },
        { label: 'no search', first: { search: 'e' }, then: {} },
        { label: 'a search, for a cursor issued without one', first: {}, then: { search: 'e' } },
        { label: 'a longer search', first: { search: 'e' }, then: { search: 'e ' } },
        { label: 'the search moved into a filter', first: { search: 'e' }, then: { where: { name: { contl: 'e' } } } },
      ] as const)('throws a 400 from listByCursor for a cursor reused with $label', async ({ first, then }) => {
        const repository = await searchSeeded();
        const opening = await repository.listByCursor({ ...(first as object), limit: 1 });
        expect(opening.nextCursor).not.toBeNull();
        const error = await expectBadRequest(
          repository.listByCursor({ ...(then as object), limit: 1, cursor: opening.nextCursor }),
        );
        expect(error.message).toStrictEqual(CURSOR_MISMATCH);
      });

      it('continues a cursor under the same search in other letter case (the same lower-cased text)', async () => {
        const repository = await searchSeeded();
        const first = await repository.listByCursor({ search: 'ÄBC', limit: 1 });
        const next = await repository.listByCursor({ search: 'äbc', limit: 1, cursor: first.nextCursor });
        expect(idsOf([...first.items, ...next.items])).toStrictEqual(['s1', 's2']);
        expect(next.nextCursor).toBeNull();
      });

      it.each(BAD_SEARCH_INPUTS)('throws a 400 from list and listByCursor for $name', async ({ input }) => {
        const repository = await searchSeeded();
        await expectBadRequest(repository.list(input as never));
        await expectBadRequest(repository.listByCursor(input as never));
      });

      it('throws a 400 for a search on a resource without searchable fields', async () => {
        const repository = await seeded();
        const error = await expectBadRequest(repository.list({ search: 'a' }));
        expect(error.message).toStrictEqual(['search: resource "items" has no searchable fields']);
        await expectBadRequest(repository.listByCursor({ search: 'a' }));
      });

      it('returns copies: changing searched records never changes the store', async () => {
        const repository = await searchSeeded();
        const page = await repository.list({ search: 'e', limit: 50 });
        tryMutate(() => {
          for (const record of page.items) (record as { name: string }).name = 'changed';
        });
        expect((await repository.list({ search: 'e', limit: 50 })).items).toStrictEqual(
          SEARCH_STORED.filter((record) => ['s2', 's4', 's5', 's6', 's8'].includes(record.id)),
        );
      });
    });

    describe('select', () => {
      /** The stored record with only the id and the selected fields it holds. */
      const pick = (record: Item, select: readonly string[]): Partial<Item> => {
        const stored = storedOf(record) as unknown as Row;
        return Object.fromEntries(
          ['id', ...select].filter((field) => field in stored).map((field) => [field, stored[field]]),
        ) as Partial<Item>;
      };

      it.each([
        { label: 'one field', select: ['name'] },
        { label: 'a nullable, optional field', select: ['nick'] },
        { label: 'an optional field', select: ['score'] },
        { label: 'a date field', select: ['createdAt'] },
        { label: 'the id and another field', select: ['id', 'status'] },
        { label: 'the id alone', select: ['id'] },
        { label: 'every field', select: ['createdAt', ...FIELDS.filter((field) => field !== 'createdAt')] },
      ] as const)(
        'returns from list only the id and $label, with the total and order unchanged',
        async ({ select }) => {
          const repository = await seeded();
          const orderBy = [{ field: 'age', direction: 'desc' }] as const;
          const whole = await repository.list({ orderBy, limit: 3, page: 2 });
          const page = await repository.list({ orderBy, limit: 3, page: 2, select });
          expect(page.items).toStrictEqual(whole.items.map((record) => pick(record, select)));
          expect({ ...page, items: [] }).toStrictEqual({ ...whole, items: [] });
          for (const item of page.items) expect(Object.keys(item)[0]).toBe('id');
        },
      );

      it('returns from listByCursor only the selected fields, with the cursors of the same walk without select', async () => {
        const repository = await seeded();
        const orderBy = [{ field: 'createdAt', direction: 'desc' }] as const;
        let cursor: string | null = null;
        let cursorWhole: string | null = null;
        const walked: Partial<Item>[] = [];
        for (let pages = 0; pages < 10; pages++) {
          const page: CursorPage<Partial<Item>> = await repository.listByCursor({
            orderBy,
            limit: 3,
            cursor,
            select: ['name'],
          });
          const whole: CursorPage<Item> = await repository.listByCursor({ orderBy, limit: 3, cursor: cursorWhole });
          expect(page.items).toStrictEqual(whole.items.map((record) => pick(record, ['name'])));
          expect(page.nextCursor).toBe(whole.nextCursor);
          walked.push(...page.items);
          cursor = page.nextCursor;
          cursorWhole = whole.nextCursor;
          if (cursor === null) break;
        }
        expect(walked.map((item) => item.id)).toStrictEqual(
          ORDER_ROWS.find((row) => row.name === 'dates, descending')?.ids,
        );
      });

      it('continues a cursor across selections: select is not part of its binding', async () => {
        const repository = await seeded();
        const orderBy = [{ field: 'age', direction: 'asc' }] as const;
        const first = await repository.listByCursor({ orderBy, limit: 3, select: ['status'] });
        const second = await repository.listByCursor({ orderBy, limit: 3, cursor: first.nextCursor });
        const third = await repository.listByCursor({ orderBy, limit: 3, cursor: second.nextCursor, select: ['nick'] });
        expect(idsOf([...first.items, ...second.items, ...third.items])).toStrictEqual(
          ORDER_ROWS.find((row) => row.name === 'numbers by value')?.ids,
        );
        expect(third.nextCursor).toBeNull();
        expect(third.items).toStrictEqual(
          STORED.filter((record) => ['a3', 'a8'].includes(record.id)).map((record) => pick(record, ['nick'])),
        );
      });

      it('selects with a filter, a search and a scope, from parseListQuery and parseCursorQuery too', async () => {
        const repository = await makeRepository(searchableItems, SEARCH_SEED);
        const scope: Where<Item> = { status: { ne: 'archived' } };
        const page = await repository.list({ search: 'e', where: { age: { gte: 30 } }, select: ['age'] }, { scope });
        expect(page.items).toStrictEqual([
          { id: 's2', age: 40 },
          { id: 's5', age: 60 },
        ]);
        expect(page.total).toBe(2);
        const parsed = parseListQuery('search=e&age[gte]=30&select=age,name', searchableItems);
        expect((await repository.list(parsed, { scope })).items).toStrictEqual([
          { id: 's2', age: 40, name: 'äbc' },
          { id: 's5', age: 60, name: 'back\\slash' },
        ]);
        const cursorQuery = parseCursorQuery('search=e&select=status&limit=1&orderBy=age', searchableItems);
        const first = await repository.listByCursor(cursorQuery, { scope });
        expect(first.items).toStrictEqual([{ id: 's4', status: 'active' }]);
        const next = await repository.listByCursor(
          parseCursorQuery(`search=e&select=status&limit=5&orderBy=age&cursor=${first.nextCursor}`, searchableItems),
          { scope },
        );
        expect(next.items).toStrictEqual([
          { id: 's2', status: 'draft' },
          { id: 's5', status: 'draft' },
          { id: 's8', status: 'draft' },
        ]);
      });

      it('returns copies: changing selected items or their Dates never changes the store', async () => {
        const repository = await seeded();
        const page = await repository.list({ select: ['createdAt', 'name'], limit: 50 });
        tryMutate(() => {
          for (const item of page.items) {
            item.createdAt?.setTime(0);
            (item as { name: string }).name = 'changed';
          }
        });
        expect((await repository.list({ limit: 50 })).items).toStrictEqual(STORED);
      });
    });

    describe('OR groups', () => {
      const OR_ROWS = [
        {
          label: 'top-level AND (group 0 OR group 1)',
          query: 'age[gte]=18&or[0][status][eq]=draft&or[1][name][contl]=GRACE',
          where: [
            { age: { gte: 18 }, status: 'draft' },
            { age: { gte: 18 }, name: { contl: 'grace' } },
          ],
          top: { age: { gte: 18 } },
          groups: [{ status: 'draft' }, { name: { contl: 'grace' } }],
          ids: ['a4', 'a5'],
        },
        {
          label: 'the spec form of each condition',
          query:
            'age[operator]=gte&age[value]=18&or[0][status][operator]=eq&or[0][status][value]=draft' +
            '&or[1][name][operator]=contl&or[1][name][value]=GRACE',
          where: [
            { age: { gte: 18 }, status: 'draft' },
            { age: { gte: 18 }, name: { contl: 'grace' } },
          ],
          top: { age: { gte: 18 } },
          groups: [{ status: 'draft' }, { name: { contl: 'grace' } }],
          ids: ['a4', 'a5'],
        },
        {
          label: 'groups of several conditions, without top-level ones',
          query: 'or[0][status][eq]=active&or[0][age][lt]=20&or[1][nick][isnull]=true',
          where: [{ status: 'active', age: { lt: 20 } }, { nick: null }],
          top: undefined,
          groups: [{ status: 'active', age: { lt: 20 } }, { nick: null }],
          ids: ['a2', 'a3', 'a7'],
        },
        {
          label: 'one group',
          query: 'status[ne]=archived&or[0][createdAt][lt]=2020-06-01T00:00:00Z',
          where: [{ status: { ne: 'archived' }, createdAt: { lt: '2020-06-01T00:00:00Z' } }],
          top: { status: { ne: 'archived' } },
          groups: [{ createdAt: { lt: '2020-06-01T00:00:00Z' } }],
          ids: ['a1', 'a4', 'a5'],
        },
        {
          label: 'three groups on one field, with list and text operators',
          query:
            'active[notnull]=true&or[0][name][starts]=Gr&or[1][name][in]=Ada&or[1][name][in]=Zed&or[2][name][endsl]=ITH',
          where: [
            { active: { notnull: true }, name: { starts: 'Gr' } },
            { active: { notnull: true }, name: { in: ['Ada', 'Zed'] } },
            { active: { notnull: true }, name: { endsl: 'ith' } },
          ],
          top: { active: { notnull: true } },
          groups: [{ name: { starts: 'Gr' } }, { name: { in: ['Ada', 'Zed'] } }, { name: { endsl: 'ith' } }],
          ids: ['a1', 'a5', 'a8'],
        },
      ] as const;

      it('agrees with the reference model: the top level ANDed with the OR of the groups', () => {
        for (const row of OR_ROWS) {
          const inTop = new Set(idsOf(referenceList(SEED, row.top, [])));
          const expected = idsOf(referenceList(SEED, row.groups, [])).filter((id) => inTop.has(id));
          expect(expected, row.label).toStrictEqual(row.ids);
          expect(idsOf(referenceList(SEED, row.where, [])), row.label).toStrictEqual(row.ids);
        }
      });

      it.each(OR_ROWS)('lists what parseListQuery gives for $label, as its programmatic OR', async (row) => {
        const repository = await seeded();
        const parsed = await repository.list(parseListQuery(`${row.query}&limit=50`, items));
        expect(idsOf(parsed.items)).toStrictEqual(row.ids);
        expect(parsed.total).toBe(row.ids.length);
        const programmatic = await repository.list({ where: row.where as Where<Item>, limit: 50 });
        expect(programmatic).toStrictEqual(parsed);
      });

      it.each(OR_ROWS)('walks the cursor pages of $label from parseCursorQuery', async (row) => {
        const repository = await seeded();
        const walked: Item[] = [];
        let cursor = '';
        for (let pages = 0; pages < 10; pages++) {
          const page: CursorPage<Item> = await repository.listByCursor(
            parseCursorQuery(`${row.query}&limit=1&orderBy=age&orderDirection=desc&cursor=${cursor}`, items),
          );
          walked.push(...page.items);
          if (page.nextCursor === null) break;
          cursor = page.nextCursor;
        }
        const expected = idsOf(referenceList(SEED, row.where, [{ field: 'age', direction: 'desc' }]));
        expect(idsOf(walked)).toStrictEqual(expected);
      });

      it('continues a cursor of the HTTP OR groups with the programmatic OR array', async () => {
        const repository = await seeded();
        const row = OR_ROWS[0];
        const first = await repository.listByCursor(parseCursorQuery(`${row.query}&limit=1`, items));
        const next = await repository.listByCursor({
          where: row.where as Where<Item>,
          limit: 5,
          cursor: first.nextCursor,
        });
        expect(idsOf([...first.items, ...next.items])).toStrictEqual(row.ids);
      });

      it('ANDs the OR groups with a search and a scope', async () => {
        const repository = await makeRepository(searchableItems, SEARCH_SEED);
        const query = 'search=e&or[0][status][eq]=draft&or[1][age][gt]=50';
        const page = await repository.list(parseListQuery(`${query}&limit=50`, searchableItems));
        expect(idsOf(page.items)).toStrictEqual(['s2', 's5', 's8']);
        const scoped = await repository.list(parseListQuery(query, searchableItems), { scope: { age: { gte: 41 } } });
        expect(idsOf(scoped.items)).toStrictEqual(['s5']);
        expect(scoped.total).toBe(1);
        const walked = await walkCursor(
          repository,
          { search: 'e', where: [{ status: 'draft' }, { age: { gt: 50 } }], limit: 1, scope: { active: false } },
          10,
        );
        expect(idsOf(walked)).toStrictEqual(['s2', 's5', 's8']);
      });
    });

    describe('properties', () => {
      const scenario = fc.record({
        records: recordsArbitrary,
        where: whereArbitrary,
        orderBy: orderArbitrary,
        limit: fc.integer({ min: 1, max: 7 }),
      });

      it('walks all pages of list visiting every matching record once, in the order of the reference model', async () => {
        await fc.assert(
          fc.asyncProperty(scenario, async ({ records, where, orderBy, limit }) => {
            const repository = await makeRepository(items, records);
            const expected = idsOf(referenceList(records, where, orderBy));
            const query = { where, orderBy: orderBy.length > 0 ? orderBy : undefined, limit };
            const walked = await walkPages(repository, query);
            expect(walked.total).toBe(expected.length);
            expect(idsOf(walked.records)).toStrictEqual(expected);
          }),
          { numRuns },
        );
      });

      it('walks listByCursor through the same records in the same order', async () => {
        await fc.assert(
          fc.asyncProperty(scenario, async ({ records, where, orderBy, limit }) => {
            const repository = await makeRepository(items, records);
            const expected = idsOf(referenceList(records, where, orderBy));
            const query = { where, orderBy: orderBy.length > 0 ? orderBy : undefined, limit };
            const walked = await walkCursor(repository, query, records.length + 1);
            expect(idsOf(walked)).toStrictEqual(expected);
          }),
          { numRuns },
        );
      });

      it('counts the filtered set whatever the page', async () => {
        await fc.assert(
          fc.asyncProperty(scenario, fc.integer({ min: 1, max: 12 }), async ({ records, where, limit }, page) => {
            const repository = await makeRepository(items, records);
            const result = await repository.list({ where, limit, page });
            const expected = referenceList(records, where, []);
            expect(result.total).toBe(expected.length);
            expect(idsOf(result.items)).toStrictEqual(idsOf(expected.slice((page - 1) * limit, page * limit)));
          }),
          { numRuns },
        );
      });

      describe('with random searches, selections and OR groups', () => {
        const filterArbitrary = fc.oneof(
          whereArbitrary.map((where) => ({ top: undefined, groups: where ?? {}, where })),
          orGroupsArbitrary,
        );
        const rich = fc.record({
          records: recordsArbitrary,
          filter: filterArbitrary,
          search: fc.option(searchArbitrary, { nil: undefined, freq: 3 }),
          select: fc.option(selectArbitrary, { nil: undefined, freq: 3 }),
          orderBy: orderArbitrary,
          limit: fc.integer({ min: 1, max: 7 }),
        });
        type Rich = typeof rich extends fc.Arbitrary<infer T> ? T : never;

        /** The ids the reference model lists: the top level ANDed with the OR of the groups, and the search. */
        const expectedOf = ({ records, filter, search, orderBy }: Rich): string[] => {
          const searched = search === undefined ? undefined : { text: search, fields: SEARCH_FIELDS };
          const inTop = filter.top ? new Set(idsOf(referenceList(records, filter.top, []))) : undefined;
          return idsOf(referenceList(records, filter.groups, orderBy, searched)).filter(
            (id) => !inTop || inTop.has(id),
          );
        };
        /** Each listed item is the stored record cut to the id and the selection. */
        const expectItems = (listed: readonly Item[], { records, select }: Rich): void => {
          const byId = new Map(records.map((record) => [record.id, storedOf(record) as unknown as Row]));
          for (const item of listed) {
            const stored = byId.get(item.id) as Row;
            const fields = select ? ['id', ...select].filter((field) => field in stored) : Object.keys(stored);
            expect(item).toStrictEqual(Object.fromEntries(fields.map((field) => [field, stored[field]])));
          }
        };
        const queryOf = ({ filter, search, select, orderBy, limit }: Rich) => ({
          where: filter.where,
          search,
          select,
          orderBy: orderBy.length > 0 ? orderBy : undefined,
          limit,
        });

        it('walks all pages of list through the records of the reference model, each cut to the selection', async () => {
          await fc.assert(
            fc.asyncProperty(rich, async (scenario) => {
              const repository = await makeRepository(searchableItems, scenario.records);
              const expected = expectedOf(scenario);
              const walked = await walkPages(repository, queryOf(scenario));
              expect(walked.total).toBe(expected.length);
              expect(idsOf(walked.records)).toStrictEqual(expected);
              expectItems(walked.records, scenario);
            }),
            { numRuns },
          );
        });

        it('walks listByCursor through the same records in the same order, each cut to the selection', async () => {
          await fc.assert(
            fc.asyncProperty(rich, async (scenario) => {
              const repository = await makeRepository(searchableItems, scenario.records);
              const walked = await walkCursor(repository, queryOf(scenario), scenario.records.length + 1);
              expect(idsOf(walked)).toStrictEqual(expectedOf(scenario));
              expectItems(walked, scenario);
            }),
            { numRuns },
          );
        });

        it('walks list and listByCursor under a random scope as well', async () => {
          const scoped = fc.record({ scenario: rich, scope: whereArbitrary.filter((scope) => scope !== undefined) });
          await fc.assert(
            fc.asyncProperty(scoped, async ({ scenario, scope }) => {
              const repository = await makeRepository(searchableItems, scenario.records);
              const inside = new Set(idsOf(referenceList(scenario.records, scope, [])));
              const expected = expectedOf(scenario).filter((id) => inside.has(id));
              const query = { ...queryOf(scenario), scope };
              const walked = await walkPages(repository, query);
              expect(walked.total).toBe(expected.length);
              expect(idsOf(walked.records)).toStrictEqual(expected);
              expect(idsOf(await walkCursor(repository, query, scenario.records.length + 1))).toStrictEqual(expected);
            }),
            { numRuns },
          );
        });
      });
    });
  });
}
