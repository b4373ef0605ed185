/**
 * The generic paths the batch routes will take, on hand-made routes (no batch row exists yet): a route's own
 * `bodyLimit` over the adapter's (smaller and larger), the JSON body of a DELETE whose row takes one, a DELETE whose
 * row takes none leaving its body unread, and a literal segment (`/items/batch`) winning over `/:id` for every
 * method although `allow` lists `/:id` first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Route } from '../../../src/http/index';
import type { RouteInput, RouteReply } from '../../../src/routes/index';
import type { ResourceRoutes } from '../../../src/index';
import { STACK, type Envelope } from '../envelope';
import type { MountAdapter, MountedApp } from './mount-adapter';

/** The adapter's `bodyLimit` on this app; `DELETE /items/batch` reads 64 bytes at most, `POST /items/batch` 4096. */
const ADAPTER_LIMIT = 256;

/** A route answering 200 with what it was handed: the route's name, the id and the body. */
function echo(name: string, route: Pick<Route, 'type' | 'method' | 'path' | 'bodyLimit'>): Route {
  const handle = async (input: RouteInput): Promise<RouteReply> => ({
    status: 200,
    headers: { 'x-correlation-id': input.correlationId ?? '' },
    body: { route: name, id: input.params.id ?? null, body: input.body ?? null },
  });
  return { ...route, handle };
}

/** Hand-made routes of `/items`, `/:id` listed (and so mounted, without the adapters' ordering) first. */
function itemRoutes(): ResourceRoutes {
  const routes = [
    echo('get', { type: 'GET', method: 'GET', path: '/items/:id' }),
    echo('patch', { type: 'PARTIAL_UPDATE', method: 'PATCH', path: '/items/:id' }),
    echo('delete', { type: 'DELETE', method: 'DELETE', path: '/items/:id' }),
    // A row with a body on DELETE, as DELETE_MANY will be, and a small limit of its own.
    echo('deleteMany', { type: 'UPDATE', method: 'DELETE', path: '/items/batch', bodyLimit: 64 }),
    // A row with a larger limit than the adapter's, as CREATE_MANY will have.
    echo('createMany', { type: 'CREATE', method: 'POST', path: '/items/batch', bodyLimit: 4096 }),
  ];
  const allow = new Map([
    ['/items/:id', 'GET, PATCH, DELETE'],
    ['/items/batch', 'DELETE, POST'],
  ]);
  return { path: '/items', routes, allow } as unknown as ResourceRoutes;
}

/** Declares the body and literal-segment cases on the app `mount` builds from {@link itemRoutes}. */
export function describeBodyRoutesContract(name: string, mount: MountAdapter): void {
  describe(`${name} route bodies and literal segments`, () => {
    let app: MountedApp;
    beforeAll(async () => {
      app = await mount([itemRoutes()], { bodyLimit: ADAPTER_LIMIT });
    });
    afterAll(async () => {
      await app?.close();
    });

    const send = async (method: string, path: string, body?: unknown) => {
      const correlationId = `${name.replace(/[^\w.:-]/g, '-')}-body-${Math.random().toString(36).slice(2, 10)}`;
      const headers: Record<string, string> = { 'x-correlation-id': correlationId };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${app.url}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      expect(text).not.toMatch(STACK);
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined, response };
    };
    const padded = (bytes: number) => ({ ids: ['a'], pad: 'x'.repeat(bytes) });

    it("reads a DELETE's JSON body where its row takes one", async () => {
      const result = await send('DELETE', '/items/batch', { ids: ['a', 'b'] });
      expect([result.status, result.body]).toStrictEqual([
        200,
        { route: 'deleteMany', id: null, body: { ids: ['a', 'b'] } },
      ]);
    });

    it("leaves a DELETE's body unread where its row takes none", async () => {
      const result = await send('DELETE', '/items/x', { ids: ['a'] });
      expect([result.status, result.body]).toStrictEqual([200, { route: 'delete', id: 'x', body: null }]);
    });

    it("answers a body over the route's own smaller limit with the 413 envelope naming it", async () => {
      const result = await send('DELETE', '/items/batch', padded(100));
      expect(result.status).toBe(413);
      expect((result.body as Envelope).message).toBe('Request body is larger than 64 bytes');
    });

    it("reads a body over the adapter's limit within the route's own larger one, and refuses one above it", async () => {
      const within = await send('POST', '/items/batch', padded(1000));
      expect([within.status, (within.body as { route: string }).route]).toStrictEqual([200, 'createMany']);
      const above = await send('POST', '/items/batch', padded(5000));
      expect([above.status, (above.body as Envelope).message]).toStrictEqual([
        413,
        'Request body is larger than 4096 bytes',
      ]);
      const other = await send('PATCH', '/items/x', padded(1000));
      expect([other.status, (other.body as Envelope).message]).toStrictEqual([
        413,
        `Request body is larger than ${ADAPTER_LIMIT} bytes`,
      ]);
    });

    it('answers every method /items/batch does not take with its 405, never as /items/:id', async () => {
      for (const method of ['GET', 'PATCH']) {
        const result = await send(method, '/items/batch', method === 'GET' ? undefined : { x: 1 });
        expect([method, result.status, result.response.headers.get('allow')]).toStrictEqual([
          method,
          405,
          'DELETE, POST',
        ]);
      }
      expect((await send('GET', '/items/x')).body).toStrictEqual({ route: 'get', id: 'x', body: null });
    });
  });
}
