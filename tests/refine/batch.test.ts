/**
 * `dataProvider`'s batch writes: `createMany`, `updateMany` and `deleteMany` sent to the batch routes, first with a
 * fake fetch (what is sent and returned), then over a real socket against a Fastify app with the batch routes on.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagelope } from 'pagelope/fastify';
import { dataProvider, type PagelopeDataProvider, type RefineHttpError } from 'pagelope/refine';
import { fakeFetch, json, type FakeCall } from '../client/fake-fetch';
import { createLifecycleRoutes } from '../openapi/lifecycle-routes';
import { rejectionOf } from '../support/rejection-of';

const BASE = 'http://api.test';
const note = (id: string | number, title = 't') => ({ id, title, deletedAt: null, version: 1 });

function providerOf(answer: Parameters<typeof fakeFetch>[0]) {
  const fake = fakeFetch(answer);
  return { ...fake, provider: dataProvider(BASE, { fetch: fake.fetch }) };
}
const sent = (calls: readonly FakeCall[]) =>
  calls.map((call) => `${call.method} ${call.url.slice(BASE.length)} ${call.body ?? ''}`);

describe('dataProvider batch writes (what is sent)', () => {
  it('sends createMany as POST {path}/batch with { items }, returning { data: records }', async () => {
    const { provider, calls } = providerOf(() => json(201, { items: [note('a'), note('b')] }));
    const result = await provider.createMany({ resource: 'notes', variables: [{ title: 'a' }, { title: 'b' }] });
    expect(result).toEqual({ data: [note('a'), note('b')] });
    expect(Object.isFrozen(result.data)).toBe(false);
    expect(sent(calls)).toEqual(['POST /notes/batch {"items":[{"title":"a"},{"title":"b"}]}']);
  });

  it('sends updateMany as PATCH {path}/batch, one item per id with the variables, ids kept as given', async () => {
    const { provider, calls } = providerOf(() => json(200, { items: [note(1, 'x'), note('b', 'x')] }));
    const result = await provider.updateMany({ resource: 'notes', ids: [1, 'b'], variables: { title: 'x', id: 'z' } });
    expect(result).toEqual({ data: [note(1, 'x'), note('b', 'x')] });
    expect(sent(calls)).toEqual(['PATCH /notes/batch {"items":[{"title":"x","id":1},{"title":"x","id":"b"}]}']);
  });

  it('sends deleteMany as DELETE {path}/batch with { ids }, returning { data: [{ id }] }', async () => {
    const { provider, calls } = providerOf(() => json(200, { ids: ['a', 2] }));
    expect(await provider.deleteMany({ resource: 'notes', ids: ['a', 2] })).toEqual({ data: [{ id: 'a' }, { id: 2 }] });
    expect(sent(calls)).toEqual(['DELETE /notes/batch {"ids":["a",2]}']);
  });

  it.each([
    {
      call: 'createMany',
      params: { variables: { title: 'a' } },
      message: 'pagelope/refine: createMany needs an array',
    },
    {
      call: 'updateMany',
      params: { ids: 'a', variables: {} },
      message: 'pagelope/refine: updateMany needs an array of ids',
    },
    {
      call: 'deleteMany',
      params: { ids: [null] },
      message: 'pagelope/refine: an id must be a string or a finite number, got null',
    },
    {
      call: 'deleteMany',
      params: { ids: [Number.NaN] },
      message: 'pagelope/refine: an id must be a string or a finite number, got NaN',
    },
  ] as const)('rejects $call with $params, sending nothing', async ({ call, params, message }) => {
    const { provider, calls } = providerOf(() => json(200, { items: [] }));
    const run = provider[call] as (params: object) => Promise<unknown>;
    expect(((await rejectionOf(run({ resource: 'notes', ...params }))) as Error).message).toBe(message);
    expect(calls).toEqual([]);
  });
});

describe('dataProvider batch writes against a real Fastify server', () => {
  let app: FastifyInstance;
  let provider: PagelopeDataProvider;

  beforeAll(async () => {
    app = Fastify();
    const routes = createLifecycleRoutes({ GET_LIST: true, CREATE_MANY: true, UPDATE_MANY: true, DELETE_MANY: true });
    await app.register(pagelope, { routes });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    provider = dataProvider(`http://127.0.0.1:${port}`);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('creates and updates records, and rejects a bad batch in refine’s HttpError shape with every message', async () => {
    const created = await provider.createMany({
      resource: 'notes',
      variables: [
        { id: 'n3', title: 'three' },
        { id: 'n4', title: 'four' },
      ],
    });
    expect(created.data.map((record) => [record.id, record['title']])).toEqual([
      ['n3', 'three'],
      ['n4', 'four'],
    ]);
    const updated = await provider.updateMany({ resource: 'notes', ids: ['n4', 'n1'], variables: { title: 'x' } });
    expect(updated.data.map((record) => [record.id, record['title'], record['version']])).toEqual([
      ['n4', 'x', 2],
      ['n1', 'x', 2],
    ]);
    const error = (await rejectionOf(
      provider.createMany({ resource: 'notes', variables: [{ id: 'n5', title: 5 }, { id: 'n6' }] }),
    )) as RefineHttpError;
    expect([error.name, error.statusCode, error.messages]).toEqual([
      'HttpError',
      400,
      [expect.stringMatching(/^items\[0\]\.title: /), expect.stringMatching(/^items\[1\]\.title: /)],
    ]);
    const listed = await provider.getList({ resource: 'notes' });
    expect(listed.data.map((record) => record.id)).toEqual(['n1', 'n2', 'n3', 'n4']);
  });
});
