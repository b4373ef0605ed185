import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { createMemoryRepository, createResourceService, defineResource, defineRoutes } from 'pagelope';
import { pagelope } from 'pagelope/fastify';
import { currentCorrelationId } from 'pagelope/node';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeCorrelationContract, type MountCorrelationApp } from '../../contracts/correlation-contract';

/** The plugin first, then the app's own `onRequest` and `preHandler` hooks (a body is parsed between the two). */
const mount: MountCorrelationApp = async (routes, middleware) => {
  const app = Fastify({ forceCloseConnections: true });
  await app.register(pagelope, { routes });
  const markerOf = (value: unknown) => (typeof value === 'string' ? value : undefined);
  app.addHook('onRequest', (request) => middleware(markerOf(request.headers['x-marker'])));
  app.addHook('preHandler', (request) => middleware(markerOf(request.headers['x-marker'])));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
};

describeCorrelationContract('fastify', mount, 2);

describe('pagelope (Fastify) request context in the hooks after the response', () => {
  it("runs the app's onResponse hook, and the error handler's report, under the request's id", async () => {
    const app = Fastify({ forceCloseConnections: true });
    const notes = defineResource({ name: 'notes', schema: z.object({ id: z.string(), text: z.string() }) });
    const repository = createMemoryRepository(notes);
    const failing = { ...repository, list: () => Promise.reject(new Error('database down')) };
    const service = createResourceService({ resource: notes, repository: failing });
    const seen: { where: string; id: string | undefined; header: unknown }[] = [];
    await app.register(pagelope, {
      routes: defineRoutes(service),
      reportError: () => void seen.push({ where: 'report', id: currentCorrelationId(), header: 'fail-1' }),
    });
    app.addHook('onResponse', (request, _reply, done) => {
      seen.push({ where: 'onResponse', id: currentCorrelationId(), header: request.headers['x-correlation-id'] });
      done();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/notes`, { headers: { 'x-correlation-id': 'fail-1' } });
      expect(response.status).toBe(500);
      await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seen).toEqual([
        { where: 'report', id: 'fail-1', header: 'fail-1' },
        { where: 'onResponse', id: 'fail-1', header: 'fail-1' },
      ]);
      expect(currentCorrelationId()).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
