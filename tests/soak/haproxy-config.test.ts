/**
 * The cluster soak's balancer answers (soak/cluster/haproxy-config.ts): each `http-error` body haproxy writes is the
 * error envelope once its sample fetches are filled in. The `json` converter escapes a value but adds no quotes, so a
 * body that forgot them was not JSON (a CI soak failed on one such answer, cl-2-145).
 */
import { describe, expect, it } from 'vitest';
import { haproxyConfig } from '../../soak/cluster/haproxy-config';

/** The body of each `http-error` line, with haproxy's `%[...]` fetches filled in as haproxy fills them. */
function errorBodies(config: string, correlationId: string): { status: number; body: string }[] {
  return config
    .split('\n')
    .filter((line) => line.trim().startsWith('http-error'))
    .map((line) => {
      const status = Number(/status (\d+)/.exec(line)?.[1]);
      const format = /lf-string "((?:[^"\\]|\\.)*)"/.exec(line)?.[1] ?? '';
      const body = format
        .replace(/\\"/g, '"')
        .replace('%[date,mul(1000)]', '1700000000000')
        .replace(
          '%[var(txn.cid),json(utf8s)]',
          correlationId.replace(/["\\]/g, (c) => `\\${c}`),
        );
      return { status, body };
    });
}

describe('the cluster soak balancer answers', () => {
  const bodies = errorBodies(haproxyConfig(8080, [{ name: 'a', port: 8081 }]), 'cl-2-145');

  it('writes one envelope for each of 502, 503 and 504', () => {
    expect(bodies.map(({ status }) => status)).toEqual([502, 503, 504]);
  });

  it.each([502, 503, 504])('answers %i with a JSON envelope carrying the correlation id', (status) => {
    const { body } = bodies.find((entry) => entry.status === status) ?? { body: '' };
    expect(JSON.parse(body)).toEqual({
      statusCode: 503,
      message: 'No instance could answer',
      error: 'Service Unavailable',
      timestamp: 1700000000000,
      correlationID: 'cl-2-145',
    });
  });
});
