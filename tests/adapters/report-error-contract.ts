/**
 * The `reportError` rules every framework adapter passes (issue 17, section 4), over a real socket on 127.0.0.1: a
 * repository that throws reaches the reporter exactly once per request, with the original error (same object), the
 * response's `x-correlation-id`, the method, the path as sent (without the query) and the status; 4xx never; `false`
 * reports nothing; a reporter that throws or rejects never changes the response. Each adapter's test file calls
 * {@link describeReportErrorContract} with a function that serves `items` (its repository failing with what
 * `failure.current` holds) with the given `reportError` option, and tests its default logger itself.
 */
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  HttpError,
  type ErrorReportInfo,
  type ReportError,
  type Repository,
  type ResourceRoutes,
} from 'pagelope';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

export const items = defineResource({
  name: 'items',
  schema: z.object({ id: z.string(), name: z.string() }),
  filterable: ['name'],
});
type Item = { id: string; name: string };

/** What the failing repository throws, set by each test before its requests. */
export interface Failure {
  current: unknown;
}

/** Routes of `items` on a memory repository whose every method throws `failure.current` when it is set. */
export function failingRoutes(failure: Failure): ResourceRoutes<Item> {
  const memory = createMemoryRepository(items);
  // The memory repository is frozen: the proxy's target is an empty object, every read forwarded.
  const repository = new Proxy({} as Repository<Item>, {
    get(_target, key) {
      const value: unknown = Reflect.get(memory, key);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (failure.current !== undefined) throw failure.current;
        return (value as (...a: unknown[]) => unknown).apply(memory, args);
      };
    },
    has: (_target, key) => Reflect.has(memory, key),
  });
  return defineRoutes(createResourceService({ resource: items, repository }));
}

/** A served app: its base URL and how to stop it. */
export interface ServedApp {
  readonly url: string;
  close(): Promise<void>;
}

/** Serves `routes` on 127.0.0.1 with the adapter's `reportError` option (left out when `undefined`). */
export type ServeWithReporter = (
  routes: ResourceRoutes,
  reportError: ReportError | false | undefined,
) => Promise<ServedApp>;

interface Row {
  readonly name: string;
  readonly method: string;
  readonly target: string;
  readonly path: string;
  readonly error: () => unknown;
  readonly status: number;
  readonly body?: string;
}

/** 5xx rows: method, target as sent, path the reporter gets, the error and its status. Hostile paths included. */
const SERVER_ERRORS: readonly Row[] = [
  {
    name: 'an Error with a cause on GET by id',
    method: 'GET',
    target: '/items/abc',
    path: '/items/abc',
    error: () => new Error('db down', { cause: new Error('ECONNRESET') }),
    status: 500,
  },
  {
    name: 'an Error on a list, the query left out of the path',
    method: 'GET',
    target: '/items?limit=5&name[eq]=x',
    path: '/items',
    error: () => new TypeError('boom'),
    status: 500,
  },
  {
    name: "a 503 ServiceUnavailableError (the database's) on a create",
    method: 'POST',
    target: '/items',
    path: '/items',
    error: () => new HttpError(503, 'Database unavailable', { headers: { 'retry-after': '5' } }),
    status: 503,
    body: '{"name":"x"}',
  },
  {
    name: 'an HttpError 502 on PATCH of a percent-encoded Unicode id',
    method: 'PATCH',
    target: '/items/%E2%9C%93%20x',
    path: '/items/%E2%9C%93%20x',
    error: () => new HttpError(502),
    status: 502,
    body: '{"name":"y"}',
  },
  {
    name: 'an Error on DELETE of a __proto__ id',
    method: 'DELETE',
    target: '/items/__proto__',
    path: '/items/__proto__',
    error: () => Object.assign(new Error('constraint'), { code: '23505x' }),
    status: 500,
  },
];

/** 4xx rows: never reported (the repository does not throw, or throws an HttpError of a client fault). */
const CLIENT_ERRORS: readonly Row[] = [
  {
    name: 'an unknown filter (400)',
    method: 'GET',
    target: '/items?bogus=1',
    path: '/items',
    error: () => undefined,
    status: 400,
  },
  {
    name: 'an unknown path (404)',
    method: 'GET',
    target: '/nowhere',
    path: '/nowhere',
    error: () => undefined,
    status: 404,
  },
  {
    name: 'another method (405)',
    method: 'PUT',
    target: '/items',
    path: '/items',
    error: () => undefined,
    status: 405,
    body: '{}',
  },
  {
    name: 'malformed JSON (400)',
    method: 'POST',
    target: '/items',
    path: '/items',
    error: () => undefined,
    status: 400,
    body: '{"name":',
  },
  {
    name: 'a 409 the repository throws',
    method: 'POST',
    target: '/items',
    path: '/items',
    error: () => new HttpError(409, 'Taken'),
    status: 409,
    body: '{"name":"x"}',
  },
  {
    name: 'a 429 the repository throws',
    method: 'GET',
    target: '/items/a',
    path: '/items/a',
    error: () => new HttpError(429),
    status: 429,
  },
];

async function send(url: string, row: Row, id: string): Promise<Response> {
  const headers: Record<string, string> = { 'x-correlation-id': id };
  if (row.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(url + row.target, { method: row.method, headers, body: row.body ?? null });
}

/** Runs the contract for one adapter. */
export function describeReportErrorContract(name: string, serve: ServeWithReporter): void {
  describe(`${name}: reportError`, () => {
    it.each(SERVER_ERRORS)("reports $name once, with the same error and the response's correlation id", async (row) => {
      const failure: Failure = { current: undefined };
      const reportError = vi.fn<ReportError>();
      const app = await serve(failingRoutes(failure), reportError);
      try {
        const error = row.error();
        failure.current = error;
        const response = await send(app.url, row, `rep-${row.status}`);
        const body = (await response.json()) as { correlationID: string; statusCode: number };
        expect(response.status).toBe(row.status);
        const id = response.headers.get('x-correlation-id');
        expect([id, body.correlationID]).toStrictEqual([`rep-${row.status}`, `rep-${row.status}`]);
        expect(reportError).toHaveBeenCalledTimes(1);
        const [reported, info] = reportError.mock.calls[0] ?? [];
        expect(reported).toBe(error);
        expect(info).toStrictEqual({ correlationId: id, method: row.method, path: row.path, statusCode: row.status });
      } finally {
        await app.close();
      }
    });

    it.each(CLIENT_ERRORS)('does not report $name', async (row) => {
      const failure: Failure = { current: row.error() };
      const reportError = vi.fn<ReportError>();
      const app = await serve(failingRoutes(failure), reportError);
      try {
        const response = await send(app.url, row, 'client-1');
        expect(response.status).toBe(row.status);
        await response.arrayBuffer();
        expect(reportError).not.toHaveBeenCalled();
      } finally {
        await app.close();
      }
    });

    it('reports each of 20 concurrent failing requests once, under its own correlation id', async () => {
      const failure: Failure = { current: new Error('db down') };
      const seen: ErrorReportInfo[] = [];
      const app = await serve(failingRoutes(failure), (_error, info) => {
        seen.push(info);
      });
      try {
        const ids = Array.from({ length: 20 }, (_, i) => `many-${i}`);
        const statuses = await Promise.all(
          ids.map(async (id) => {
            const response = await fetch(`${app.url}/items/${id}`, { headers: { 'x-correlation-id': id } });
            await response.arrayBuffer();
            return response.status;
          }),
        );
        expect(new Set(statuses)).toStrictEqual(new Set([500]));
        expect(seen.map((info) => info.correlationId).sort()).toStrictEqual([...ids].sort());
        expect(seen.every((info, i) => info.path === `/items/${seen[i]?.correlationId}`)).toBe(true);
      } finally {
        await app.close();
      }
    });

    it('reports under a new correlation id when the request sent an unsafe one', async () => {
      const failure: Failure = { current: new Error('db down') };
      const reportError = vi.fn<ReportError>();
      const app = await serve(failingRoutes(failure), reportError);
      try {
        const response = await fetch(`${app.url}/items/x`, { headers: { 'x-correlation-id': 'a b\u00e9' } });
        const body = (await response.json()) as { correlationID: string };
        expect(response.status).toBe(500);
        expect(reportError.mock.calls[0]?.[1].correlationId).toBe(body.correlationID);
        expect(body.correlationID).toBe(response.headers.get('x-correlation-id'));
        expect(body.correlationID).not.toBe('a b\u00e9');
      } finally {
        await app.close();
      }
    });

    it.each([
      [
        'throws',
        () => {
          throw new Error('reporter down');
        },
      ],
      ['rejects', () => Promise.reject(new Error('reporter down'))],
    ] as const)('answers the masked 500 as usual when the reporter %s', async (_label, reporter) => {
      const failure: Failure = { current: new Error('secret db text') };
      const reportError = vi.fn<ReportError>(reporter);
      const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const app = await serve(failingRoutes(failure), reportError);
      try {
        const response = await fetch(`${app.url}/items/x`, { headers: { 'x-correlation-id': 'rep-throws' } });
        const text = await response.text();
        expect(response.status).toBe(500);
        expect(JSON.parse(text)).toMatchObject({ statusCode: 500, message: 'Internal server error' });
        expect(text).not.toContain('secret');
        expect(reportError).toHaveBeenCalledTimes(1);
      } finally {
        errorLog.mockRestore();
        await app.close();
      }
    });

    it('reports nothing with reportError: false, and logs nothing to console.error', async () => {
      const failure: Failure = { current: new Error('db down') };
      const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const app = await serve(failingRoutes(failure), false);
      try {
        const response = await fetch(`${app.url}/items/x`);
        await response.arrayBuffer();
        expect(response.status).toBe(500);
        expect(errorLog).not.toHaveBeenCalled();
      } finally {
        errorLog.mockRestore();
        await app.close();
      }
    });
  });
}
