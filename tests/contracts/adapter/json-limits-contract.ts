/**
 * The bounds of JSON bodies every adapter keeps: a depth limit (default 64 arrays and objects inside one another, the
 * adapter's `depthLimit` option), deeper a 400 envelope before the body reaches the service and never a 500 however
 * deep, plain or gzip-compressed; and the batch routes' body limit of 4 KiB an item bounded by 1 MiB in all.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryRepository, createResourceService, defineResource, defineRoutes } from '../../../src/index';
import type { Envelope } from '../envelope';
import type { MountAdapter, MountedApp } from './mount-adapter';
import { sendChecked } from './send-checked';

const docs = defineResource({
  name: 'docs',
  schema: z.object({ id: z.string(), meta: z.unknown().optional(), text: z.string().max(2000).optional() }),
  clientIds: true,
});

const docRoutes = () =>
  defineRoutes(createResourceService({ resource: docs, repository: createMemoryRepository(docs) }), {
    routes: { CREATE: true, PARTIAL_UPDATE: true, CREATE_MANY: { maxItems: 1000 } },
  });

/** `levels` arrays inside one another around a 1. */
const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

/** A doc whose JSON body is `depth` deep: the body object, then `depth - 1` arrays. */
const docOf = (id: string, depth: number) => ({ id, meta: nested(depth - 1) });

/** Declares the JSON-limit cases on apps `mount` builds: one with the default depth limit, one with `depthLimit: 4`. */
export function describeJsonLimitsContract(name: string, mount: MountAdapter): void {
  describe(`${name} JSON body limits`, () => {
    let plain: MountedApp;
    let shallow: MountedApp;
    beforeAll(async () => {
      plain = await mount([docRoutes()], {});
      shallow = await mount([docRoutes()], { depthLimit: 4 });
    });
    afterAll(async () => {
      await plain?.close();
      await shallow?.close();
    });

    const send = (app: MountedApp, method: string, path: string, body: string | Uint8Array, gzip = false) =>
      sendChecked(app.url, `${name}-json`, path, {
        method,
        headers: { 'content-type': 'application/json', ...(gzip ? { 'content-encoding': 'gzip' } : {}) },
        body: body as BodyInit,
      });
    const deeper = (limit: number) => `JSON body is nested deeper than ${limit} levels`;

    it('takes a body 64 deep and refuses one 65 deep with the 400 envelope, by default', async () => {
      const within = await send(plain, 'POST', '/docs', JSON.stringify(docOf('d64', 64)));
      expect(within.response.status).toBe(201);
      for (const [method, path] of [
        ['POST', '/docs'],
        ['PATCH', '/docs/d64'],
      ] as const) {
        const over = await send(plain, method, path, JSON.stringify(docOf('d64', 65)));
        expect([method, over.response.status, (over.body as Envelope).message]).toStrictEqual([
          method,
          400,
          deeper(64),
        ]);
      }
    });

    it('answers half a million nested brackets with the 400, never a 500', async () => {
      for (const text of ['['.repeat(500_000), `{"items":${'[{"a":'.repeat(80_000)}`]) {
        const result = await send(plain, 'POST', '/docs/batch', text);
        expect([result.response.status, (result.body as Envelope).message]).toStrictEqual([400, deeper(64)]);
      }
    });

    it('takes its depthLimit option, compressed bodies too, and brackets inside strings do not count', async () => {
      expect((await send(shallow, 'POST', '/docs', JSON.stringify(docOf('d4', 4)))).response.status).toBe(201);
      const strings = { id: 's', meta: [['[[[[{{{{', '\\"[[[[']] };
      expect((await send(shallow, 'POST', '/docs', JSON.stringify(strings))).response.status).toBe(201);
      const over = JSON.stringify(docOf('d5', 5));
      for (const gzip of [false, true]) {
        const result = await send(shallow, 'POST', '/docs', gzip ? gzipSync(over) : over, gzip);
        expect([gzip, result.response.status, (result.body as Envelope).message]).toStrictEqual([gzip, 400, deeper(4)]);
      }
    });

    it('bounds a batch of 1,000 items by 1 MiB in all, not 4 KiB an item', async () => {
      const items = (count: number, id: string) =>
        JSON.stringify({
          items: Array.from({ length: count }, (_, i) => ({ id: `${id}${i}`, text: 'x'.repeat(1100) })),
        });
      const within = await send(plain, 'POST', '/docs/batch', items(900, 'w'));
      expect(within.response.status).toBe(201);
      const over = await send(plain, 'POST', '/docs/batch', items(1000, 'o'));
      expect([over.response.status, (over.body as Envelope).message]).toStrictEqual([
        413,
        'Request body is larger than 1048576 bytes',
      ]);
    });
  });
}
