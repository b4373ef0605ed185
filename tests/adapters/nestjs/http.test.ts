import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import {
  Body,
  Controller,
  Get,
  NotFoundException,
  Post,
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR, HttpAdapterHost, NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { map, type Observable } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryRepository, createResourceService, defineResource, defineRoutes, HttpError } from 'pagelope';
import { PagelopeExceptionFilter, PagelopeModule } from 'pagelope/nestjs';
import { clientErrorListener } from 'pagelope/node';
import { describeRelationsAdapterContract } from '../../contracts/adapter/relations-contract';
import { describeAdapterContract } from '../../contracts/adapter-contract';
import { describeExistingSchemaHttpContract } from '../../contracts/existing-schema-http-contract';
import { trickleBody } from '../../support/trickle-body';

import { mountOn, PLATFORMS, start, type Platform } from './mount-on';

// The contracts on Nest's Express platform; on its Fastify platform in http-fastify.test.ts (npm run test:all).
describeAdapterContract('nestjs on express', mountOn('express'));
describeRelationsAdapterContract('nestjs on express', mountOn('express'));
describeExistingSchemaHttpContract('nestjs on express', mountOn('express'));

const notes = defineResource({ name: 'notes', schema: z.object({ id: z.string(), text: z.string().min(1) }) });
const notesRoutes = () =>
  defineRoutes(createResourceService({ resource: notes, repository: createMemoryRepository(notes) }));
const json = { 'content-type': 'application/json' };

/** An own route of the app, beside pagelope's, that echoes the body Nest hands `@Body()`. */
@Controller('echo')
class EchoController {
  @Post() echo(@Body() body: unknown): { body: unknown } {
    return { body };
  }
}

@Controller('own')
class ThrowingController {
  @Get('missing') missing(): never {
    throw new NotFoundException('no such thing');
  }
  @Get('broken') broken(): never {
    throw new Error('secret=hunter2');
  }
}

class DenyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>();
    if (request.headers['x-deny'] !== undefined) throw new HttpError(403, 'denied by the guard');
    return true;
  }
}

class WrapInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(map((body: unknown) => ({ wrapped: body })));
  }
}

describe.each(PLATFORMS)('PagelopeModule on %s', (platform) => {
  const servers: { close(): Promise<void> }[] = [];
  const serve = async (...args: Parameters<typeof start>) => {
    const server = await start(...args);
    servers.push(server);
    return server;
  };
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  it('parses JSON for the app own @Body() routes too, with its limit and messages', async () => {
    const { url } = await serve(platform, {
      imports: [PagelopeModule.forRoot({ routes: notesRoutes(), bodyLimit: 64 })],
      controllers: [EchoController],
    });
    const echo = (body: string, headers: Record<string, string> = json) =>
      fetch(`${url}/echo`, { method: 'POST', headers, body });
    const ok = await echo('{"a":{"__proto__":{"x":1}}}');
    expect(ok.status).toBe(201);
    expect(await ok.json()).toStrictEqual({ body: { a: JSON.parse('{"__proto__":{"x":1}}') } });
    const malformed = await echo('{"a":');
    expect([malformed.status, ((await malformed.json()) as { message: string }).message]).toStrictEqual([
      400,
      'Malformed JSON body',
    ]);
    expect((await echo(JSON.stringify({ a: 'x'.repeat(100) }))).status).toBe(413);
  });

  it('runs the app guards and interceptors on the resource routes', async () => {
    const { url } = await serve(platform, {
      imports: [PagelopeModule.forRoot({ routes: notesRoutes() })],
      providers: [
        { provide: APP_GUARD, useClass: DenyGuard },
        { provide: APP_INTERCEPTOR, useClass: WrapInterceptor },
      ],
    });
    const denied = await fetch(`${url}/notes`, { headers: { 'x-deny': '1', 'x-correlation-id': 'deny-1' } });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ message: 'denied by the guard', correlationID: 'deny-1' });
    const listed = await fetch(`${url}/notes`);
    expect(listed.status).toBe(200);
    expect(await listed.json()).toMatchObject({ wrapped: { items: [], total: 0 } });
  });

  it('hands locals the platform request, awaits it, and answers what it throws with the envelope', async () => {
    const seen: unknown[] = [];
    const service = createResourceService<{ id: string; text: string }, { user: string }>({
      resource: notes,
      repository: createMemoryRepository(notes),
    });
    service.hooks.on('onAfterCreate', ({ locals }) => void seen.push(locals.user));
    const { url } = await serve(platform, {
      imports: [
        PagelopeModule.forRoot({
          routes: defineRoutes(service),
          locals: async (request: { headers: Record<string, unknown>; raw?: unknown; get?: unknown }) => {
            seen.push(platform === 'express' ? typeof request.get : typeof request.raw);
            const user = request.headers['x-user'];
            if (typeof user !== 'string') throw new HttpError(401);
            return Promise.resolve({ user });
          },
        }),
      ],
    });
    const anonymous = await fetch(`${url}/notes`);
    expect(anonymous.status).toBe(401);
    const created = await fetch(`${url}/notes`, {
      method: 'POST',
      headers: { ...json, 'x-user': 'ada' },
      body: '{"text":"hi"}',
    });
    expect(created.status).toBe(201);
    expect(seen).toStrictEqual([platform === 'express' ? 'function' : 'object', expect.any(String), 'ada']);
  });

  it('reads gzip-encoded JSON and answers another content encoding with 415', async () => {
    const { url } = await serve(platform, { imports: [PagelopeModule.forRoot({ routes: notesRoutes() })] });
    const gzipped = await fetch(`${url}/notes`, {
      method: 'POST',
      headers: { ...json, 'content-encoding': 'gzip' },
      body: gzipSync('{"text":"packed"}'),
    });
    expect(gzipped.status).toBe(201);
    expect(await gzipped.json()).toMatchObject({ text: 'packed' });
    const other = await fetch(`${url}/notes`, {
      method: 'POST',
      headers: { ...json, 'content-encoding': 'zstd-ish' },
      body: '{"text":"x"}',
    });
    expect(other.status).toBe(415);
  });

  it('answers a streamed body over the limit with 413, and a malformed content type with the 415 of pagelope', async () => {
    const { url } = await serve(platform, {
      imports: [PagelopeModule.forRoot({ routes: notesRoutes(), bodyLimit: 1024 })],
    });
    const chunks = Array.from({ length: 8 }, () => new TextEncoder().encode(`"${'x'.repeat(510)}",`));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk === undefined) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const streamed = await fetch(`${url}/notes`, {
      method: 'POST',
      headers: json,
      body,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toMatchObject({ message: 'Request body is larger than 1024 bytes' });
    const malformed = await fetch(`${url}/notes`, { method: 'POST', headers: { 'content-type': 'json' }, body: '{}' });
    expect(malformed.status).toBe(415);
    expect(await malformed.json()).toMatchObject({ message: 'Content-Type must be application/json' });
  });

  it.each(['/NOTES', '/notes/', '/Notes/x1/'])(
    'answers another method on %s with a 405 exactly when the router serves GET there',
    async (path) => {
      const { url } = await serve(platform, { imports: [PagelopeModule.forRoot({ routes: notesRoutes() })] });
      const got = (await (await fetch(`${url}${path}`)).json()) as { message?: unknown };
      const served = !String(got.message).startsWith('Cannot GET'); // a record's 404 comes from the route
      const other = await fetch(`${url}${path}`, { method: path.includes('x1') ? 'POST' : 'PUT' });
      expect([path, other.status]).toStrictEqual([path, served ? 405 : 404]);
      expect((await other.json()) as unknown).toMatchObject({ statusCode: other.status });
    },
  );

  it('answers the routes below a global prefix alone: 405s there, a location carrying it, the 404 of an unknown path on the bare path', async () => {
    const { url } = await serve(
      platform,
      { imports: [PagelopeModule.forRoot({ routes: notesRoutes() })] },
      undefined,
      (app) => app.setGlobalPrefix('api'),
    );
    const send = async (method: string, path: string) => {
      const response = await fetch(`${url}${path}`, { method, headers: { 'x-correlation-id': 'prefix-1' } });
      expect(response.headers.get('x-correlation-id')).toBe('prefix-1');
      const body = (await response.json()) as unknown;
      return { status: response.status, allow: response.headers.get('allow'), body };
    };
    // The bare paths of the routes are unknown paths: the envelope of GET /nowhere, never a 405.
    const bare = [
      ['GET', '/notes'],
      ['PUT', '/notes'],
      ['POST', '/notes/x1'],
      ['PATCH', '/notes/cursor'],
      ['GET', '/nowhere'],
    ] as const;
    for (const [method, path] of bare)
      expect(await send(method, path)).toMatchObject({
        status: 404,
        allow: null,
        body: { statusCode: 404, message: `Cannot ${method} ${path}`, error: 'Not Found', correlationID: 'prefix-1' },
      });
    expect((await send('GET', '/api/notes')).status).toBe(200);
    // A create's location carries the prefix, as the list's link does.
    const created = await fetch(`${url}/api/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'below a prefix' }),
    });
    const { id } = (await created.json()) as { id: string };
    expect([created.status, created.headers.get('location')]).toStrictEqual([201, `/api/notes/${id}`]);
    expect((await fetch(`${url}${created.headers.get('location') ?? ''}`)).status).toBe(200);
    const refused = [
      ['DELETE', '/api/notes', 'GET, POST'],
      ['POST', '/api/notes/x1', 'GET, PUT, PATCH, DELETE'],
      ['PATCH', '/api/notes/cursor', 'GET'],
    ] as const;
    for (const [method, path, allow] of refused)
      expect(await send(method, path)).toMatchObject({ status: 405, allow, body: { statusCode: 405 } });
  });

  it('answers HEAD on a list route as GET without a body, with the correlation id', async () => {
    const { url } = await serve(platform, { imports: [PagelopeModule.forRoot({ routes: notesRoutes() })] });
    const response = await fetch(`${url}/notes`, { method: 'HEAD', headers: { 'x-correlation-id': 'head-1' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-correlation-id')).toBe('head-1');
    expect(await response.text()).toBe('');
  });

  it('still serves JSON bodies when the app keeps Nest own body parser', async () => {
    const { url } = await serve(
      platform,
      { imports: [PagelopeModule.forRoot({ routes: notesRoutes() })] },
      { bodyParser: true },
    );
    const created = await fetch(`${url}/notes`, { method: 'POST', headers: json, body: '{"text":"hi"}' });
    expect(created.status).toBe(201);
    const refused = await fetch(`${url}/notes`, { method: 'POST', headers: json, body: '{"__proto__":{"x":1}}' });
    expect(refused.status).toBe(400);
  });

  it('gives PagelopeExceptionFilter alone the envelope for every failure, without the module', async () => {
    const { url } = await serve(platform, { controllers: [ThrowingController] }, { bodyParser: false }, (app) => {
      app.useGlobalFilters(new PagelopeExceptionFilter(app.get(HttpAdapterHost)));
    });
    const get = async (path: string) => {
      const response = await fetch(`${url}${path}`, { headers: { 'x-correlation-id': 'alone-1' } });
      expect(response.headers.get('x-correlation-id')).toBe('alone-1');
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect(await get('/own/missing')).toMatchObject({ status: 404, body: { message: 'no such thing' } });
    expect(await get('/nowhere?x=1')).toMatchObject({ status: 404, body: { message: 'Cannot GET /nowhere' } });
    const broken = await get('/own/broken');
    expect(broken).toMatchObject({ status: 500, body: { message: 'Internal server error', correlationID: 'alone-1' } });
    expect(JSON.stringify(broken.body)).not.toContain('hunter2');
  });
});

describe('PagelopeModule under a request timeout', () => {
  /** Serves the app with a 500 ms request timeout, checked every 100 ms, and clientErrorListener. */
  const startTimed = async (platform: Platform) => {
    const root = { module: class TimedModule {}, imports: [PagelopeModule.forRoot({ routes: notesRoutes() })] };
    const settings = { logger: false, bodyParser: false } as const;
    const timeouts = { requestTimeout: 500, headersTimeout: 500, connectionsCheckingInterval: 100 };
    if (platform === 'fastify') {
      const adapter = new FastifyAdapter({
        requestTimeout: 500,
        http: timeouts,
        clientErrorHandler: clientErrorListener(),
      });
      const app = await NestFactory.create(root, adapter, settings);
      await app.listen(0, '127.0.0.1');
      return { app, server: app.getHttpServer() as Server };
    }
    // Nest creates its Express server without options: the app is served from one made here.
    const app = await NestFactory.create(root, new ExpressAdapter(), settings);
    await app.init();
    const server = createServer(timeouts, app.getHttpAdapter().getInstance() as never);
    server.on('clientError', clientErrorListener());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { app, server };
  };

  it.each(PLATFORMS)('cuts off a trickling body with the 408 envelope on %s', async (platform) => {
    const { app, server } = await startTimed(platform);
    try {
      const port = (server.address() as AddressInfo).port;
      const { response, elapsedMs } = await trickleBody(`http://127.0.0.1:${port}`, '/notes', { contentLength: 100 });
      expect(elapsedMs).toBeLessThan(3_000);
      expect(response).toMatch(/^HTTP\/1\.1 408 /);
      expect(JSON.parse(response.slice(response.indexOf('{'), response.lastIndexOf('}') + 1))).toMatchObject({
        statusCode: 408,
      });
    } finally {
      if (platform === 'express') await new Promise((resolve) => server.close(resolve));
      await app.close();
    }
  });
});

describe('PagelopeModule.forRoot', () => {
  const routes = notesRoutes();
  const service = createResourceService({ resource: notes, repository: createMemoryRepository(notes) });
  it.each([
    { label: 'no options', options: undefined, message: 'options must be an object' },
    { label: 'no routes', options: {}, message: 'routes must be what defineRoutes returns' },
    { label: 'an empty list', options: { routes: [] }, message: 'at least one resource' },
    {
      label: 'a plain object',
      options: { routes: { path: '/x' } },
      message: 'routes must be what defineRoutes returns',
    },
    { label: 'a zero bodyLimit', options: { routes, bodyLimit: 0 }, message: 'bodyLimit must be a positive integer' },
    { label: 'a fractional bodyLimit', options: { routes, bodyLimit: 1.5 }, message: 'bodyLimit' },
    {
      label: 'a locals that is no function',
      options: { routes, locals: 'user' },
      message: 'locals must be a function',
    },
    { label: 'an unknown option', options: { routes, prefix: '/v1' }, message: 'unknown option "prefix"' },
    {
      label: 'two resources on one path',
      options: { routes: [routes, notesRoutes()] },
      message: 'two resources mount /notes',
    },
    {
      label: 'a path Nest reads as syntax',
      options: { routes: defineRoutes(service, { path: '/a*b' }) },
      message: 'characters Nest',
    },
  ])('throws a TypeError for $label', ({ options, message }) => {
    expect(() => PagelopeModule.forRoot(options as never)).toThrow(TypeError);
    expect(() => PagelopeModule.forRoot(options as never)).toThrow(message);
  });

  it('returns a dynamic module with one controller per resource and the global filter', () => {
    const module = PagelopeModule.forRoot({ routes: [routes, defineRoutes(service, { path: '/v2/notes' })] });
    expect(module.module).toBe(PagelopeModule);
    expect(module.controllers).toHaveLength(2);
    expect(module.providers).toContainEqual(expect.objectContaining({ provide: 'APP_FILTER' }));
  });
});
