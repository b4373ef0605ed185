import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import * as root from '../src/index';

describe('pagelope', () => {
  it('exports exactly these runtime names from the root entry', async () => {
    const names = Object.keys(await import('../src/index')).sort();
    expect(names).toMatchInlineSnapshot(`
      [
        "CORRELATION_ID_HEADER",
        "HttpError",
        "OPERATORS",
        "QUERY_LIMITS",
        "RESERVED_FIELD_NAMES",
        "ROUTE_TYPES",
        "createHookBus",
        "createMemoryRepository",
        "createResourceService",
        "defineResource",
        "defineRoutes",
        "errorResponse",
        "isHttpError",
        "pageMeta",
        "parseCursorQuery",
        "parseListQuery",
        "resolveCorrelationId",
        "toErrorEnvelope",
        "toOpenApi",
      ]
    `);
  });

  it.each([
    'pageMeta',
    'defineResource',
    'parseListQuery',
    'parseCursorQuery',
    'createMemoryRepository',
    'createHookBus',
    'createResourceService',
    'HttpError',
    'isHttpError',
    'resolveCorrelationId',
    'toErrorEnvelope',
    'errorResponse',
    'defineRoutes',
  ])('exports %s as a function', (name) => {
    expect(typeof (root as Record<string, unknown>)[name]).toBe('function');
  });

  it('exports CORRELATION_ID_HEADER as x-correlation-id', () => {
    expect(root.CORRELATION_ID_HEADER).toBe('x-correlation-id');
  });

  it('does not export internals', () => {
    for (const name of [
      'encodeCursor',
      'decodeCursor',
      'compareCodePoints',
      'cloneRecord',
      'normalizeHeaders',
      'scanPage',
      'checkBody',
      'normalizeScope',
      'withRoutePagination',
      'validatePatch',
    ]) {
      expect(root).not.toHaveProperty(name);
    }
  });
});

/**
 * The runtime names of every entry of package.json "exports", read from it, so a new entry is covered the day it is
 * added: resolved as `pagelope[/<entry>]` (the sources, or `dist/` in the dist project; vitest.config.ts maps every
 * entry of "exports"), each entry's names one snapshot in __snapshots__/exports.test.ts.snap.
 */
describe('package.json "exports"', () => {
  const entries = Object.keys(packageJson.exports)
    .filter((key) => key !== './package.json')
    .map((key) => `pagelope${key.slice(1)}`);

  it('has the root entry and the subpaths this file has long checked', () => {
    expect(entries).toEqual(
      expect.arrayContaining([
        'pagelope',
        'pagelope/express',
        'pagelope/fastify',
        'pagelope/hono',
        'pagelope/nestjs',
        'pagelope/node',
        'pagelope/postgres',
        'pagelope/drizzle',
        'pagelope/client',
        'pagelope/refine',
      ]),
    );
  });

  it.each(entries)('%s exports exactly the names of its snapshot, none of them undefined', async (entry) => {
    const module = (await import(/* @vite-ignore */ entry)) as Record<string, unknown>;
    const names = Object.keys(module).sort();
    expect(names.length, entry).toBeGreaterThan(0);
    expect(names).toMatchSnapshot();
    for (const name of names) expect(module[name], `${entry}: ${name}`).toBeDefined();
  });
});
