import type { CallHandler, CanActivate, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { from, switchMap, type Observable } from 'rxjs';
import { PagelopeModule } from 'pagelope/nestjs';
import { describeCorrelationContract, type MountCorrelationApp } from '../../contracts/correlation-contract';

type Middleware = Parameters<MountCorrelationApp>[1];
const markerOf = (context: ExecutionContext): string | undefined => {
  const value = context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>().headers['x-marker'];
  return typeof value === 'string' ? value : undefined;
};

/** The app's own guard: it awaits the middleware before the route may run. */
class MarkerGuard implements CanActivate {
  constructor(private readonly middleware: Middleware) {}
  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.middleware(markerOf(context));
    return true;
  }
}

/** The app's own interceptor: it awaits the middleware, then runs the route. */
class MarkerInterceptor implements NestInterceptor {
  constructor(private readonly middleware: Middleware) {}
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return from(this.middleware(markerOf(context))).pipe(switchMap(() => next.handle()));
  }
}

/** `PagelopeModule` on one platform, the app's own global guard and interceptor after its middleware. */
const mountOn =
  (platform: 'express' | 'fastify'): MountCorrelationApp =>
  async (routes, middleware) => {
    const root = { module: class TestModule {}, imports: [PagelopeModule.forRoot({ routes })] };
    const settings = { logger: false, forceCloseConnections: true, bodyParser: false } as const;
    const adapter = platform === 'express' ? new ExpressAdapter() : new FastifyAdapter();
    const app = await NestFactory.create(root, adapter, settings);
    app.useGlobalGuards(new MarkerGuard(middleware));
    app.useGlobalInterceptors(new MarkerInterceptor(middleware));
    await app.listen(0, '127.0.0.1');
    const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
  };

describeCorrelationContract('nestjs on express', mountOn('express'), 2);
describeCorrelationContract('nestjs on fastify', mountOn('fastify'), 2);
