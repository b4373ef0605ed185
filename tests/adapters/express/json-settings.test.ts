/**
 * The Express adapter writes a route's body as `res.json` would, over a real socket: with none of the app's JSON
 * settings, `JSON.stringify`'s text (its Dates written without a `toJSON` call each); with `json spaces`, `json
 * replacer` or `json escape` set, through `res.json` itself, so that the app's settings hold for pagelope's routes.
 */
import { createServer } from 'node:http';
import express from 'express';
import { z } from 'zod';
import { correlationId, errorHandler, notFound, resourceRouter } from 'pagelope/express';
import { createMemoryRepository, createResourceService, defineResource, defineRoutes } from 'pagelope';
import { describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../../support/listen-on-loopback';

const events = defineResource({
  name: 'events',
  schema: z.object({ id: z.string(), title: z.string(), at: z.date() }),
});
const RECORDS = [
  { id: 'e1', title: '<b>one</b>', at: new Date(Date.UTC(2026, 11, 8, 1, 2, 3, 4)) },
  { id: 'e2', title: 'two', at: new Date(Date.UTC(1999, 0, 1)) },
];

/** GET /events/e1 and GET /events of an app with `settings`: status, content type and body text. */
async function answers(settings: Readonly<Record<string, unknown>>) {
  const service = createResourceService({
    resource: events,
    repository: createMemoryRepository(events, { records: RECORDS }),
  });
  const app = express();
  for (const [name, value] of Object.entries(settings)) app.set(name, value);
  app.use(correlationId(), resourceRouter(defineRoutes(service)), notFound(), errorHandler());
  const served = await listenOnLoopback(createServer(app));
  try {
    const read = async (path: string) => {
      const response = await fetch(`${served.url}${path}`);
      return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
    };
    return { one: await read('/events/e1'), page: await read('/events?limit=5') };
  } finally {
    await served.close();
  }
}

describe('resourceRouter writing JSON', () => {
  it('writes JSON.stringify’s text of a record and of a page when the app sets nothing', async () => {
    const { one, page } = await answers({});
    expect(one).toStrictEqual({
      status: 200,
      type: 'application/json; charset=utf-8',
      text: JSON.stringify(RECORDS[0]),
    });
    expect(page.status).toBe(200);
    expect(page.type).toBe('application/json; charset=utf-8');
    expect(page.text).toBe(JSON.stringify(JSON.parse(page.text)));
    expect(page.text).toContain('"at":"2026-12-08T01:02:03.004Z"');
    expect(page.text).toContain('"at":"1999-01-01T00:00:00.000Z"');
  });

  it.each([
    { name: 'json spaces', settings: { 'json spaces': 2 }, text: JSON.stringify(RECORDS[0], undefined, 2) },
    {
      name: 'json replacer',
      settings: { 'json replacer': (key: string, value: unknown) => (key === 'title' ? 'x' : value) },
      text: JSON.stringify({ ...RECORDS[0], title: 'x' }),
    },
    {
      name: 'json escape',
      settings: { 'json escape': true },
      text: JSON.stringify(RECORDS[0]).replaceAll('<', '\\u003c').replaceAll('>', '\\u003e'),
    },
  ])('keeps the app’s $name for a route’s body', async ({ settings, text }) => {
    const { one } = await answers(settings);
    expect(one).toStrictEqual({ status: 200, type: 'application/json; charset=utf-8', text });
  });
});
