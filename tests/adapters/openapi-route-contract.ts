/**
 * What every framework adapter's `openapi` option does, on resources defined only here: the document served at its
 * path (default `/openapi.json`) as `toOpenApi` builds it, HEAD as GET, the 405 with `allow: GET` for another method,
 * the request's correlation id, a `TypeError` at set-up for a bad option, nothing without the option, and (where the
 * framework mounts below a prefix) the document below it. Call `describeOpenApiRoute(name, mount)` from an adapter's
 * OpenAPI test file.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  toOpenApi,
  type ResourceRoutes,
} from 'pagelope';

/** A running app built from one adapter. */
export interface MountedApp {
  readonly url: string;
  close(): Promise<void>;
}

/** What the mount function passes to the adapter. */
export interface OpenApiMountOptions {
  /** The adapter's `openapi` option, passed as it is (absent when `undefined`). */
  readonly openapi?: unknown;
  /** Mount everything below this prefix (Express `app.use(prefix, router)`, Hono `app.route`, Nest's global prefix). */
  readonly prefix?: string;
}

/**
 * Builds an app from the adapter alone with `routes` and the `openapi` option, listening on 127.0.0.1 port 0; it
 * rejects with what the adapter throws at set-up.
 */
export type MountWithOpenApi = (
  routes: readonly ResourceRoutes<any>[],
  options: OpenApiMountOptions,
) => Promise<MountedApp>;

/** What the framework does below a prefix. */
export interface PrefixSupport {
  /**
   * Whether the 404 and 405 answers follow the prefix too: the unprefixed path a 404, another method on the prefixed
   * path a 405. Not on Nest, whose exception filter matches the paths as `defineRoutes` declares them, for the
   * resources as for the document.
   */
  readonly errorsFollowPrefix: boolean;
}

/** Options of {@link describeOpenApiRoute}. */
export interface DescribeOpenApiRouteOptions {
  /** How the adapter mounts below a prefix; `false` when it has no prefix of its own (Fastify's plugin). */
  readonly prefix: PrefixSupport | false;
}

const JSON_UTF8 = 'application/json; charset=utf-8';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const info = { title: 'Notes API', version: '2.1.0', description: 'Notes and tags.' };

const notes = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string(), text: z.string().min(1), rank: z.number().int().default(0) }),
  filterable: ['text', 'rank'],
  sortable: ['rank'],
});
const tags = defineResource({ name: 'tags', schema: z.object({ id: z.string(), label: z.string() }) });

/** The notes routes (every route type) and the tags routes (list and get only), on empty memory repositories. */
function resources(): ResourceRoutes<any>[] {
  const notesService = createResourceService({ resource: notes, repository: createMemoryRepository(notes) });
  const tagsService = createResourceService({ resource: tags, repository: createMemoryRepository(tags) });
  return [defineRoutes(notesService), defineRoutes(tagsService, { routes: { GET_LIST: true, GET: true } })];
}

interface Envelope {
  statusCode: number;
  message: string | string[];
  error: string;
  correlationID: string;
}

export function describeOpenApiRoute(name: string, mount: MountWithOpenApi, options: DescribeOpenApiRouteOptions) {
  describe(`${name} openapi option`, () => {
    const running: MountedApp[] = [];
    const open = async (routes: readonly ResourceRoutes<any>[], mountOptions: OpenApiMountOptions) => {
      const app = await mount(routes, mountOptions);
      running.push(app);
      return app;
    };
    afterEach(async () => {
      await Promise.all(running.splice(0).map((app) => app.close()));
    });

    const envelopeOf = async (response: Response, status: number, id: string): Promise<Envelope> => {
      expect(response.status).toBe(status);
      expect(response.headers.get('x-correlation-id')).toBe(id);
      const body = (await response.json()) as Envelope;
      expect(body).toMatchObject({ statusCode: status, correlationID: id });
      return body;
    };

    it('serves the document of toOpenApi at /openapi.json: 200, JSON in UTF-8, the correlation id', async () => {
      const routes = resources();
      const { url } = await open(routes, { openapi: { info } });
      const response = await fetch(`${url}/openapi.json`, { headers: { 'x-correlation-id': 'doc-1' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(JSON_UTF8);
      expect(response.headers.get('x-correlation-id')).toBe('doc-1');
      const text = await response.text();
      expect(text).toBe(JSON.stringify(toOpenApi(routes, { info })));
      expect(JSON.parse(text)).toStrictEqual(JSON.parse(JSON.stringify(toOpenApi(routes, { info }))));
      // The resources are served beside it, as without the option.
      expect((await fetch(`${url}/notes`)).status).toBe(200);
      expect((await fetch(`${url}/tags`)).status).toBe(200);
    });

    it('gives a new correlation id when the request sends none or an unsafe one', async () => {
      const { url } = await open(resources(), { openapi: { info } });
      const sent: Record<string, string>[] = [{}, { 'x-correlation-id': 'not safe' }];
      for (const headers of sent) {
        const response = await fetch(`${url}/openapi.json`, { headers });
        expect(response.status).toBe(200);
        expect(response.headers.get('x-correlation-id')).toMatch(UUID);
        await response.text();
      }
    });

    it('serves it at a custom path with the servers given, and nothing at /openapi.json', async () => {
      const routes = resources();
      const servers = [{ url: 'https://api.example.com/v2', description: 'production' }, { url: '/' }];
      const { url } = await open(routes, { openapi: { info, servers, path: '/docs/api.json' } });
      const response = await fetch(`${url}/docs/api.json`);
      expect([response.status, response.headers.get('content-type')]).toStrictEqual([200, JSON_UTF8]);
      const document = (await response.json()) as { servers?: unknown; info?: unknown };
      expect(document.servers).toStrictEqual(servers);
      expect(document.info).toStrictEqual(info);
      expect(document).toStrictEqual(JSON.parse(JSON.stringify(toOpenApi(routes, { info, servers }))));
      const missing = await fetch(`${url}/openapi.json`, { headers: { 'x-correlation-id': 'doc-2' } });
      expect((await envelopeOf(missing, 404, 'doc-2')).message).toBe('Cannot GET /openapi.json');
    });

    it('answers HEAD as GET, without a body', async () => {
      const { url } = await open(resources(), { openapi: { info } });
      const response = await fetch(`${url}/openapi.json`, {
        method: 'HEAD',
        headers: { 'x-correlation-id': 'head-1' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(JSON_UTF8);
      expect(response.headers.get('x-correlation-id')).toBe('head-1');
      expect(await response.text()).toBe('');
    });

    it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
      'answers %s on the path with the 405 envelope and allow: GET',
      async (method) => {
        const { url } = await open(resources(), { openapi: { info, path: '/spec.json' } });
        const response = await fetch(`${url}/spec.json`, {
          method,
          headers: { 'content-type': 'application/json', 'x-correlation-id': `not-allowed-${method}` },
          body: method === 'DELETE' ? null : '{"a":1}',
        });
        expect(response.headers.get('allow')).toBe('GET');
        const envelope = await envelopeOf(response, 405, `not-allowed-${method}`);
        expect(envelope.error).toBe('Method Not Allowed');
      },
    );

    it('serves no document without the option (404 at /openapi.json)', async () => {
      const { url } = await open(resources(), {});
      const response = await fetch(`${url}/openapi.json`, { headers: { 'x-correlation-id': 'absent-1' } });
      expect((await envelopeOf(response, 404, 'absent-1')).message).toBe('Cannot GET /openapi.json');
    });

    it.each([
      { label: 'an unknown option', openapi: { info, title: 'x' }, message: /unknown option "title"/ },
      { label: "a resource's list path", openapi: { info, path: '/notes' }, message: /\/notes/ },
      { label: "a resource's cursor path", openapi: { info, path: '/notes/cursor' }, message: /\/notes\/cursor/ },
      { label: 'a path without a leading slash', openapi: { info, path: 'openapi.json' }, message: /path/ },
      { label: 'a path with a parameter', openapi: { info, path: '/docs/:name' }, message: /path/ },
      { label: 'a path with a trailing slash', openapi: { info, path: '/docs/' }, message: /path/ },
      { label: 'a path with a space', openapi: { info, path: '/open api.json' }, message: /path/ },
      { label: 'a path that is not a string', openapi: { info, path: 42 }, message: /path/ },
      { label: 'options that are not an object', openapi: 'yes', message: /openapi/ },
    ])('throws a TypeError at set-up for $label', async ({ openapi, message }) => {
      const setUp = mount(resources(), { openapi });
      await expect(setUp).rejects.toThrow(TypeError);
      await expect(setUp).rejects.toThrow(message);
    });

    const { prefix } = options;
    if (prefix !== false) {
      it('serves the document below the prefix the routes are mounted at', async () => {
        const routes = resources();
        const { url } = await open(routes, { openapi: { info }, prefix: '/v1' });
        const response = await fetch(`${url}/v1/openapi.json`, { headers: { 'x-correlation-id': 'prefixed-1' } });
        expect([response.status, response.headers.get('x-correlation-id')]).toStrictEqual([200, 'prefixed-1']);
        expect(await response.text()).toBe(JSON.stringify(toOpenApi(routes, { info })));
        expect((await fetch(`${url}/v1/notes`)).status).toBe(200);
        if (prefix.errorsFollowPrefix) {
          const unprefixed = await fetch(`${url}/openapi.json`, { headers: { 'x-correlation-id': 'prefixed-2' } });
          await envelopeOf(unprefixed, 404, 'prefixed-2');
          const other = await fetch(`${url}/v1/openapi.json`, {
            method: 'DELETE',
            headers: { 'x-correlation-id': 'prefixed-3' },
          });
          expect(other.headers.get('allow')).toBe('GET');
          await envelopeOf(other, 405, 'prefixed-3');
        }
      });
    }
  });
}
