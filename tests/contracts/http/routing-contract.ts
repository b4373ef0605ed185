/** The routing of the example over HTTP: requests refused below the app, 404s, 405s with allow, correlation ids. */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { STACK, UUID } from '../envelope';
import type { ExampleClient } from './example-client';

/** Declares the answers to raw requests the framework refuses, to unknown routes and methods; the correlation ids. */
export function describeRoutingContract(client: ExampleClient): void {
  const { call, json, expectEnvelope } = client;

  describe('requests refused below the app', () => {
    /** Sends one raw HTTP/1.1 request and resolves the status line, headers and body of the response. */
    const raw = (requestLine: string, host: string) =>
      new Promise<{ status: number; headers: Map<string, string>; body: string }>((resolve, reject) => {
        const { hostname, port } = new URL(client.url);
        const socket = connect(Number(port), hostname);
        let data = '';
        socket.setEncoding('latin1');
        socket.on('data', (chunk: string) => (data += chunk));
        socket.on('error', reject);
        socket.on('close', () => {
          const [head = '', ...rest] = data.split('\r\n\r\n');
          const [statusLine = '', ...lines] = head.split('\r\n');
          const headers = new Map(
            lines.map((line) => [
              line.slice(0, line.indexOf(':')).toLowerCase(),
              line.slice(line.indexOf(':') + 1).trim(),
            ]),
          );
          resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
        });
        socket.write(`${requestLine}\r\nhost: ${host}\r\nx-correlation-id: below-1\r\nconnection: close\r\n\r\n`);
        setTimeout(() => socket.destroy(), 5_000).unref();
      });

    it.each([
      ['a backslash in the path', 'GET /users\\x HTTP/1.1', undefined],
      ['an invalid Host', 'GET /users?limit=1 HTTP/1.1', 'exa mple:1'],
      ['GET *', 'GET * HTTP/1.1', undefined],
      ['an absolute-form target', 'GET http://127.0.0.1/users?limit=1 HTTP/1.1', undefined],
    ])('answers %s with a correlation id, and with the envelope when refused', async (_name, line, host) => {
      const { status, headers, body } = await raw(line, host ?? new URL(client.url).host);
      expect(status).toBeGreaterThanOrEqual(200);
      expect(status).toBeLessThan(500);
      expect(headers.get('x-correlation-id')).toMatch(/^[\w.:-]+$/);
      if (status >= 400) {
        // A chunked body, if any, is unwrapped to its JSON.
        const text = body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1);
        expect(JSON.parse(text)).toMatchObject({
          statusCode: status,
          correlationID: headers.get('x-correlation-id'),
        });
        expect(text).not.toMatch(STACK);
      }
    });
  });

  describe('routing and correlation ids', () => {
    it('answers an unknown route with 404 and the envelope', async () => {
      const { response, body } = await json('/nope/nothing');
      expect(expectEnvelope(response, body, 404).error).toBe('Not Found');
    });

    it('answers a known path with another method with 405 and the envelope', async () => {
      const { response, body } = await json('/users', { method: 'PUT' });
      expect(expectEnvelope(response, body, 405).error).toBe('Method Not Allowed');
      expect(response.headers.get('allow')).toBe('GET, POST');
    });

    it('answers another method on /users/cursor with 405, not as an update of the id "cursor"', async () => {
      const { response, body } = await json('/users/cursor', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ age: 1 }),
      });
      expect(expectEnvelope(response, body, 405).error).toBe('Method Not Allowed');
      expect(response.headers.get('allow')).toBe('GET');
    });

    it('answers 405 with the allow header of the matched path', async () => {
      const cases: [string, string, string][] = [
        ['/users', 'PUT', 'GET, POST'],
        ['/users', 'DELETE', 'GET, POST'],
        ['/users/cursor', 'PUT', 'GET'],
        ['/users/cursor', 'DELETE', 'GET'],
        ['/users/abc', 'POST', 'GET, PUT, PATCH, DELETE'],
      ];
      for (const [path, method, allow] of cases) {
        const response = await call(path, { method });
        expect([path, response.status, response.headers.get('allow')]).toEqual([path, 405, allow]);
        await response.body?.cancel();
      }
    });

    it('echoes a safe x-correlation-id on success and error', async () => {
      const ok = await call('/users?limit=1', { headers: { 'x-correlation-id': 'req-42.a:b_c' } });
      expect(ok.headers.get('x-correlation-id')).toBe('req-42.a:b_c');
      const { response, body } = await json('/users?limit=0', { headers: { 'x-correlation-id': 'req-43' } });
      expect(expectEnvelope(response, body, 400).correlationID).toBe('req-43');
    });

    it.each([['a'.repeat(200)], ['-leading-dash'], ['has space'], ['semi;colon']])(
      'replaces the unsafe x-correlation-id %s with a new uuid',
      async (unsafe) => {
        const { response, body } = await json('/users?limit=0', { headers: { 'x-correlation-id': unsafe } });
        const envelope = expectEnvelope(response, body, 400);
        expect(envelope.correlationID).toMatch(UUID);
        expect(envelope.correlationID).not.toBe(unsafe);
      },
    );
  });
}
