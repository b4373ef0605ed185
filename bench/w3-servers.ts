/** What W3 (bench/w3-http.ts) measures: its servers, the names of its rows, its queries. */
import { HTTP_Q1, HTTP_SORTED } from './queries';
import type { Row } from './report';

/** One W3 server: its kind (argument of bench/http-server.ts), its row's name, role and group (framework). */
export interface ServerSpec {
  readonly kind: string;
  readonly name: string;
  readonly role: Row['role'];
  readonly group?: string;
}

/** The Fastify adapter's minimal app, the row held to the bare Fastify route. */
export const FASTIFY_ADAPTER = 'pagelope Fastify adapter, minimal app';
/** The whole Fastify example and the hand-wired Fastify example it is held to: run alternately (A B B A ...). */
export const FASTIFY_EXAMPLE = 'Fastify example on the adapter (whole app, rate limiter)';
export const HAND_WIRED = 'hand-wired Fastify example (before the adapters, rate limiter)';

/**
 * The rows of each W3 table, in order: each adapter's minimal app beside its framework's bare route (neither runs a
 * rate limiter), the example-versus-example pair, then the peers.
 */
export const SERVERS: readonly ServerSpec[] = [
  { kind: 'pagelope:fastify', name: FASTIFY_ADAPTER, role: 'pagelope', group: 'fastify' },
  { kind: 'floor:fastify', name: 'bare Fastify route, precomputed page', role: 'floor', group: 'fastify' },
  { kind: 'pagelope:express', name: 'pagelope Express adapter, minimal app', role: 'pagelope', group: 'express' },
  { kind: 'floor:express', name: 'bare Express route, precomputed page', role: 'floor', group: 'express' },
  { kind: 'pagelope:hono', name: 'pagelope Hono adapter, minimal app', role: 'pagelope', group: 'hono' },
  { kind: 'floor:hono', name: 'bare Hono route, precomputed page', role: 'floor', group: 'hono' },
  { kind: 'pagelope:nestjs', name: 'pagelope NestJS adapter, minimal app', role: 'pagelope', group: 'nestjs' },
  { kind: 'floor:nestjs', name: 'bare NestJS route, precomputed page', role: 'floor', group: 'nestjs' },
  { kind: 'example:fastify', name: FASTIFY_EXAMPLE, role: 'peer', group: 'fastify' },
  { kind: 'hand-wired', name: HAND_WIRED, role: 'peer', group: 'fastify' },
  { kind: 'naive', name: 'Fastify route, naive filter+sort+slice', role: 'peer', group: 'fastify' },
  { kind: 'json-server', name: 'json-server 0.17', role: 'peer' },
];

/** The key pair, measured alternately: A, the whole Fastify example on the adapter, and B, the hand-wired baseline. */
export const PAIR_A = SERVERS.find((spec) => spec.name === FASTIFY_EXAMPLE) as ServerSpec;
export const PAIR_B = SERVERS.find((spec) => spec.name === HAND_WIRED) as ServerSpec;
export const PAIR: readonly ServerSpec[] = [PAIR_A, PAIR_B];

/** W3's queries: the sorted page without filters, then q1. */
export const QUERIES = [HTTP_SORTED, HTTP_Q1] as const;
export type W3Query = (typeof QUERIES)[number];
export type QueryId = W3Query['id'];
