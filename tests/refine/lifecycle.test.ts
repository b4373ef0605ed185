/** `dataProvider` and the record lifecycle: `meta.deleted` on `getList` and `getOne`, `meta.permanent` on `deleteOne`. */
import { describe, expect, it } from 'vitest';
import { dataProvider } from 'pagelope/refine';
import { fakeFetch, json, pageOf, type FakeCall } from '../client/fake-fetch';
import { rejectionOf } from '../support/rejection-of';

const BASE = 'http://api.test';
const note = { id: 'n1', title: 't', deletedAt: '2024-01-01T00:00:00.000Z', version: 2 };

function providerOf(answer: Parameters<typeof fakeFetch>[0]) {
  const fake = fakeFetch(answer);
  return { ...fake, provider: dataProvider(BASE, { fetch: fake.fetch }) };
}
const sent = (calls: readonly FakeCall[]) => calls.map((call) => `${call.method} ${call.url.slice(BASE.length)}`);

describe('dataProvider (lifecycle meta)', () => {
  it('sends meta.deleted as deleted= on getList (a page, or the cursor walk) and getOne', async () => {
    const { provider, calls } = providerOf((call) =>
      json(
        200,
        call.url.includes('/cursor')
          ? { items: [note], nextCursor: null }
          : call.url.includes('/n1')
            ? note
            : pageOf([note], 1, 10, 1),
      ),
    );
    expect(await provider.getList({ resource: 'notes', meta: { deleted: 'only' } })).toEqual({
      data: [note],
      total: 1,
    });
    await provider.getList({ resource: 'notes', pagination: { mode: 'off' }, meta: { deleted: 'include' } });
    expect(await provider.getOne({ resource: 'notes', id: 'n1', meta: { deleted: 'include' } })).toEqual({
      data: note,
    });
    await provider.getOne({ resource: 'notes', id: 'n1' });
    expect(sent(calls)).toEqual([
      'GET /notes?limit=10&page=1&deleted=only',
      'GET /notes/cursor?limit=100&deleted=include',
      'GET /notes/n1?deleted=include',
      'GET /notes/n1',
    ]);
  });

  it('sends meta.permanent: true as ?permanent=true on deleteOne, and nothing for false or none', async () => {
    const { provider, calls } = providerOf(() => new Response(null, { status: 204 }));
    expect(await provider.deleteOne({ resource: 'notes', id: 'n1', meta: { permanent: true } })).toEqual({
      data: { id: 'n1' },
    });
    await provider.deleteOne({ resource: 'notes', id: 'n1', meta: { permanent: false } });
    await provider.deleteOne({ resource: 'notes', id: 'n1' });
    expect(sent(calls)).toEqual(['DELETE /notes/n1?permanent=true', 'DELETE /notes/n1', 'DELETE /notes/n1']);
  });

  it.each([
    {
      call: 'getList',
      meta: { deleted: 'all' },
      message: 'pagelope/refine: meta.deleted must be "include" or "only", got "all"',
    },
    {
      call: 'getOne',
      meta: { deleted: true },
      message: 'pagelope/refine: meta.deleted must be "include" or "only", got true',
    },
    { call: 'deleteOne', meta: { permanent: 'true' }, message: 'pagelope/refine: meta.permanent must be a boolean' },
  ] as const)('rejects $call with meta $meta, sending nothing', async ({ call, meta, message }) => {
    const { provider, calls } = providerOf(() => json(200, note));
    const params = { resource: 'notes', id: 'n1', meta: meta as Record<string, unknown> };
    const run = provider[call] as (params: object) => Promise<unknown>;
    expect(((await rejectionOf(run(params))) as Error).message).toBe(message);
    expect(calls).toEqual([]);
  });
});
