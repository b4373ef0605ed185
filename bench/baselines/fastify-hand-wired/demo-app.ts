// Benchmark baseline (see app.ts): examples/shared/demo-app.ts as of commit e7641d6, unchanged but for import paths.
import {
  CORRELATION_ID_HEADER,
  createMemoryRepository,
  createResourceService,
  errorResponse,
  HttpError,
  parseCursorQuery,
  parseListQuery,
  resolveCorrelationId,
  type Repository,
  type ResourceService,
} from 'pagelope';
import { seedCountFromEnv, seedUsers } from '../../../examples/shared/seed';
import { users, type User } from '../../../examples/shared/users';

/** What a route answers, before a framework writes it. */
export interface Reply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

/** One entry of the demo's audit log, written by the hook handlers. */
export type AuditEntry =
  | { readonly event: 'created'; readonly id: string; readonly correlationId: string }
  | { readonly event: 'create-failed'; readonly correlationId: string };

/** Options shared by every framework's `createApp`. */
export interface DemoOptions {
  /** Seeded record count (default: `SEED_RECORDS`, else 1000). */
  readonly seedRecords?: number;
  /** Requests allowed per window (default: `RATE_LIMIT_MAX`, else 100). */
  readonly rateLimitMax?: number;
  /** Rate-limit window in ms (default: `RATE_LIMIT_WINDOW_MS`, else 60000). */
  readonly rateLimitWindowMs?: number;
  /** A repository to use instead of the seeded in-memory one. */
  readonly repository?: Repository<User>;
}

/** Largest JSON body the examples accept. */
export const BODY_LIMIT_BYTES = 16 * 1024;

const envNumber = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
};

/** The framework-neutral demo: service, audit log, rate-limit settings and one function per route. */
export interface Demo {
  readonly service: ResourceService<User>;
  readonly audit: AuditEntry[];
  readonly rateLimit: { readonly max: number; readonly windowMs: number };
  /** Resolves the request's correlation id once; every reply of that request carries it. */
  correlationIdOf(headers: unknown): string;
  list(query: unknown, headers: unknown, correlationId: string): Promise<Reply>;
  cursor(query: unknown, headers: unknown, correlationId: string): Promise<Reply>;
  create(body: unknown, headers: unknown, correlationId: string): Promise<Reply>;
  get(id: string, headers: unknown, correlationId: string): Promise<Reply>;
  update(id: string, body: unknown, headers: unknown, correlationId: string): Promise<Reply>;
  remove(id: string, headers: unknown, correlationId: string): Promise<Reply>;
  auditLog(correlationId: string): Reply;
  /** The error envelope reply for anything thrown. */
  error(error: unknown, correlationId: string): Reply;
  /** The 404 envelope reply for an unknown route. */
  notFound(method: string, path: string, correlationId: string): Reply;
  /** The 405 envelope reply for a known path with another method; `allow` lists the methods it takes. */
  methodNotAllowed(method: string, allow: string, correlationId: string): Reply;
}

/** The methods each demo path takes, for 405 replies. */
export const ALLOWED_METHODS: Readonly<Record<string, string>> = {
  '/users': 'GET, POST',
  '/users/cursor': 'GET',
  '/users/:id': 'GET, PATCH, DELETE',
  '/audit': 'GET',
};

/** Builds the demo domain: a seeded `users` repository, a service with audit hooks, and the route functions. */
export function createDemo(options: DemoOptions = {}): Demo {
  const repository =
    options.repository ??
    createMemoryRepository(users, { records: seedUsers(options.seedRecords ?? seedCountFromEnv()) });
  const service = createResourceService({ resource: users, repository });
  const audit: AuditEntry[] = [];
  service.hooks.on('onAfterCreate', ({ entity, correlationId }) => {
    audit.push({ event: 'created', id: entity.id, correlationId });
  });
  service.hooks.on('onAfterErrorCreate', ({ correlationId }) => {
    audit.push({ event: 'create-failed', correlationId });
  });

  const ok = (status: number, correlationId: string, body?: unknown): Reply => ({
    status,
    headers: { [CORRELATION_ID_HEADER]: correlationId },
    body,
  });
  const op = (headers: unknown, correlationId: string) => ({ headers, correlationId });
  const error = (thrown: unknown, correlationId: string): Reply => {
    const reply = errorResponse(thrown, { headers: { [CORRELATION_ID_HEADER]: correlationId } });
    return { status: reply.statusCode, headers: reply.headers, body: reply.body };
  };

  return {
    service,
    audit,
    rateLimit: {
      max: options.rateLimitMax ?? envNumber('RATE_LIMIT_MAX', 100),
      windowMs: options.rateLimitWindowMs ?? envNumber('RATE_LIMIT_WINDOW_MS', 60_000),
    },
    correlationIdOf: (headers) => resolveCorrelationId(headers),
    async list(query, headers, id) {
      return ok(200, id, await service.list(parseListQuery(query, users), op(headers, id)));
    },
    async cursor(query, headers, id) {
      return ok(200, id, await service.listByCursor(parseCursorQuery(query, users), op(headers, id)));
    },
    async create(body, headers, id) {
      const data = isObject(body) && body.createdAt === undefined ? { ...body, createdAt: new Date() } : body;
      return ok(201, id, await service.create(data, op(headers, id)));
    },
    async get(userId, headers, id) {
      return ok(200, id, await service.get(userId, op(headers, id)));
    },
    async update(userId, body, headers, id) {
      return ok(200, id, await service.update(userId, body, op(headers, id)));
    },
    async remove(userId, headers, id) {
      await service.delete(userId, op(headers, id));
      return ok(204, id);
    },
    auditLog: (id) => ok(200, id, audit),
    error,
    notFound: (method, path, id) => error(new HttpError(404, `Cannot ${method} ${path.slice(0, 200)}`), id),
    methodNotAllowed: (method, allow, id) =>
      error(new HttpError(405, `Method ${method} is not allowed here`, { headers: { allow } }), id),
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
