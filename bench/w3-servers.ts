/** The servers of W3 (bench/w3-http.ts) and the names of its rows. */
import type { Row } from './report';

/** One W3 server: its kind (argument of bench/http-server.ts), its row's name, role and group (framework). */
export interface ServerSpec {
  readonly kind: string;
  readonly name: string;
  readonly role: Row['role'];
  readonly group?: string;
}

/** The Fastify adapter and the hand-wired Fastify example it is held to: run alternately (A B B A ...). */
export const FASTIFY_ADAPTER = 'pagelope Fastify adapter';
export const HAND_WIRED = 'hand-wired Fastify example (before the adapters)';

/** The rows of each W3 table, in order: each adapter beside its framework's bare route, then the peers. */
export const SERVERS: readonly ServerSpec[] = [
  { kind: 'pagelope:fastify', name: FASTIFY_ADAPTER, role: 'pagelope', group: 'fastify' },
  { kind: 'hand-wired', name: HAND_WIRED, role: 'peer', group: 'fastify' },
  { kind: 'floor:fastify', name: 'bare Fastify route, precomputed page', role: 'floor', group: 'fastify' },
  { kind: 'pagelope:express', name: 'pagelope Express adapter', role: 'pagelope', group: 'express' },
  { kind: 'floor:express', name: 'bare Express route, precomputed page', role: 'floor', group: 'express' },
  { kind: 'pagelope:hono', name: 'pagelope Hono adapter', role: 'pagelope', group: 'hono' },
  { kind: 'floor:hono', name: 'bare Hono route, precomputed page', role: 'floor', group: 'hono' },
  { kind: 'pagelope:nestjs', name: 'pagelope NestJS adapter', role: 'pagelope', group: 'nestjs' },
  { kind: 'floor:nestjs', name: 'bare NestJS route, precomputed page', role: 'floor', group: 'nestjs' },
  { kind: 'naive', name: 'Fastify route, naive filter+sort+slice', role: 'peer', group: 'fastify' },
  { kind: 'json-server', name: 'json-server 0.17', role: 'peer' },
];
