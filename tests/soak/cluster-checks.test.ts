/**
 * The cluster soak's checks (soak/cluster/cluster-checks.ts) on made-up findings: all pass on a clean run, and each
 * fails, alone, on the defect it guards against, so that a soak that reports "pass" has really looked.
 */
import { describe, expect, it } from 'vitest';
import { checkCluster, type ClusterFindings } from '../../soak/cluster/cluster-checks';
import { createClusterLedger } from '../../soak/cluster/cluster-ledger';
import type { Exchange } from '../../soak/cluster/exchange';

const T0 = 1_000_000;
const exchangeOf = (id: string, overrides: Partial<Exchange> = {}): Exchange => ({
  op: 'list',
  method: 'GET',
  path: '/users',
  correlationId: id,
  startedAt: T0,
  ms: 5,
  status: 200,
  echoedId: id,
  balancer: null,
  retryAfter: null,
  envelopeOk: true,
  ...overrides,
});

function cleanFindings(): ClusterFindings {
  const ledger = createClusterLedger();
  ledger.acknowledged.set('u1', {
    username: 'u1',
    id: 'i1',
    etag: '"2"',
    age: 30,
    version: 2,
    deleted: false,
    uncertain: false,
  });
  ledger.acknowledged.set('u2', {
    username: 'u2',
    id: 'i2',
    etag: '"2"',
    age: 5,
    version: 2,
    deleted: true,
    uncertain: false,
  });
  ledger.ambiguousCreates.add('u3');
  ledger.rejectedCreates.add('u4');
  return {
    exchanges: [
      exchangeOf('a'),
      exchangeOf('b'),
      exchangeOf('c', { status: 503, retryAfter: '1', startedAt: T0 + 10_000 }),
    ],
    ledger,
    stored: [
      { id: 's1', username: 'seed-1', age: 20, version: 1, deleted: false },
      { id: 'i1', username: 'u1', age: 30, version: 2, deleted: false },
      { id: 'i2', username: 'u2', age: 5, version: 2, deleted: true },
      { id: 'i3', username: 'u3', age: 1, version: 1, deleted: false },
    ],
    seedUsernames: new Set(['seed-1']),
    probes: [
      {
        at: T0,
        address: '10.255.0.1',
        sent: 20,
        accepted: 10,
        limited: 10,
        other: 0,
        ms: 100,
        redisUp: true,
        exchanges: [],
      },
    ],
    rateLimitMax: 10,
    windows: [
      { name: 'instance killed', kind: 'instance', start: T0 + 5_000, end: T0 + 6_000, detail: '' },
      { name: 'backends terminated', kind: 'database', start: T0 + 9_000, end: T0 + 9_500, detail: '' },
    ],
    loggedBy: new Map([
      ['a', new Set(['f1'])],
      ['b', new Set(['e1'])],
      ['c', new Set(['f2'])],
    ]),
    unexpectedExits: [],
  };
}

const failing = (findings: ClusterFindings) =>
  checkCluster(findings)
    .filter((check) => !check.pass)
    .map((check) => check.name);

describe('checkCluster', () => {
  it('passes every check on a clean run', () => {
    expect(failing(cleanFindings())).toStrictEqual([]);
  });

  const cases: readonly (readonly [string, RegExp, (findings: ClusterFindings) => ClusterFindings])[] = [
    [
      'a request without an answer away from the kill',
      /every request answered/,
      (f) => ({ ...f, exchanges: [...f.exchanges, exchangeOf('d', { status: undefined, startedAt: T0 + 20_000 })] }),
    ],
    [
      'an error without the envelope',
      /without the envelope/,
      (f) => ({ ...f, exchanges: [...f.exchanges.slice(1), exchangeOf('a', { status: 400, envelopeOk: false })] }),
    ],
    [
      'another correlation id echoed',
      /without the envelope/,
      (f) => ({ ...f, exchanges: [...f.exchanges.slice(1), exchangeOf('a', { echoedId: 'x' })] }),
    ],
    [
      'a 500',
      /other than 503/,
      (f) => ({
        ...f,
        exchanges: [
          ...f.exchanges.slice(0, 2),
          exchangeOf('c', { status: 500, retryAfter: '1', startedAt: T0 + 10_000 }),
        ],
      }),
    ],
    [
      'a 503 without retry-after',
      /other than 503/,
      (f) => ({
        ...f,
        exchanges: [...f.exchanges.slice(0, 2), exchangeOf('c', { status: 503, startedAt: T0 + 10_000 })],
      }),
    ],
    [
      'an instance 503 away from a database fault',
      /every 503 during a fault/,
      (f) => ({
        ...f,
        exchanges: [
          ...f.exchanges.slice(0, 2),
          exchangeOf('c', { status: 503, retryAfter: '1', startedAt: T0 + 30_000 }),
        ],
      }),
    ],
    [
      'an acknowledged create absent',
      /acknowledged writes missing/,
      (f) => ({ ...f, stored: f.stored.filter((row) => row.username !== 'u1') }),
    ],
    [
      'an acknowledged update lost',
      /acknowledged writes missing/,
      (f) => ({ ...f, stored: f.stored.map((row) => (row.username === 'u1' ? { ...row, age: 31 } : row)) }),
    ],
    [
      'an acknowledged delete undone',
      /acknowledged writes missing/,
      (f) => ({ ...f, stored: f.stored.map((row) => (row.username === 'u2' ? { ...row, deleted: false } : row)) }),
    ],
    [
      'a record nobody created',
      /phantom/,
      (f) => ({ ...f, stored: [...f.stored, { id: 'x', username: 'ghost', age: 1, version: 1, deleted: false }] }),
    ],
    [
      'a rejected create stored',
      /phantom/,
      (f) => ({ ...f, stored: [...f.stored, { id: 'i4', username: 'u4', age: 1, version: 1, deleted: false }] }),
    ],
    [
      'a create stored twice',
      /phantom/,
      (f) => ({ ...f, stored: [...f.stored, { id: 'i5', username: 'u1', age: 30, version: 2, deleted: false }] }),
    ],
    ['a get of an acknowledged record answered 404', /never 404/, (f) => (f.ledger.missedGets.push('g'), f)],
    ['an If-Match update of a certain record refused', /never refused/, (f) => (f.ledger.refusedWrites.push('p'), f)],
    [
      'a probe 6 % over the limit',
      /shared limit/,
      (f) => ({ ...f, probes: [{ ...f.probes[0]!, accepted: 11, limited: 9 }] }),
    ],
    [
      'a response id in no instance log',
      /exactly one instance/,
      (f) => ({ ...f, loggedBy: new Map([...f.loggedBy].filter(([id]) => id !== 'b')) }),
    ],
    [
      'a response id in two instance logs',
      /exactly one instance/,
      (f) => ({ ...f, loggedBy: new Map([...f.loggedBy, ['b', new Set(['e1', 'f1'])]]) }),
    ],
    ['an instance that exited', /exited unasked/, (f) => ({ ...f, unexpectedExits: ['fastify-1 exited (code 1)'] })],
  ];
  it.each(cases)('fails on %s', (_title, check, mutate) => {
    const names = failing(mutate(cleanFindings()));
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(check);
  });

  it('lets the requests the kill cut off go unanswered, and a probe with Redis stopped go over the limit', () => {
    const findings = cleanFindings();
    const cut = exchangeOf('k', { status: undefined, startedAt: T0 + 4_990, ms: 20 });
    const probes = [...findings.probes, { ...findings.probes[0]!, accepted: 20, limited: 0, redisUp: false }];
    expect(failing({ ...findings, exchanges: [...findings.exchanges, cut], probes })).toStrictEqual([]);
  });
});
