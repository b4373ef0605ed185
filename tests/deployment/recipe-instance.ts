/**
 * One instance of a recipe of docs/deployment.md: the recipe written to `.tmp/deployment/` with the test's settings
 * (tests/support/docs-snippets/deployment.ts) and imported, a file of its own per instance so that each import starts
 * a new app with its own Redis client.
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { expect, vi } from 'vitest';
import type { Reply } from '../adapters/docs-snippets';
import {
  instanceSource,
  redisModule,
  redisModuleWith,
  type Framework,
  type InstanceSettings,
} from '../support/docs-snippets/deployment';
import { writeSnippetFiles } from '../support/docs-snippets/files';

const OUT_DIR = join(import.meta.dirname, '..', '..', '.tmp', 'deployment');

/** A running instance: its base URL, its Redis client, `call` (a request and its reply, timed), and `close`. */
export interface RecipeInstance {
  readonly url: string;
  readonly redis: Redis;
  call(path: string): Promise<Reply & { ms: number }>;
  close(): Promise<void>;
}

/** What a recipe exports: its Node server (Express, Hono) or its app (Fastify, NestJS), and its Redis client. */
interface RecipeModule {
  readonly redis: Redis;
  readonly server?: Server;
  readonly app?: { close(): Promise<unknown>; server?: Server; getHttpServer?: () => Server };
}

let written = 0;

/** Writes the recipe of `framework` with `settings` as a new file, imports it, and gives the instance it started. */
export async function startInstance(framework: Framework, settings: InstanceSettings): Promise<RecipeInstance> {
  const config = { extends: '../../tsconfig.json', include: ['*.ts'] };
  const redisFile = settings.commandTimeout === undefined ? redisModule : redisModuleWith(settings.commandTimeout);
  writeSnippetFiles(OUT_DIR, [redisFile, { name: 'tsconfig', file: 'tsconfig.json', source: JSON.stringify(config) }]);
  const file = {
    name: framework,
    file: `${framework}-${process.pid}-${++written}.ts`,
    source: instanceSource(framework, settings),
  };
  const [path = ''] = writeSnippetFiles(OUT_DIR, [file]);
  // The NestJS recipe's app logs its start, some fifteen lines with Nest's default logger: not in the test output.
  const startLog =
    framework === 'nestjs' ? vi.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined) : null;
  let recipe: RecipeModule;
  try {
    recipe = (await import(path)) as RecipeModule;
  } finally {
    startLog?.mockRestore();
  }
  const server = recipe.server ?? recipe.app?.server ?? recipe.app?.getHttpServer?.();
  if (server === undefined) throw new Error(`the ${framework} recipe exports no server`);
  if (!server.listening) await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    redis: recipe.redis,
    async call(path) {
      const started = performance.now();
      const response = await fetch(url + path);
      const text = await response.text();
      const ms = performance.now() - started;
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => (headers[name] = value));
      return { status: response.status, headers, body: text ? JSON.parse(text) : undefined, ms };
    },
    async close() {
      if (recipe.server === undefined) await recipe.app?.close();
      else {
        recipe.server.closeAllConnections();
        await new Promise((resolve) => recipe.server?.close(resolve));
      }
      recipe.redis.disconnect();
    },
  };
}

/** Resolves once every client of `instances` is connected to Redis (ioredis's `ready`), or fails after `timeoutMs`. */
export async function untilReady(instances: readonly RecipeInstance[], timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (instances.some(({ redis }) => redis.status !== 'ready')) {
    expect(Date.now() - started, 'the Redis clients reconnect').toBeLessThan(timeoutMs);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
