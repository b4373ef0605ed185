import { createServer, request as httpRequest, Agent, type IncomingMessage, type Server } from 'node:http';
import type { Backend } from './haproxy-config';

/**
 * The balancer where haproxy is missing: round robin over `backends`; a backend that refuses the connection is skipped
 * for 500 ms and the request, not yet sent, goes to the next; a failure after the request was sent is answered with
 * the 503 envelope (`x-balancer: node`), never retried. Adds the client's address to `x-forwarded-for`.
 */
export function nodeBalancer(backends: readonly Backend[]): Server {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const downUntil = new Map<string, number>();
  let next = 0;
  const pick = (): Backend | undefined => {
    for (let i = 0; i < backends.length; i++) {
      const backend = backends[next++ % backends.length];
      if (backend && (downUntil.get(backend.name) ?? 0) <= Date.now()) return backend;
    }
    return undefined;
  };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const unavailable = () => {
      const correlationId = String(req.headers['x-correlation-id'] ?? '');
      const envelope = {
        statusCode: 503,
        message: 'No instance could answer',
        error: 'Service Unavailable',
        timestamp: Date.now(),
        correlationID: correlationId,
      };
      res.writeHead(503, {
        'content-type': 'application/json; charset=utf-8',
        'retry-after': '1',
        'x-correlation-id': correlationId,
        'x-balancer': 'node',
      });
      res.end(JSON.stringify(envelope));
    };
    for (let attempt = 0; attempt < backends.length + 1; attempt++) {
      const backend = pick();
      if (!backend) break;
      const answer = await new Promise<IncomingMessage | 'refused' | 'failed'>((resolve) => {
        const upstream = httpRequest({
          host: '127.0.0.1',
          port: backend.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, 'x-forwarded-for': forwarded },
          agent,
        });
        upstream.once('response', resolve);
        upstream.once('error', (error: NodeJS.ErrnoException) =>
          resolve(error.code === 'ECONNREFUSED' ? 'refused' : 'failed'),
        );
        upstream.end(body);
      });
      if (answer === 'refused') {
        downUntil.set(backend.name, Date.now() + 500);
        continue;
      }
      if (answer === 'failed') return unavailable();
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.once('error', () => res.destroy());
      return;
    }
    unavailable();
  });
  // As haproxy's `timeout http-keep-alive`: longer than the clients' idle keep-alive, so that the server never closes
  // a connection just as a client sends on it.
  server.keepAliveTimeout = 10_000;
  return server;
}
