/** Route options on every adapter: per-route pagination, enabled route types and 405s, writes, `locals` to a scope. */
import { describe, expect, it } from 'vitest';
import { thingSeed, type Thing } from './fixtures';
import type { ContractApps } from './mount-contract-apps';

/** Declares what the routes object and resources give: limits, 405s with allow, POST, PUT and PATCH, scopes. */
export function describeRoutesContract(apps: ContractApps): void {
  const { send, expectEnvelope, postJson } = apps;

  describe('per-route pagination', () => {
    it('applies the GET_LIST route maximum (5) and default over the resource (100, 10)', async () => {
      const clamped = await send('/things?limit=50');
      expect(clamped.response.status).toBe(200);
      expect(clamped.body).toMatchObject({ limit: 5, total: 24, totalPages: 5 });
      expect((clamped.body as { items: unknown[] }).items).toHaveLength(5);
      expect((await send('/things')).body).toMatchObject({ limit: 5 });
    });

    it('applies the cursor route default (3) and walks every record once', async () => {
      const seen: string[] = [];
      let cursor: string | null = '';
      for (let i = 0; i < 20 && cursor !== null; i++) {
        const page = await send(`/things/cursor?cursor=${encodeURIComponent(cursor)}`);
        const body = page.body as { items: Thing[]; nextCursor: string | null };
        expect(body.items.length).toBeLessThanOrEqual(3);
        seen.push(...body.items.map((thing) => thing.id));
        cursor = body.nextCursor;
      }
      expect(seen).toStrictEqual(thingSeed.map((thing) => thing.id));
    });
  });

  describe('enabled route types and 405s', () => {
    it.each([
      ['PUT', '/things/t01', 'GET, PATCH'],
      ['DELETE', '/things/t01', 'GET, PATCH'],
      ['DELETE', '/things', 'GET, POST'],
      ['POST', '/things/cursor', 'GET'],
      ['PATCH', '/things/cursor', 'GET'],
      ['POST', '/api/notes/abc', 'GET, PUT, PATCH, DELETE'],
      ['PUT', '/api/notes', 'GET, POST'],
    ])('answers %s %s with 405 and allow: %s', async (method, path, allow) => {
      const result = await send(path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'DELETE' ? undefined : '{}',
      });
      expectEnvelope(result, 405);
      expect(result.response.headers.get('allow')).toBe(allow);
    });

    it('answers an unknown path with the 404 envelope naming method and path', async () => {
      expectEnvelope(await send('/nowhere/at-all'), 404, 'Cannot GET /nowhere/at-all');
      expectEnvelope(await send('/things/t01/deeper'), 404);
    });
  });

  describe('create, replace and update', () => {
    it('creates (201) with location under the custom path, the id server-assigned', async () => {
      const created = await postJson('/api/notes', { text: 'hello' });
      expect(created.response.status).toBe(201);
      const note = created.body as { id: string; tag: string };
      expect(note).toMatchObject({ text: 'hello', tag: 'none' });
      expect(created.response.headers.get('location')).toBe(`/api/notes/${encodeURIComponent(note.id)}`);
      expect((await send(`/api/notes/${note.id}`)).body).toStrictEqual(note);
    });

    it('replaces with PUT (absent optional fields removed, defaults applied) and patches with PATCH', async () => {
      const { body } = await postJson('/api/notes', { text: 'a', tag: 'kept', note: 'n' });
      const id = (body as { id: string }).id;
      const patched = await send(`/api/notes/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'b' }),
      });
      expect(patched.body).toStrictEqual({ id, text: 'b', tag: 'kept', note: 'n' });
      const replaced = await send(`/api/notes/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'c' }),
      });
      expect(replaced.response.status).toBe(200);
      expect(replaced.body).toStrictEqual({ id, text: 'c', tag: 'none' });
      const removed = await send(`/api/notes/${id}`, { method: 'DELETE' });
      expect([removed.response.status, removed.text]).toStrictEqual([204, '']);
    });
  });

  describe('locals reach the scope', () => {
    it('lists, reads and creates within the tenant named by the x-tenant header', async () => {
      const odd = await send('/things?limit=5', { headers: { 'x-tenant': 'odd' } });
      expect(odd.body).toMatchObject({ total: 12 });
      expect((odd.body as { items: Thing[] }).items.every((thing) => thing.tenant === 'odd')).toBe(true);
      expectEnvelope(await send('/things/t00', { headers: { 'x-tenant': 'odd' } }), 404, 'things "t00" not found');
      expect((await send('/things/t00', { headers: { 'x-tenant': 'even' } })).response.status).toBe(200);
      const created = await postJson('/things', { name: 'new', rank: 99 }, { 'x-tenant': 'odd' });
      expect(created.response.status).toBe(201);
      expect(created.body).toMatchObject({ tenant: 'odd', name: 'new', rank: 99 });
    });
  });
}
