/** A backend the balancer sends requests to. */
export interface Backend {
  readonly name: string;
  readonly port: number;
}

/**
 * The soak's `haproxy.cfg`: round robin over `backends` on 127.0.0.1, each checked (TCP) every 250 ms; a request that
 * cannot connect is sent to another instance (`retries`, `redispatch`); nothing sent is ever retried, so no write is
 * applied twice. A request in flight on an instance that dies is not answered either: when it was not the first
 * request of its client connection, haproxy closes that connection without a response (so that a client may retry
 * what it knows to be safe), else it answers a 502. An answer haproxy makes itself (no instance up, an instance gone mid-request) is the error envelope:
 * a 503 with `retry-after` and the request's correlation id (a JSON string: haproxy's `json` converter escapes its
 * input but adds no quotes), marked `x-balancer: haproxy`. The client's address goes
 * on in `x-forwarded-for`, which the instances trust from loopback.
 */
export function haproxyConfig(port: number, backends: readonly Backend[]): string {
  const envelope = (status: number) =>
    `http-error status ${status} content-type "application/json; charset=utf-8" ` +
    `lf-string "{\\"statusCode\\":503,\\"message\\":\\"No instance could answer\\",\\"error\\":\\"Service Unavailable\\",` +
    `\\"timestamp\\":%[date,mul(1000)],\\"correlationID\\":\\"%[var(txn.cid),json(utf8s)]\\"}" ` +
    'hdr retry-after 1 hdr x-correlation-id "%[var(txn.cid)]" hdr x-balancer haproxy';
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  log stderr format raw local0',
    '  option httplog',
    '  option dontlog-normal',
    '  option dontlognull',
    '  timeout connect 1s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  timeout http-keep-alive 10s',
    '  retries 3',
    '  option redispatch 1',
    '  option forwardfor',
    `  ${envelope(502)}`,
    `  ${envelope(503)}`,
    `  ${envelope(504)}`,
    'frontend api',
    `  bind 127.0.0.1:${port}`,
    '  http-request set-var(txn.cid) req.hdr(x-correlation-id)',
    '  http-after-response set-status 503 if { res.hdr(x-balancer) -m found }',
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    ...backends.map((backend) => `  server ${backend.name} 127.0.0.1:${backend.port} check inter 250 fall 1 rise 1`),
    '',
  ].join('\n');
}
