/**
 * Shared fixtures of the query tests: a resource with a field of every kind, a non-filterable field (`secret`) and
 * a field of another kind (`tags`), its records, helpers that turn one list of query parameters into every input
 * form `parseListQuery` accepts, and the row types and helpers of the `parseListQuery` tables.
 */
import { expect } from 'vitest';
import { z } from 'zod';
import {
  defineResource,
  HttpError,
  isHttpError,
  parseListQuery,
  type ListQuery,
  type OrderTerm,
} from '../../src/index';

export const ROLES = ['admin', 'member', 'guest'] as const;

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  age: z.number().int(),
  score: z.number(),
  active: z.boolean(),
  role: z.enum(ROLES),
  createdAt: z.date(),
  deletedAt: z.date().nullable(),
  nickname: z.string().optional(),
  secret: z.string(),
  tags: z.array(z.string()),
});

export type User = z.output<typeof userSchema>;

export const FILTERABLE = [
  'username',
  'email',
  'age',
  'score',
  'active',
  'role',
  'createdAt',
  'deletedAt',
  'nickname',
] as const;
export const SORTABLE = ['username', 'age', 'score', 'createdAt', 'role'] as const;

/** Every kind filterable with every fitting operator; default order newest first; limits 10 / 50, clamped. */
export const users = defineResource({
  name: 'users',
  schema: userSchema,
  filterable: [...FILTERABLE],
  sortable: [...SORTABLE],
  pagination: { defaultLimit: 10, maxLimit: 50 },
  defaultOrder: [{ field: 'createdAt', direction: 'desc' }],
});

/** The same schema with a rejecting limit policy and a restricted operator map. */
export const strictUsers = defineResource({
  name: 'strictUsers',
  schema: userSchema,
  filterable: { username: ['cont', 'eq'], age: ['gte', 'lt', 'between'], deletedAt: ['isnull'] },
  sortable: ['age'],
  pagination: { defaultLimit: 5, maxLimit: 20, onLimitExceeded: 'reject' },
});

const day = (n: number): Date => new Date(Date.UTC(2024, 0, 1 + n));

/** Six users, chosen so that each filter in the tests has a distinct answer. */
export const RECORDS: readonly User[] = Object.freeze([
  {
    id: 'u1',
    username: 'ann',
    email: 'ann@example.com',
    age: 17,
    score: 1.5,
    active: true,
    role: 'admin',
    createdAt: day(0),
    deletedAt: null,
    nickname: 'Annie',
    secret: 's1',
    tags: [],
  },
  {
    id: 'u2',
    username: 'Bob',
    email: 'bob@example.org',
    age: 30,
    score: -2,
    active: false,
    role: 'member',
    createdAt: day(1),
    deletedAt: day(5),
    secret: 's2',
    tags: ['x'],
  },
  {
    id: 'u3',
    username: 'carl',
    email: 'carl@example.com',
    age: 65,
    score: 0,
    active: true,
    role: 'guest',
    createdAt: day(2),
    deletedAt: null,
    nickname: 'CJ',
    secret: 's3',
    tags: [],
  },
  {
    id: 'u4',
    username: 'dana',
    email: 'dana@example.net',
    age: 18,
    score: 10,
    active: false,
    role: 'admin',
    createdAt: day(3),
    deletedAt: null,
    secret: 's4',
    tags: [],
  },
  {
    id: 'u5',
    username: 'élodie',
    email: 'elo@example.com',
    age: 44,
    score: 7.25,
    active: true,
    role: 'member',
    createdAt: day(4),
    deletedAt: day(9),
    nickname: 'Elo',
    secret: 's5',
    tags: [],
  },
  {
    id: 'u6',
    username: 'Ann-Marie',
    email: 'am@example.org',
    age: 64,
    score: 3,
    active: false,
    role: 'guest',
    createdAt: day(5),
    deletedAt: null,
    secret: 's6',
    tags: [],
  },
]);

/** One query parameter as a client sends it, decoded. */
export type Pair = readonly [key: string, value: string];

/** Sets an own, enumerable property, so that keys such as `__proto__` stay data. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function appendOwn(target: Record<string, unknown>, key: string, value: string): void {
  if (!Object.hasOwn(target, key)) setOwn(target, key, value);
  else {
    const current = target[key];
    setOwn(target, key, Array.isArray(current) ? [...(current as string[]), value] : [current, value]);
  }
}

/** `key=value&...`, percent-encoding what needs it but leaving the brackets of keys as clients usually send them. */
export function toQueryString(pairs: readonly Pair[]): string {
  const encode = (text: string) => encodeURIComponent(text).replace(/%5B/g, '[').replace(/%5D/g, ']');
  return pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
}

/** The flat object Fastify (and Node's `querystring`) gives: one key per parameter, repeated ones as arrays. */
export function toFlatObject(pairs: readonly Pair[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of pairs) appendOwn(out, key, value);
  return out;
}

const BRACKETED = /^([^[\]]+)\[([^[\]]*)\]$/;

/** The nested object Express with `qs` (and NestJS) gives: `age[gte]=18` becomes `{ age: { gte: '18' } }`. */
export function toNestedObject(pairs: readonly Pair[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of pairs) {
    const match = BRACKETED.exec(key);
    if (!match) {
      appendOwn(out, key, value);
      continue;
    }
    const [, name = '', sub = ''] = match;
    if (!Object.hasOwn(out, name)) setOwn(out, name, {});
    appendOwn(out[name] as Record<string, unknown>, sub, value);
  }
  return out;
}

/** The five input forms of one list of parameters, each with a label for test names. */
export function inputForms(pairs: readonly Pair[]): { readonly form: string; readonly input: unknown }[] {
  const text = toQueryString(pairs);
  return [
    { form: 'a raw string', input: text },
    { form: "a raw string with '?'", input: `?${text}` },
    { form: 'URLSearchParams', input: new URLSearchParams(pairs.map(([key, value]) => [key, value])) },
    { form: 'a flat object (Fastify)', input: toFlatObject(pairs) },
    { form: 'a nested object (Express/qs)', input: toNestedObject(pairs) },
  ];
}

/** Runs `run`, expects it to throw a 400 `HttpError` with a non-empty array of string messages, and returns it. */
export function badRequestOf(run: () => unknown): HttpError {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, 'expected a thrown HttpError').toBeInstanceOf(HttpError);
  const error = thrown as HttpError;
  expect(isHttpError(error)).toBe(true);
  expect(error.statusCode).toBe(400);
  expect(error.error).toBe('Bad Request');
  expect(Array.isArray(error.message)).toBe(true);
  expect(error.message.length).toBeGreaterThan(0);
  for (const message of error.message) expect(typeof message).toBe('string');
  return error;
}

/** The async twin of {@link badRequestOf}. */
export async function badRequestOfAsync(promise: Promise<unknown>): Promise<HttpError> {
  let thrown: unknown;
  try {
    await promise;
  } catch (error) {
    thrown = error;
  }
  return badRequestOf(() => {
    throw thrown ?? new Error('expected a rejection, got a result');
  });
}

/** The messages of a 400 as an array. */
export const messagesOf = (error: HttpError): readonly string[] => error.message as readonly string[];

/** Own property names and symbols of Object.prototype, to prove hostile input never changed it. */
export function prototypeSnapshot(): string[] {
  return [
    ...Object.getOwnPropertyNames(Object.prototype),
    ...Object.getOwnPropertySymbols(Object.prototype).map(String),
  ].sort();
}

// ---------------------------------------------------------------------------------------------------------------
// The parseListQuery tables (tests/query/parse-list-query/rows)
// ---------------------------------------------------------------------------------------------------------------

/** The default order of `users` as `parseListQuery` returns it: newest first, then the id. */
export const DEFAULT_ORDER: readonly OrderTerm[] = [
  { field: 'createdAt', direction: 'desc' },
  { field: 'id', direction: 'asc' },
];

/** The query `parseListQuery` returns for `users` without parameters, with `query` laid over it. */
export const expected = (query: Partial<ListQuery<User>> = {}): ListQuery<User> => ({
  page: 1,
  limit: 10,
  where: {},
  orderBy: DEFAULT_ORDER as ListQuery<User>['orderBy'],
  ...query,
});

export const date = (iso: string): Date => new Date(iso);
type Field = keyof User & string;
export const asc = (field: Field): OrderTerm<Field> => ({ field, direction: 'asc' });
export const desc = (field: Field): OrderTerm<Field> => ({ field, direction: 'desc' });
/** One parameter repeated with each of `values`. */
export const repeat = (key: string, values: readonly string[]): Pair[] => values.map((value) => [key, value] as const);

/** Parameters `parseListQuery` accepts for `users`, and the query it returns for them. */
export interface ValidRow {
  readonly name: string;
  readonly pairs: readonly Pair[];
  readonly query: ListQuery<User>;
}

/** Input `parseListQuery` refuses with a 400. */
export interface BadRow {
  readonly name: string;
  /** Parameters, run in every input form. */
  readonly pairs?: readonly Pair[];
  /** One raw input, run as it is. */
  readonly input?: unknown;
  /** A text one of the messages contains: the parameter as the client sent it. */
  readonly names: string;
  readonly resource?: typeof users;
}

/** Each valid row in each of the five input forms. */
export const validCases = (rows: readonly ValidRow[]) =>
  rows.flatMap((row) => inputForms(row.pairs).map(({ form, input }) => ({ ...row, form, input })));

/** Each bad row with parameters in each of the five input forms; a row with a raw input as it is. */
export const badCases = (rows: readonly BadRow[]) =>
  rows.flatMap((row) =>
    row.pairs
      ? inputForms(row.pairs).map(({ form, input }) => ({ ...row, form, input }))
      : [{ ...row, form: 'as given', input: row.input }],
  );

/** Expects `parseListQuery` to throw a 400 for the case's input, with a message that contains `names`. */
export function expectBadRequestNaming({ input, names, resource }: ReturnType<typeof badCases>[number]): void {
  const error = badRequestOf(() => parseListQuery(input, resource ?? users));
  expect(
    messagesOf(error).some((message) => message.includes(names)),
    `${JSON.stringify(error.message)} mentions ${names}`,
  ).toBe(true);
}
