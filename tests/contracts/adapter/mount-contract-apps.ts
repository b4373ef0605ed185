/** The two apps every adapter contract suite mounts (at the root and below `/api`), and the requests it sends them. */
import { afterAll, beforeAll, expect } from 'vitest';
import type { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineRoutes,
  type ErrorReportInfo,
  type Repository,
} from '../../../src/index';
import type { Envelope } from '../envelope';
import {
  BODY_LIMIT,
  broken,
  brokenSchema,
  notes,
  people,
  personSeed,
  SECRET,
  things,
  thingSeed,
  type Thing,
} from './fixtures';
import type { MountAdapter, MountedApp } from './mount-adapter';
import { sendChecked, type SentResult } from './send-checked';

export type { SentResult } from './send-checked';

/** The mounted apps, known once the enclosing describe block's `beforeAll` has run, and the requests to them. */
export interface ContractApps {
  /** Things (tenant-scoped, some route types off), notes under `/api/notes`, a failing `broken`, and people. */
  readonly app: MountedApp;
  /** The things and people routes again, below `/api`. */
  readonly prefixed: MountedApp;
  /** The errors the notes' `onAfterErrorCreate` hook saw, in order. */
  readonly errorsSeen: readonly unknown[];
  /** Each 5xx `app` answered, as its `reportError` was told of it (instead of the adapter's logger), in order. */
  readonly reported: readonly { readonly error: unknown; readonly info: ErrorReportInfo }[];
  /** Sends a request with its own correlation id (to `app` by default), checking the echo and that no stack leaks. */
  readonly send: (
    path: string,
    init?: RequestInit & { headers?: Record<string, string> },
    to?: MountedApp,
  ) => Promise<SentResult>;
  /** Checks the error envelope of `status` (and its `message`, when given) and answers it. */
  readonly expectEnvelope: (
    result: { response: Response; body: unknown; correlationId: string },
    status: number,
    message?: string | string[],
  ) => Envelope;
  /** POSTs `body` as JSON to `app`. */
  readonly postJson: (path: string, body: unknown, headers?: Record<string, string>) => Promise<SentResult>;
}

/** Mounts the contract's apps with `mount` before the enclosing describe block's tests, and closes them after. */
export function mountContractApps(name: string, mount: MountAdapter): ContractApps {
  let app: MountedApp;
  /** The things and people routes again, below `/api`. */
  let prefixed: MountedApp;
  const errorsSeen: unknown[] = [];
  const reported: { error: unknown; info: ErrorReportInfo }[] = [];

  beforeAll(async () => {
    const thingService = createResourceService<Thing, { tenant?: string }>({
      resource: things,
      repository: createMemoryRepository(things, { records: thingSeed }),
      scope: ({ locals }) => (locals.tenant === undefined ? undefined : { tenant: locals.tenant }),
    });
    const noteService = createResourceService({ resource: notes, repository: createMemoryRepository(notes) });
    noteService.hooks.on('onAfterErrorCreate', (_context, error) => void errorsSeen.push(error));
    const failing = Object.fromEntries(
      ['create', 'get', 'update', 'replace', 'delete', 'list', 'listByCursor'].map((method) => [
        method,
        () => Promise.reject(new Error(SECRET)),
      ]),
    ) as unknown as Repository<z.output<typeof brokenSchema>>;
    const brokenService = createResourceService({ resource: broken, repository: failing });
    const personService = createResourceService({
      resource: people,
      repository: createMemoryRepository(people, { records: personSeed }),
    });
    const thingRoutes = defineRoutes(thingService, {
      routes: {
        GET_LIST: { pagination: { maxLimit: 5, defaultLimit: 5 } },
        GET_LIST_CURSOR: { pagination: { defaultLimit: 3 } },
        GET: true,
        CREATE: true,
        PARTIAL_UPDATE: true,
        DELETE: false,
      },
    });
    const personRoutes = defineRoutes(personService, {
      routes: { GET_LIST: { totalCountHeader: true }, GET_LIST_CURSOR: true, GET: true },
    });
    app = await mount(
      [thingRoutes, defineRoutes(noteService, { path: '/api/notes' }), defineRoutes(brokenService), personRoutes],
      { bodyLimit: BODY_LIMIT, reportError: (error, info) => void reported.push({ error, info }) },
    );
    prefixed = await mount([thingRoutes, personRoutes], { bodyLimit: BODY_LIMIT, prefix: '/api' });
  });
  afterAll(async () => {
    await app?.close();
    await prefixed?.close();
  });

  const send = async (
    path: string,
    init: RequestInit & { headers?: Record<string, string> } = {},
    to: MountedApp = app,
  ) => sendChecked(to.url, name, path, init);
  const expectEnvelope = (
    result: { response: Response; body: unknown; correlationId: string },
    status: number,
    message?: string | string[],
  ) => {
    const envelope = result.body as Envelope;
    expect(result.response.status).toBe(status);
    expect(result.response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(envelope).toMatchObject({ statusCode: status, correlationID: result.correlationId });
    expect(typeof envelope.error).toBe('string');
    if (message !== undefined) expect(envelope.message).toStrictEqual(message);
    return envelope;
  };
  const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  return {
    get app() {
      return app;
    },
    get prefixed() {
      return prefixed;
    },
    errorsSeen,
    reported,
    send,
    expectEnvelope,
    postJson,
  };
}
