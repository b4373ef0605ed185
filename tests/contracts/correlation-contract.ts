/**
 * The request-context contract every framework adapter meets over real HTTP on 127.0.0.1: 1,000 concurrent creates,
 * all held in flight at once, whose hook, repository and the app's own middleware log with pino (`correlationMixin()`)
 * across timers and awaits; every line carries the id of its own request, never another's, and lines written outside
 * a request carry none. The traceparent rule answers the same on every adapter. Call
 * `describeCorrelationContract(name, mount)` from an adapter's test file.
 */
import { request as httpRequest } from 'node:http';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryRepository, createResourceService, defineResource, defineRoutes } from 'pagelope';
import type { Repository, ResourceRoutes } from 'pagelope';
import { correlationMixin, currentCorrelationId } from 'pagelope/node';
import type { MountedApp } from './adapter-contract';

/** The app's own middleware, as the adapter test mounts it after pagelope's: it awaits `middleware(x-marker)`. */
export type UserMiddleware = (marker: string | undefined) => Promise<void>;

/**
 * Builds an app from the adapter with `routes`, pagelope's correlation wiring first, then the app's own middleware
 * calling `middleware` with the request's `x-marker` header (awaited, `calls` times a request), listening on 127.0.0.1.
 */
export type MountCorrelationApp = (routes: ResourceRoutes<any>, middleware: UserMiddleware) => Promise<MountedApp>;

const REQUESTS = 1_000;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PARENT = '00f067aa0ba902b7';
const traceOf = (i: number): string => `${(i + 1).toString(16).padStart(8, '0')}${'a'.repeat(24)}`;
const asUuid = (hex: string): string =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

const items = defineResource({
  name: 'items',
  schema: z.object({ id: z.string(), text: z.string().min(1) }),
  filterable: ['text'],
});
type Item = z.output<typeof items.schema>;

interface Line {
  readonly where: string;
  readonly marker?: string;
  readonly correlationId?: string;
}

/** The headers of request `i`: its own id, a traceparent (valid or not) or nothing, in turn. */
function headersOf(i: number): { headers: Record<string, string>; expected?: string } {
  const headers = { 'content-type': 'application/json', 'x-marker': `m-${i}` };
  switch (i % 4) {
    case 0:
      return { headers: { ...headers, 'x-correlation-id': `req-${i}` }, expected: `req-${i}` };
    case 1:
      return { headers: { ...headers, traceparent: `00-${traceOf(i)}-${PARENT}-01` }, expected: asUuid(traceOf(i)) };
    case 2:
      return { headers: { ...headers, traceparent: `00-${traceOf(i).toUpperCase()}-${PARENT}-01` } };
    default:
      return { headers };
  }
}

/** Declares the request-context contract for one adapter; `calls` is how often its app calls the middleware. */
export function describeCorrelationContract(name: string, mount: MountCorrelationApp, calls: number): void {
  describe(`${name} request context`, () => {
    const lines: Line[] = [];
    const logger = pino(
      { base: null, timestamp: false, mixin: correlationMixin() },
      { write: (text: string) => void lines.push(JSON.parse(text) as Line) },
    );
    let app: MountedApp;
    let entered = 0;
    let release: () => void = () => undefined;
    /** While the concurrent test runs: resolved once every one of its requests is in the repository. */
    let allIn: Promise<void> | undefined;

    beforeAll(async () => {
      const inner = createMemoryRepository(items);
      const repository: Repository<Item> = {
        ...inner,
        create: async (data) => {
          logger.info({ where: 'repository', marker: data.text });
          // Every request of the concurrent test waits here until all are in: 1,000 contexts alive at once.
          if (allIn !== undefined && ++entered === REQUESTS) release();
          await allIn;
          const n = Number(data.text.slice(2));
          setTimeout(() => logger.info({ where: 'repository timer', marker: data.text }), n % 3);
          await sleep(n % 5);
          logger.info({ where: 'repository after sleep', marker: data.text });
          return inner.create(data);
        },
      };
      const service = createResourceService({ resource: items, repository });
      service.hooks.on('onBeforeCreate', async ({ body }) => {
        logger.info({ where: 'hook', marker: body['text'] as string });
        await nextTurn();
        logger.info({ where: 'hook after turn', marker: body['text'] as string });
        return body;
      });
      service.hooks.on('onAfterCreate', ({ entity }) => {
        queueMicrotask(() => logger.info({ where: 'after-create microtask', marker: entity.text }));
      });
      app = await mount(defineRoutes(service), async (marker) => {
        logger.info({ where: 'middleware', marker });
        await sleep(1);
        logger.info({ where: 'middleware after sleep', marker });
      });
    });
    afterAll(() => app.close());

    it(`runs ${REQUESTS} concurrent requests, each line under its own request's id, never another's`, async () => {
      allIn = new Promise<void>((resolve) => (release = resolve));
      const outside = setInterval(() => logger.info({ where: 'outside' }), 2);
      // Should a request never reach the repository, the others go on after 20 s, and the test fails.
      let inAtOnce = REQUESTS;
      const fallback = setTimeout(() => {
        inAtOnce = entered;
        release();
      }, 20_000);
      expect(currentCorrelationId()).toBeUndefined();
      const sent = Array.from({ length: REQUESTS }, (_, i) => headersOf(i));
      const answers = await Promise.all(
        sent.map(async ({ headers }, i) => {
          const response = await fetch(`${app.url}/items`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ text: `m-${i}` }),
          });
          await response.arrayBuffer();
          return { status: response.status, id: response.headers.get('x-correlation-id') ?? '' };
        }),
      );
      await sleep(20); // the repository's timers
      clearInterval(outside);
      clearTimeout(fallback);
      allIn = undefined;
      expect(inAtOnce).toBe(REQUESTS);
      expect(entered).toBe(REQUESTS);
      expect(answers.filter(({ status }) => status !== 201)).toEqual([]);
      answers.forEach(({ id }, i) => {
        const { expected } = sent[i]!;
        if (expected === undefined) expect(id).toMatch(UUID_V4);
        else expect(id).toBe(expected);
      });
      expect(new Set(answers.map(({ id }) => id)).size).toBe(REQUESTS);

      const byMarker = new Map<string, Line[]>();
      for (const line of lines) {
        if (line.marker === undefined) continue;
        byMarker.set(line.marker, [...(byMarker.get(line.marker) ?? []), line]);
      }
      const wrong: string[] = [];
      answers.forEach(({ id }, i) => {
        const own = byMarker.get(`m-${i}`) ?? [];
        expect(own.length).toBe(6 + 2 * calls);
        for (const line of own)
          if (line.correlationId !== id) wrong.push(`m-${i} ${line.where}: ${line.correlationId}`);
      });
      expect(wrong).toEqual([]);
      const outsideLines = lines.filter((line) => line.where === 'outside');
      expect(outsideLines.length).toBeGreaterThan(0);
      expect(outsideLines.filter((line) => line.correlationId !== undefined)).toEqual([]);
      expect(currentCorrelationId()).toBeUndefined();
      await nextTurn();
      expect(currentCorrelationId()).toBeUndefined();
    });

    it.each([
      { label: 'a valid traceparent', traceparent: `00-${traceOf(7)}-${PARENT}-01`, expected: asUuid(traceOf(7)) },
      { label: 'a higher version', traceparent: `cc-${traceOf(8)}-${PARENT}-01-more`, expected: asUuid(traceOf(8)) },
      { label: 'version ff', traceparent: `ff-${traceOf(9)}-${PARENT}-01` },
      { label: 'an all-zero trace id', traceparent: `00-${'0'.repeat(32)}-${PARENT}-01` },
      { label: 'an all-zero parent id', traceparent: `00-${traceOf(10)}-${'0'.repeat(16)}-01` },
      { label: 'an upper-case traceparent', traceparent: `00-${traceOf(11).toUpperCase()}-${PARENT}-01` },
      { label: 'version 00 with a field after', traceparent: `00-${traceOf(12)}-${PARENT}-01-x` },
      { label: 'a CR-free garbage value', traceparent: '__proto__' },
    ])('answers $label with the matching correlation id, a 404 envelope too', async ({ traceparent, expected }) => {
      for (const path of ['/items?limit=1', '/no-such-path']) {
        const response = await fetch(`${app.url}${path}`, { headers: { traceparent } });
        const body = (await response.json()) as { correlationID?: string };
        const id = response.headers.get('x-correlation-id') ?? '';
        if (expected === undefined) expect(id).toMatch(UUID_V4);
        else expect(id).toBe(expected);
        if (response.status === 404) expect(body.correlationID).toBe(id);
      }
    });

    it('keeps the context across a body that arrives in two parts, apart in time', async () => {
      const body = JSON.stringify({ text: 'm-slow' });
      const headers = { 'content-type': 'application/json', 'content-length': String(body.length) };
      const sentId = await new Promise<string | undefined>((resolve, reject) => {
        const outgoing = httpRequest(`${app.url}/items`, {
          method: 'POST',
          headers: { ...headers, 'x-marker': 'm-slow' },
        });
        outgoing.on('response', (response) => {
          response.resume();
          response.on('end', () => resolve(response.headers['x-correlation-id'] as string | undefined));
        });
        outgoing.on('error', reject);
        outgoing.flushHeaders();
        outgoing.write(body.slice(0, 5));
        setTimeout(() => outgoing.end(body.slice(5)), 50);
      });
      await sleep(20);
      const own = lines.filter((line) => line.marker === 'm-slow');
      expect(sentId).toMatch(UUID_V4);
      expect(own.length).toBe(6 + 2 * calls);
      expect(own.filter((line) => line.correlationId !== sentId)).toEqual([]);
    });

    it('keeps a safe x-correlation-id over a valid traceparent', async () => {
      const traceparent = `00-${traceOf(13)}-${PARENT}-01`;
      const response = await fetch(`${app.url}/items`, { headers: { traceparent, 'x-correlation-id': 'mine-1' } });
      await response.arrayBuffer();
      expect(response.headers.get('x-correlation-id')).toBe('mine-1');
    });
  });
}
