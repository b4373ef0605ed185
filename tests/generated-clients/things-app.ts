/**
 * The app the generated clients call: one nullable field of each kind (string, number, boolean, date, enum), every
 * operator that fits each one filterable, every field sortable, on the memory store, served by the Fastify adapter
 * on 127.0.0.1 with its document at `/openapi.json`. Also the cases the clients send: every operator of every field,
 * each with a value that selects some records but not all.
 */
import Fastify from 'fastify';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  OPERATORS,
  type OperatorName,
} from 'pagelope';
import { pagelope } from 'pagelope/fastify';

export const COLORS = ['red', 'green', 'blue'] as const;

export const things = defineResource({
  name: 'things',
  schema: z.object({
    id: z.string(),
    name: z.string().nullable(),
    size: z.number().nullable(),
    ready: z.boolean().nullable(),
    madeAt: z.coerce.date().nullable(),
    color: z.enum(COLORS).nullable(),
  }),
  filterable: ['name', 'size', 'ready', 'madeAt', 'color'],
  sortable: ['name', 'size', 'madeAt', 'color'],
  pagination: { defaultLimit: 20, maxLimit: 100 },
});

const day = (n: number) => new Date(Date.UTC(2024, 0, 1 + n));
const NAMES = ['Alpha', 'beta', 'Gamma', 'delta', 'ALPHABET', null] as const;

/** 18 records: each field null in some, and each value repeated. */
export const RECORDS = Array.from({ length: 18 }, (_, i) => ({
  id: `t${String(i).padStart(2, '0')}`,
  name: NAMES[i % NAMES.length] ?? null,
  size: i % 7 === 6 ? null : (i % 7) * 10,
  ready: i % 5 === 4 ? null : i % 2 === 0,
  madeAt: i % 8 === 7 ? null : day(i % 8),
  color: i % 4 === 3 ? null : (COLORS[i % 4] ?? null),
}));

/** One list request: a filter `field[op]` with its value as the client sends it, and a sort. */
export interface ListCase {
  readonly field: string;
  readonly op: OperatorName;
  readonly value: string | number | boolean | readonly (string | number | boolean)[];
  readonly orderBy: string;
}

const ONE: Readonly<Record<string, string | number | boolean>> = {
  name: 'Alpha',
  size: 20,
  ready: true,
  madeAt: '2024-01-03T00:00:00.000Z',
  color: 'green',
};
/** The text operators' values, by operator (case-sensitive ones, then case-insensitive ones). */
const TEXT: Readonly<Record<string, string>> = {
  cont: 'ph',
  excl: 'ph',
  starts: 'Al',
  ends: 'ta',
  contl: 'PH',
  excll: 'PH',
  startsl: 'al',
  endsl: 'TA',
};
const INSENSITIVE_ONE: Readonly<Record<string, string>> = { name: 'ALPHA', color: 'GREEN' };
const MANY: Readonly<Record<string, readonly (string | number | boolean)[]>> = {
  name: ['Alpha', 'delta'],
  ready: [false],
  size: [0, 30],
  madeAt: ['2024-01-02T00:00:00.000Z', '2024-01-05T00:00:00.000Z'],
  color: ['red', 'blue'],
};
const INSENSITIVE_MANY: Readonly<Record<string, readonly string[]>> = { name: ['ALPHA', 'BETA'], color: ['RED'] };
const TWO: Readonly<Record<string, readonly (string | number)[]>> = {
  size: [10, 40],
  madeAt: ['2024-01-02T00:00:00.000Z', '2024-01-04T00:00:00.000Z'],
  name: ['B', 'e'],
};

/** Every operator allowed on every field, each with a fitting value, sorted by a field other than the filtered one. */
export function listCases(): ListCase[] {
  const cases: ListCase[] = [];
  for (const [field, ops] of things.filterable) {
    for (const op of ops) {
      const spec = OPERATORS[op];
      const text = op in TEXT;
      const value =
        spec.arity === 'none'
          ? true
          : spec.arity === 'two'
            ? TWO[field]
            : spec.arity === 'many'
              ? (spec.caseInsensitive ? INSENSITIVE_MANY : MANY)[field]
              : text
                ? TEXT[op]
                : spec.caseInsensitive
                  ? INSENSITIVE_ONE[field]
                  : op === 'eq' || op === 'ne'
                    ? ONE[field]
                    : (TWO[field]?.[0] ?? ONE[field]);
      if (value === undefined) throw new Error(`no value for ${field}[${op}]`);
      cases.push({ field, op, value, orderBy: field === 'size' ? 'madeAt' : 'size' });
    }
  }
  return cases;
}

/** The query string of a case as the grammar has it, written by hand: a list value as the key repeated. */
export function handWrittenQuery(item: ListCase): string {
  const values = Array.isArray(item.value) ? item.value : [item.value];
  const filter = values.map((value) => `${item.field}[${item.op}]=${encodeURIComponent(String(value))}`);
  return [...filter, `orderBy=${item.orderBy}`, 'orderDirection=DESC', 'limit=100'].join('&');
}

/** The OR groups every client sends as one JSON value, and the same groups as keys. */
export const OR_GROUPS = [{ size: { between: [10, 20] } }, { color: { in: ['blue'] }, ready: { eq: true } }];
export const OR_KEYS =
  'or[0][size][between]=10&or[0][size][between]=20&or[1][color][in]=blue&or[1][ready][eq]=true&orderBy=size&orderDirection=DESC&limit=100';

/** Starts the app on 127.0.0.1 (a free port) with a fresh store. */
export async function startThings(): Promise<{ url: string; close: () => Promise<void> }> {
  const repository = createMemoryRepository(things, { records: RECORDS });
  const routes = defineRoutes(createResourceService({ resource: things, repository }));
  const app = Fastify();
  await app.register(pagelope, {
    routes,
    openapi: {
      info: { title: 'things', version: '1.0.0' },
      headers: { 'x-tenant-id': { required: false, description: 'Sent by the clients; unused here.' } },
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}
