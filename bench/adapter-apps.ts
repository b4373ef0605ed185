/**
 * The W3 adapter apps: for each framework, the smallest real app on its `pagelope/<framework>` adapter, the wiring of
 * the adapter's page in docs/adapters/ without the rate limiter (the floors of bench/http-floors.ts have none), over
 * the examples' `users` routes (examples/shared/demo-routes.ts) and the repository given. Nothing else is mounted: no
 * `/docs`, no `/audit`, no OpenAPI document, no timeouts, and each app is served as its floor is (Fastify's
 * `listen`, Express's `app.listen`, Hono's `serve`, NestJS on its default Express platform). Each framework and its
 * adapter are loaded only by the process that serves them.
 */
import type { Repository, ResourceRoutes } from 'pagelope';
import type { User } from '../examples/shared/users';
import { createDemoRoutes } from '../examples/shared/demo-routes';
import { startedOn, type Framework, type Started } from './http-floors';

const HOST = '127.0.0.1';

/** `app.register(pagelope, { routes })`. */
async function fastifyApp(routes: ResourceRoutes<User>): Promise<Started> {
  const [{ default: Fastify }, { pagelope }] = await Promise.all([import('fastify'), import('pagelope/fastify')]);
  const app = Fastify({ logger: false });
  await app.register(pagelope, { routes });
  await app.listen({ port: 0, host: HOST });
  return { url: startedOn(app.server).url, close: () => app.close() };
}

/** `correlationId()`, `resourceRouter(routes)`, `notFound()`, `errorHandler()`. */
async function expressApp(routes: ResourceRoutes<User>): Promise<Started> {
  const [{ default: express }, { correlationId, errorHandler, notFound, resourceRouter }] = await Promise.all([
    import('express'),
    import('pagelope/express'),
  ]);
  const app = express();
  app.use(correlationId(), resourceRouter(routes), notFound(), errorHandler());
  return new Promise((resolve) => {
    const server = app.listen(0, HOST, () => resolve(startedOn(server)));
  });
}

/** `correlationId()`, `resourceRoutes(routes)`, `onError`, `notFound`. */
async function honoApp(routes: ResourceRoutes<User>): Promise<Started> {
  const [{ Hono }, { serve }, { correlationId, notFound, onError, resourceRoutes }] = await Promise.all([
    import('hono'),
    import('@hono/node-server'),
    import('pagelope/hono'),
  ]);
  const app = new Hono().use(correlationId()).route('/', resourceRoutes(routes));
  app.onError(onError).notFound(notFound);
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: HOST }, () =>
      resolve(startedOn(server as import('node:http').Server)),
    );
  });
}

/** `PagelopeModule.forRoot({ routes })`, the app created with `bodyParser: false`. */
async function nestApp(routes: ResourceRoutes<User>): Promise<Started> {
  await import('reflect-metadata');
  const [{ NestFactory }, { PagelopeModule }] = await Promise.all([import('@nestjs/core'), import('pagelope/nestjs')]);
  const module = { module: class AppModule {}, imports: [PagelopeModule.forRoot({ routes })] };
  const app = await NestFactory.create(module, { bodyParser: false, logger: false });
  await app.listen(0, HOST);
  return { url: startedOn(app.getHttpServer() as import('node:http').Server).url, close: () => app.close() };
}

/** Starts the adapter app of `framework` on 127.0.0.1, any free port, over `repository`. */
export function startAdapterApp(framework: Framework, repository: Repository<User>): Promise<Started> {
  const { routes } = createDemoRoutes({ repository });
  switch (framework) {
    case 'fastify':
      return fastifyApp(routes);
    case 'express':
      return expressApp(routes);
    case 'hono':
      return honoApp(routes);
    case 'nestjs':
      return nestApp(routes);
  }
}
