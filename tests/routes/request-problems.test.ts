/**
 * One reader per request rule (issue 33): every problem of a request's query is reported in one 400, whichever
 * reader finds it (the list grammar, the route's own `total`, `deleted` and `permanent`, `include`/`counts` on GET
 * one), with one wording for an unknown parameter on every route; and a batch array is checked by one rule, with the
 * same messages through the route and through the service.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  isHttpError,
  type RouteType,
} from '../../src/index';
import { rejectionOf } from '../support/rejection-of';

const notes = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string(), title: z.string(), deletedAt: z.date().nullable() }),
  clientIds: true,
  filterable: { title: ['eq'] },
  softDelete: { field: 'deletedAt' },
});

const service = createResourceService({
  resource: notes,
  repository: createMemoryRepository(notes, { records: [{ id: 'n1', title: 'One', deletedAt: null }] }),
});
const defined = defineRoutes(service, {
  routes: {
    GET_LIST: { deleted: true, clientTotal: ['exact', 'none'] },
    GET_LIST_CURSOR: { deleted: true },
    GET: { deleted: true },
    DELETE: { permanent: true },
    CREATE: true,
    CREATE_MANY: true,
    DELETE_MANY: true,
  },
});

/** The messages of the 400 a route answers `query` (and `body`) with. */
async function problemsOf(type: RouteType, query: string, body?: unknown): Promise<readonly string[]> {
  const route = defined.routes.find((candidate) => candidate.type === type);
  if (route === undefined) throw new Error(`no ${type} route`);
  const error = await rejectionOf(route.handle({ params: { id: 'n1' }, query, headers: {}, body }));
  if (!isHttpError(error) || error.statusCode !== 400) throw error;
  return error.message as readonly string[];
}

describe('every problem of a request in one 400', () => {
  it('GET_LIST: the grammar, total and deleted together', async () => {
    const problems = await problemsOf('GET_LIST', 'limit=abc&total=bogus&deleted=bogus&title[zz]=1');
    expect(problems).toHaveLength(4);
    expect(problems.filter((message) => message.startsWith('limit'))).toHaveLength(1);
    expect(problems).toContain("total must be 'exact' or 'none'");
    expect(problems).toContain("deleted must be 'include' or 'only'");
    expect(problems.some((message) => message.includes('title'))).toBe(true);
  });

  it('GET_LIST: a repeated own parameter beside a grammar problem', async () => {
    const problems = await problemsOf('GET_LIST', 'page=0&total=none&total=exact&deleted=only&deleted=include');
    expect(problems).toContain('total must not be repeated');
    expect(problems).toContain('deleted must not be repeated');
    expect(problems.some((message) => message.startsWith('page'))).toBe(true);
  });

  it('GET_LIST_CURSOR: the grammar and deleted together', async () => {
    const problems = await problemsOf('GET_LIST_CURSOR', 'limit=abc&deleted=bogus');
    expect(problems).toHaveLength(2);
    expect(problems).toContain("deleted must be 'include' or 'only'");
  });

  it('GET one: unknown parameters, include and deleted together', async () => {
    const problems = await problemsOf('GET', 'x=1&include=nope&deleted=bogus');
    expect(problems).toEqual([
      'unknown parameter "x"',
      'include: "nope" is not an includable relation',
      "deleted must be 'include' or 'only'",
    ]);
  });

  it('DELETE: an unknown parameter and a bad permanent together', async () => {
    expect(await problemsOf('DELETE', 'x=1&permanent=maybe')).toEqual([
      'unknown parameter "x"',
      "permanent must be 'true' or 'false'",
    ]);
  });
});

describe('one wording for an unknown parameter', () => {
  it.each(['GET_LIST', 'GET_LIST_CURSOR', 'GET', 'DELETE', 'CREATE', 'CREATE_MANY'] as const)(
    '%s says unknown parameter "x"',
    async (type) => {
      const body = type === 'CREATE_MANY' ? { items: [{ id: 'z', title: 'Z', deletedAt: null }] } : undefined;
      expect(await problemsOf(type, 'x=1', body)).toEqual(['unknown parameter "x"']);
    },
  );
});

describe('one batch-array rule', () => {
  const serviceProblems = async (call: () => Promise<unknown>): Promise<readonly string[]> => {
    const error = await rejectionOf(call());
    if (!isHttpError(error) || error.statusCode !== 400) throw error;
    return error.message as readonly string[];
  };

  it.each([
    { label: 'an empty items array', body: { items: [] }, value: [] },
    { label: 'items that are not an array', body: { items: 'a' }, value: 'a' },
    { label: 'too many items', body: { items: Array.from({ length: 1001 }, () => ({})) }, value: 1001 },
  ])('answers $label alike through the route and the service', async ({ body, value }) => {
    const list = typeof value === 'number' ? Array.from({ length: value }, () => ({})) : value;
    const throughService = await serviceProblems(() => service.createMany(list as never));
    const throughRoute = await problemsOf('CREATE_MANY', '', body);
    if (typeof value === 'number') {
      // The route's cap (maxItems, default 100) is below the service's (1,000): the same wording, its own number.
      expect(throughRoute).toEqual(['items may hold at most 100 entries']);
      expect(throughService).toEqual(['items may hold at most 1000 entries']);
    } else expect(throughRoute).toEqual(throughService);
  });

  it('answers an empty ids array alike through the route and the service', async () => {
    expect(await problemsOf('DELETE_MANY', '', { ids: [] })).toEqual(
      await serviceProblems(() => service.deleteMany([])),
    );
  });
});
