/**
 * The built `pagelope/client` (run `npm run build` first) runs in browsers, Deno, Bun and Node 20+: its files and
 * every chunk they load import no `node:` module and no package (zod and uuid included), its CommonJS build runs
 * in a context without Node's globals, and its errors are recognised by the root entry's `isHttpError` across the
 * ESM and CJS builds.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runInContext, createContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { reachableImports } from '../support/reachable-imports';

const DIST = join(import.meta.dirname, '..', '..', 'dist');

const dist = (file: string): string => {
  expect(existsSync(join(DIST, file)), 'run npm run build first').toBe(true);
  return join(DIST, file);
};

describe('dist/client (built by npm run build)', () => {
  it.each(['client/index.js', 'client/index.cjs'])(
    '%s and every chunk it loads import no node: module and no package',
    (file) => {
      const { specifiers, files } = reachableImports(dist(file));
      expect([...specifiers]).toEqual([]);
      // The entry reaches at least one shared chunk (the HttpError class), so the walk itself is exercised.
      expect(files.length).toBeGreaterThan(1);
      for (const each of files) expect(readFileSync(each, 'utf8')).not.toMatch(/\bnode:[a-z]/);
    },
  );

  it('finds zod, uuid and a chunk when they are there (the check itself can fail)', () => {
    const { specifiers, files } = reachableImports(dist('index.js'));
    expect([...specifiers]).toEqual(expect.arrayContaining(['zod', 'uuid']));
    expect(files.map((file) => relative(DIST, file))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^chunk-/)]),
    );
    expect([...reachableImports(dist('express/index.cjs')).specifiers]).toContain('express');
  });

  it('runs the CommonJS build in a context without Node globals (no process, Buffer, require, crypto or fetch)', async () => {
    const context = createContext({});
    const cache = new Map<string, unknown>();
    const load = (file: string): unknown => {
      if (cache.has(file)) return cache.get(file);
      const module = { exports: {} as Record<string, unknown> };
      cache.set(file, module.exports);
      const wrapper = runInContext(`(function (exports, require, module) {${readFileSync(file, 'utf8')}\n})`, context);
      const requireRelative = (specifier: string): unknown => {
        if (!specifier.startsWith('.')) throw new Error(`the client required ${specifier}`);
        return load(resolve(dirname(file), specifier));
      };
      (wrapper as (...args: unknown[]) => void)(module.exports, requireRelative, module);
      cache.set(file, module.exports);
      return module.exports;
    };
    expect(runInContext('typeof process + typeof Buffer + typeof require + typeof fetch', context)).toBe(
      'undefinedundefinedundefinedundefined',
    );
    const client = load(dist('client/index.cjs')) as typeof import('pagelope/client');
    expect(client.toQueryString({ where: { age: { between: [1, 2] } } })).toBe('age[between]=1&age[between]=2');
    const fetch = async () => ({
      status: 404,
      headers: { get: (name: string) => (name === 'x-correlation-id' ? 'srv-1' : null) },
      text: async () => '{"statusCode":404,"message":"Not Found","error":"Not Found","correlationID":"srv-1"}',
    });
    const users = client.createClient({ baseUrl: 'http://a.test', fetch, correlationId: 'c-1' }).resource('/users');
    const error = await users.get('x').catch((caught: unknown) => caught);
    expect(client.isClientHttpError(error)).toBe(true);
    expect(error).toMatchObject({ statusCode: 404, correlationID: 'srv-1' });
  });

  it("returns errors that the root entry's isHttpError recognises, across the ESM and CJS builds", async () => {
    const require = createRequire(import.meta.url);
    const esmRoot = (await import(pathToFileURL(dist('index.js')).href)) as typeof import('pagelope');
    const esmClient = (await import(pathToFileURL(dist('client/index.js')).href)) as typeof import('pagelope/client');
    const cjsRoot = require(dist('index.cjs')) as typeof import('pagelope');
    const cjsClient = require(dist('client/index.cjs')) as typeof import('pagelope/client');
    const esmError = new esmClient.ClientHttpError(400, 'bad', { correlationID: 'c-1' });
    const cjsError = new cjsClient.ClientHttpError(400, 'bad', { correlationID: 'c-1' });
    // One shared chunk per format: the client's class extends the very class the root exports.
    expect(esmError).toBeInstanceOf(esmRoot.HttpError);
    expect(cjsError).toBeInstanceOf(cjsRoot.HttpError);
    for (const error of [esmError, cjsError]) {
      expect(esmRoot.isHttpError(error) && cjsRoot.isHttpError(error)).toBe(true);
      expect(esmClient.isClientHttpError(error) && cjsClient.isClientHttpError(error)).toBe(true);
      expect(esmRoot.toErrorEnvelope(error, { correlationId: 'local' })).toMatchObject({
        statusCode: 400,
        message: 'bad',
      });
    }
    expect(esmClient.isClientHttpError(new esmRoot.HttpError(400))).toBe(false);
  });
});
