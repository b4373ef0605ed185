import {
  createMemoryRepository,
  createResourceService,
  defineRoutes,
  type Repository,
  type ResourceRoutes,
  type ResourceService,
} from 'pagelope';
import { type OpenApiRouteOptions } from 'pagelope/http';
import packageJson from '../../package.json' with { type: 'json' };
import { seedCountFromEnv, seedUsers } from './seed';
import { users, type User } from './users';

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

/**
 * The framework-neutral demo: the `users` service with its hooks, its routes, the adapters' `openapi` option (the
 * document at `/openapi.json`), the audit log and the limiter settings.
 */
export interface DemoRoutes {
  readonly service: ResourceService<User>;
  readonly routes: ResourceRoutes<User>;
  readonly openapi: OpenApiRouteOptions;
  readonly audit: AuditEntry[];
  readonly rateLimit: { readonly max: number; readonly windowMs: number };
}

const envNumber = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
};

/**
 * Builds the demo domain: a seeded `users` repository, a service whose hooks stamp `createdAt` when a create leaves it
 * out and write the audit log, and its routes (every route type, the batch routes included) for a framework adapter to mount.
 */
export function createDemoRoutes(options: DemoOptions = {}): DemoRoutes {
  const repository =
    options.repository ??
    createMemoryRepository(users, { records: seedUsers(options.seedRecords ?? seedCountFromEnv()) });
  const service = createResourceService({ resource: users, repository });
  const audit: AuditEntry[] = [];
  service.hooks.on('onBeforeCreate', ({ body }) =>
    body.createdAt === undefined ? { ...body, createdAt: new Date() } : body,
  );
  service.hooks.on('onAfterCreate', ({ entity, correlationId }) => {
    audit.push({ event: 'created', id: entity.id, correlationId });
  });
  service.hooks.on('onAfterErrorCreate', ({ correlationId }) => {
    audit.push({ event: 'create-failed', correlationId });
  });
  return {
    service,
    // The onBeforeCreate hook above stamps createdAt: a create body may leave it out. The single-record routes, the
    // restore of a soft-deleted user, and the batch routes (up to 100 items each), which are on only when named.
    routes: defineRoutes(service, {
      filledOnCreate: ['createdAt'],
      routes: {
        GET_LIST: true,
        GET_LIST_CURSOR: true,
        GET: true,
        CREATE: true,
        UPDATE: true,
        PARTIAL_UPDATE: true,
        DELETE: true,
        RESTORE: true,
        CREATE_MANY: true,
        UPDATE_MANY: true,
        DELETE_MANY: true,
      },
    }),
    openapi: {
      info: {
        title: 'pagelope demo',
        version: packageJson.version,
        description:
          'The `users` resource of the pagelope demo: pages, cursors, filters, sorting, soft delete and restore, batch writes, versions with `etag`/`If-Match`, and the error envelope.',
      },
    },
    audit,
    rateLimit: {
      max: options.rateLimitMax ?? envNumber('RATE_LIMIT_MAX', 100),
      windowMs: options.rateLimitWindowMs ?? envNumber('RATE_LIMIT_WINDOW_MS', 60_000),
    },
  };
}
