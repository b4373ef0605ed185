/**
 * What the refine provider's HTTP tests share: the four demos, their seeded users as the server sends them, one row
 * per mapped refine operator with the reference predicate it must select by, and a small Fastify app whose `people`
 * have a nullable field and a filterable id (the demo's users have neither).
 */
import Fastify from 'fastify';
import { z } from 'zod';
import { createMemoryRepository, createResourceService, defineResource, defineRoutes } from 'pagelope';
import { pagelope } from 'pagelope/fastify';
import { listen as listenExpress } from '../../examples/express/listen';
import { listen as listenFastify } from '../../examples/fastify/listen';
import { listen as listenHono } from '../../examples/hono/listen';
import { listen as listenNestjs } from '../../examples/nestjs/listen';
import { serverUrl, type ListenOptions, type RunningServer } from '../../examples/shared/listen-options';
import { seedUsers } from '../../examples/shared/seed';
import { userSchema, type User } from '../../examples/shared/users';

/** The seeded users: few enough that every listing fits in one page of 100. */
export const SEED = 60;
export const records: readonly User[] = seedUsers(SEED);

/** Each framework's demo, started on 127.0.0.1 and any free port. */
export const FRAMEWORKS: readonly (readonly [string, (options: ListenOptions) => Promise<RunningServer>])[] = [
  ['express', listenExpress],
  ['fastify', listenFastify],
  ['hono', listenHono],
  ['nestjs', (options) => listenNestjs(options)],
];

/** A record as the server sends it: JSON, so dates as ISO strings. */
export function asSent<T>(record: T): Record<string, unknown> {
  return JSON.parse(JSON.stringify(record)) as Record<string, unknown>;
}

/** One mapped refine operator on a field of the demo, and the records it must select. */
export interface OperatorRow {
  readonly operator: string;
  readonly field: keyof User & string;
  readonly value: unknown;
  readonly matches: (user: User) => boolean;
}

const lower = (text: string) => text.toLowerCase();
const at = (i: number) => records[i]!;
const since = at(20).createdAt;
const until = at(40).createdAt;

/**
 * Every refine operator that maps to a pagelope operator the demo's users take (`null`/`nnull` need a nullable field:
 * see {@link listenPeople}). Upper-case values tell the case-insensitive operators from their `s` twins: the seeded
 * usernames and emails are lower-case.
 */
export const OPERATOR_ROWS: readonly OperatorRow[] = [
  { operator: 'eq', field: 'username', value: at(4).username, matches: (u) => u.username === at(4).username },
  { operator: 'eq', field: 'age', value: 33, matches: (u) => u.age === 33 },
  { operator: 'ne', field: 'status', value: 'banned', matches: (u) => u.status !== 'banned' },
  { operator: 'eqs', field: 'email', value: at(9).email, matches: (u) => u.email === at(9).email },
  { operator: 'nes', field: 'status', value: 'active', matches: (u) => u.status !== 'active' },
  { operator: 'lt', field: 'age', value: 30, matches: (u) => u.age < 30 },
  { operator: 'gt', field: 'age', value: 60, matches: (u) => u.age > 60 },
  { operator: 'lte', field: 'age', value: 33, matches: (u) => u.age <= 33 },
  { operator: 'gte', field: 'createdAt', value: since, matches: (u) => u.createdAt >= since },
  { operator: 'lt', field: 'createdAt', value: since.toISOString(), matches: (u) => u.createdAt < since },
  { operator: 'in', field: 'status', value: ['active', 'inactive'], matches: (u) => u.status !== 'banned' },
  { operator: 'in', field: 'age', value: [19, 33, 59], matches: (u) => [19, 33, 59].includes(u.age) },
  { operator: 'nin', field: 'status', value: ['active'], matches: (u) => u.status !== 'active' },
  { operator: 'between', field: 'age', value: [25, 35], matches: (u) => u.age >= 25 && u.age <= 35 },
  {
    operator: 'between',
    field: 'createdAt',
    value: [since, until],
    matches: (u) => u.createdAt >= since && u.createdAt <= until,
  },
  { operator: 'contains', field: 'username', value: 'AB', matches: (u) => u.username.includes('ab') },
  { operator: 'ncontains', field: 'email', value: 'KA', matches: (u) => !lower(u.email).includes('ka') },
  { operator: 'startswith', field: 'username', value: 'SO', matches: (u) => u.username.startsWith('so') },
  { operator: 'endswith', field: 'email', value: '0@EXAMPLE.COM', matches: (u) => u.email.endsWith('0@example.com') },
  { operator: 'containss', field: 'username', value: 'ab', matches: (u) => u.username.includes('ab') },
  { operator: 'containss', field: 'username', value: 'AB', matches: () => false },
  { operator: 'ncontainss', field: 'username', value: 'ab', matches: (u) => !u.username.includes('ab') },
  { operator: 'ncontainss', field: 'username', value: 'AB', matches: () => true },
  { operator: 'startswiths', field: 'username', value: 'so', matches: (u) => u.username.startsWith('so') },
  { operator: 'startswiths', field: 'username', value: 'SO', matches: () => false },
  { operator: 'endswiths', field: 'username', value: '7', matches: (u) => u.username.endsWith('7') },
  { operator: 'endswiths', field: 'email', value: '.COM', matches: () => false },
];

/** A person: a demo user with a nickname that may be null. */
export interface Person extends User {
  readonly nickname: string | null;
}

/** The people of {@link listenPeople}: the seeded users, every third without a nickname. */
export const people: readonly Person[] = records.map((user, i) => ({
  ...user,
  nickname: i % 3 === 0 ? null : `Nick${i}`,
}));

/** A Fastify app serving `/people` on 127.0.0.1: a nullable `nickname`, and the id filterable (for `id[in]`). */
export async function listenPeople(): Promise<RunningServer> {
  const resource = defineResource({
    name: 'people',
    schema: userSchema.extend({ nickname: z.string().nullable() }),
    filterable: ['id', 'username', 'nickname', 'age'],
    sortable: ['age'],
  });
  const repository = createMemoryRepository(resource, { records: people.map((person) => ({ ...person })) });
  const app = Fastify();
  app.register(pagelope, { routes: defineRoutes(createResourceService({ resource, repository })) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { url: serverUrl('127.0.0.1', port), port, close: () => app.close() };
}
