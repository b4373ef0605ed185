/**
 * Ids a client (or a hook) chooses at create must be reachable at `{path}/:id` afterwards: no control character (C0
 * or DEL), no lone surrogate, and a path segment no longer than `MAX_ID_PATH_LENGTH` (Fastify's default
 * `maxParamLength`). Each is a 400 naming the `id` field (`items[N].id` in a batch), whatever the store.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  isHttpError,
  type RouteType,
} from '../../src/index';
import { MAX_ID_PATH_LENGTH } from '../../src/resource/index';
import type { Route } from '../../src/http/index';
import { rejectionOf } from '../support/rejection-of';

const notes = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string().min(1).max(128), title: z.string() }),
  clientIds: true,
});

function open() {
  const repository = createMemoryRepository(notes);
  const service = createResourceService({ resource: notes, repository });
  const { routes } = defineRoutes(service, { routes: { CREATE: true, GET: true, CREATE_MANY: true } });
  const call = (type: RouteType, input: { id?: string; body?: unknown } = {}) =>
    (routes.find((route) => route.type === type) as Route).handle({
      params: input.id === undefined ? {} : { id: input.id },
      query: '',
      headers: {},
      body: input.body,
    });
  return { call, service, repository };
}

/** The status and messages of a refused call. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: unknown }> {
  const error = await rejectionOf(promise);
  if (!isHttpError(error)) throw error;
  return { status: error.statusCode, message: error.message };
}

const CONTROL = ['a\u0000b', '\u0000', 'tab\there', 'line\nbreak', 'esc\u001b', 'del\u007f', '\u001f'];
const EMOJI_64 = '\u{1F600}'.repeat(64);
const UNREACHABLE = [...CONTROL, 'lone\ud800', '\udfffx', EMOJI_64, 'é'.repeat(17), 'a'.repeat(MAX_ID_PATH_LENGTH + 1)];

describe('ids chosen at create', () => {
  it('the limit is the length of the id as a percent-encoded path segment', () => {
    expect(MAX_ID_PATH_LENGTH).toBe(100);
  });

  it.each(UNREACHABLE.map((id) => [JSON.stringify(id).slice(0, 40), id]))(
    'refuses %s with a 400 naming the id, on CREATE, CREATE_MANY and a direct repository create',
    async (_, id) => {
      const { call, service, repository } = open();
      const single = await refusal(call('CREATE', { body: { id, title: 't' } }));
      expect(single.status).toBe(400);
      expect(single.message).toStrictEqual([expect.stringMatching(/^id: /)]);
      const batch = await refusal(
        call('CREATE_MANY', {
          body: {
            items: [
              { id: 'ok', title: 't' },
              { id, title: 't' },
            ],
          },
        }),
      );
      expect(batch.status).toBe(400);
      expect(batch.message).toStrictEqual([expect.stringMatching(/^items\[1\]\.id: /)]);
      expect((await refusal(repository.create({ id, title: 't' }))).status).toBe(400);
      expect((await service.list({})).items).toStrictEqual([]);
    },
  );

  it('refuses an unreachable id a before-hook puts in, as it refuses a client one', async () => {
    const { service } = open();
    service.hooks.on('onBeforeCreate', ({ body }) => ({ ...body, id: 'x\u0000' }));
    expect(await refusal(service.create({ id: 'fine', title: 't' }))).toMatchObject({ status: 400 });
    expect((await service.list({})).items).toStrictEqual([]);
  });

  it('creates and reads back every id at the limit, ASCII or not', async () => {
    const { call } = open();
    const ids = ['a'.repeat(MAX_ID_PATH_LENGTH), 'é'.repeat(16), '\u{1F600}'.repeat(8), 'a b/c?d#e%f', 'Ω-1'];
    for (const id of ids) {
      expect(encodeURIComponent(id).length).toBeLessThanOrEqual(MAX_ID_PATH_LENGTH);
      expect((await call('CREATE', { body: { id, title: 't' } })).status).toBe(201);
      expect((await call('GET', { id })).body).toStrictEqual({ id, title: 't' });
    }
  });
});

describe('defineResource and the id path limit', () => {
  it('refuses a string id schema whose every id is longer than a path segment may be', () => {
    const schema = (id: z.ZodString) => z.object({ id, title: z.string() });
    expect(() => defineResource({ name: 'x', schema: schema(z.string().min(MAX_ID_PATH_LENGTH + 1)) })).toThrow(
      'defineResource("x"): id field "id" takes no id of at most 100 characters (MAX_ID_PATH_LENGTH)',
    );
    expect(() => defineResource({ name: 'x', schema: schema(z.string().min(MAX_ID_PATH_LENGTH)) })).not.toThrow();
  });
});
