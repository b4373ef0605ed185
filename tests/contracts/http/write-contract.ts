/** The writes of the example over HTTP: POST /users, GET, PATCH and DELETE /users/:id, and PUT /users/:id. */
import { describe, expect, it } from 'vitest';
import { UUID } from '../envelope';
import type { ExampleClient } from './example-client';
import { records } from './fixtures';

/** Declares the create, read, update, replace and delete routes: statuses, hooks, bodies refused, what they leave. */
export function describeWriteContract(client: ExampleClient): void {
  const { call, json, expectEnvelope } = client;

  describe('POST /users', () => {
    it('creates a record (201) and runs the onAfterCreate hook with the request correlation id', async () => {
      const { response, body } = await json('/users', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-correlation-id': 'create-trace-1' },
        body: JSON.stringify({ username: 'newbie', email: 'newbie@example.com', status: 'active', age: 33 }),
      });
      expect(response.status).toBe(201);
      const created = body as { id: string; createdAt: string };
      expect(response.headers.get('location')).toBe(`/users/${encodeURIComponent(created.id)}`);
      expect(created).toMatchObject({ username: 'newbie', age: 33 });
      expect(Number.isNaN(Date.parse(created.createdAt))).toBe(false);
      expect(response.headers.get('x-correlation-id')).toBe('create-trace-1');
      const fetched = await json(`/users/${created.id}`);
      expect(fetched.response.status).toBe(200);
      expect(fetched.body).toEqual(body);
      const audit = await json('/audit', { headers: { 'x-correlation-id': 'own-route-1' } });
      expect(audit.body).toContainEqual({ event: 'created', id: created.id, correlationId: 'create-trace-1' });
      // GET /audit is the app's own route, not pagelope's: the adapter's correlation id reaches it too.
      expect(audit.response.headers.get('x-correlation-id')).toBe('own-route-1');
    });

    it('answers an invalid body with 400, a message array, and the onAfterErrorCreate hook', async () => {
      const { response, body } = await json('/users', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-correlation-id': 'create-trace-2' },
        body: JSON.stringify({ username: 42, email: 'nope', status: 'x', age: -1 }),
      });
      const envelope = expectEnvelope(response, body, 400);
      expect(envelope.correlationID).toBe('create-trace-2');
      expect(Array.isArray(envelope.message)).toBe(true);
      expect((envelope.message as string[]).some((m) => m.startsWith('username'))).toBe(true);
      const audit = await json('/audit');
      expect(audit.body).toContainEqual({ event: 'create-failed', correlationId: 'create-trace-2' });
    });

    it('answers a body naming the id with 400 (ids are server-assigned) and stores nothing', async () => {
      const before = ((await json('/users?limit=1')).body as { total: number }).total;
      const { response, body } = await json('/users', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-correlation-id': 'create-trace-3' },
        body: JSON.stringify({ id: 'chosen', username: 'c', email: 'c@example.com', status: 'active', age: 20 }),
      });
      const envelope = expectEnvelope(response, body, 400);
      expect(envelope.message).toStrictEqual(['id: the id is assigned by the server']);
      expect(envelope.correlationID).toBe('create-trace-3');
      expect(((await json('/users?limit=1')).body as { total: number }).total).toBe(before);
      expect((await json('/users/chosen')).response.status).toBe(404);
    });

    it('answers a body with an unknown key with 400 naming the key', async () => {
      const { response, body } = await json('/users', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'u', email: 'u@example.com', status: 'active', age: 20, role: 'admin' }),
      });
      const envelope = expectEnvelope(response, body, 400);
      expect(envelope.message).toStrictEqual(['role: unknown field']);
    });

    it('answers a malformed JSON body with 400 and the envelope', async () => {
      const { response, body } = await json('/users', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"username": ',
      });
      expectEnvelope(response, body, 400);
    });

    it('answers a body over the size limit with 413 and the envelope', async () => {
      const { response, body } = await json('/users', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'x'.repeat(64 * 1024) }),
      });
      expectEnvelope(response, body, 413);
    });

    it('answers a __proto__ key with 400 and stores nothing', async () => {
      const before = ((await json('/users?limit=1')).body as { total: number }).total;
      const { response, body } = await json('/users', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"__proto__":{"admin":true},"username":"p","email":"p@example.com","status":"active","age":20}',
      });
      expectEnvelope(response, body, 400);
      const after = ((await json('/users?limit=1')).body as { total: number }).total;
      expect(after).toBe(before);
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    });
  });

  describe('GET, PATCH, DELETE /users/:id', () => {
    it('updates (200) and deletes (204) a record, then answers 404 for it', async () => {
      const id = records[5]?.id ?? '';
      const patched = await json(`/users/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ age: 77 }),
      });
      expect(patched.response.status).toBe(200);
      expect(patched.body).toMatchObject({ id, age: 77 });
      const removed = await call(`/users/${id}`, { method: 'DELETE' });
      expect(removed.status).toBe(204);
      expect(removed.headers.get('x-correlation-id')).toMatch(UUID);
      const { response, body } = await json(`/users/${id}`);
      expect(expectEnvelope(response, body, 404).error).toBe('Not Found');
    });

    it('answers an unknown id with 404 and the envelope', async () => {
      const { response, body } = await json('/users/does-not-exist');
      expect(expectEnvelope(response, body, 404).error).toBe('Not Found');
    });

    it('refuses to change the id with 400', async () => {
      const id = records[6]?.id ?? '';
      const { response, body } = await json(`/users/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: 'hijack' }),
      });
      expectEnvelope(response, body, 400);
      expect((await call(`/users/${id}`)).status).toBe(200);
    });
  });

  describe('PUT /users/:id', () => {
    const full = { username: 'replaced', email: 'replaced@example.com', status: 'banned', age: 50 };
    const put = (id: string, body: unknown, headers: Record<string, string> = {}) =>
      json(`/users/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });

    it('replaces the record (200) and answers it, the id kept', async () => {
      const id = records[8]?.id ?? '';
      const createdAt = '2025-02-03T04:05:06.000Z';
      const { response, body } = await put(id, { ...full, createdAt }, { 'x-correlation-id': 'put-1' });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-correlation-id')).toBe('put-1');
      // The server's fields: not deleted, and the version one past the seeded 1.
      expect(body).toStrictEqual({ id, ...full, createdAt, deletedAt: null, version: 2 });
      expect((await json(`/users/${id}`)).body).toStrictEqual(body);
    });

    it('answers a body missing a required field with 400 and keeps the record', async () => {
      const id = records[9]?.id ?? '';
      const before = (await json(`/users/${id}`)).body;
      const { response, body } = await put(id, { username: 'only' });
      const envelope = expectEnvelope(response, body, 400);
      expect((envelope.message as string[]).some((m) => m.startsWith('email'))).toBe(true);
      expect((await json(`/users/${id}`)).body).toStrictEqual(before);
    });

    it('answers another id in the body with 400, and a missing id with 404', async () => {
      const id = records[10]?.id ?? '';
      const other = await put(id, { ...full, id: 'other', createdAt: new Date(0).toISOString() });
      expect(expectEnvelope(other.response, other.body, 400).message).toStrictEqual(['id: the id cannot be changed']);
      const missing = await put('does-not-exist', { ...full, createdAt: new Date(0).toISOString() });
      expectEnvelope(missing.response, missing.body, 404);
    });
  });
}
