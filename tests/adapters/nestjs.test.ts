import 'reflect-metadata';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { PagelopeModule } from 'pagelope/nestjs';
import { describeAdapterContract, type MountAdapter } from '../contracts/adapter-contract';

type Platform = 'express' | 'fastify';

/** Mounts the routes with `PagelopeModule` alone on one platform, `x-tenant` as the tenant of `locals`. */
const mountOn =
  (platform: Platform): MountAdapter =>
  async (routes, { bodyLimit }) => {
    const module = PagelopeModule.forRoot({
      routes,
      ...(bodyLimit === undefined ? {} : { bodyLimit }),
      locals: (request: { headers: Record<string, string | string[] | undefined> }) => {
        const tenant = request.headers['x-tenant'];
        return { tenant: typeof tenant === 'string' ? tenant : undefined };
      },
    });
    const root = { module: class TestModule {}, imports: [module] };
    const options = { bodyParser: false, logger: false, forceCloseConnections: true } as const;
    const app =
      platform === 'express'
        ? await NestFactory.create(root, new ExpressAdapter(), options)
        : await NestFactory.create(root, new FastifyAdapter({ forceCloseConnections: true }), options);
    await app.listen(0, '127.0.0.1');
    const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
  };

describeAdapterContract('nestjs on express', mountOn('express'));
describeAdapterContract('nestjs on fastify', mountOn('fastify'));
