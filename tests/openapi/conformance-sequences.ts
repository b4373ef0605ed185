/**
 * Stateful sequences of the conformance run: books created, read, updated, replaced, deleted, restored, in batches
 * too, authors and reviews created for them, pages walked by cursor with `include` and `counts`, each step's body
 * drawn from the document's schemas and sent with either tenant's key. Every answer is checked against the document
 * (`check`), and each read against a model of what was written: a record of the caller's tenant reads 200 while it
 * lives, 404 once deleted; another tenant's, 404.
 */
import fc from 'fast-check';
import { check, send, type Disagreement, type LoadedDocument } from './conformance-check';
import type { GeneratedRequest } from './conformance-requests';
import { arbitraryOf, toJson, toJsonText, type Json } from './schema-arbitrary';

/** One step: what it does, on which known record (an index into those created), with which key and body. */
interface Step {
  readonly kind: (typeof KINDS)[number];
  readonly pick: number;
  readonly key: 'key-a' | 'key-b';
  readonly body: unknown;
  readonly conditional: boolean;
}

const KINDS = [
  'create',
  'create',
  'get',
  'get',
  'update',
  'replace',
  'delete',
  'purge',
  'restore',
  'createMany',
  'updateMany',
  'deleteMany',
  'walk',
  'author',
  'review',
] as const;

const schema = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

/** Sequences of 4 to 14 steps, their bodies drawn from the document. */
export function sequenceOf(document: Json): fc.Arbitrary<Step[]> {
  const bodies: Record<(typeof KINDS)[number], fc.Arbitrary<unknown>> = {
    create: arbitraryOf(document, schema('BookCreate')),
    get: fc.constant(undefined),
    update: arbitraryOf(document, schema('BookPatch')),
    replace: arbitraryOf(document, schema('BookReplace')),
    delete: fc.constant(undefined),
    purge: fc.constant(undefined),
    restore: fc.constant(undefined),
    createMany: fc.array(arbitraryOf(document, schema('BookCreate')), { minLength: 1, maxLength: 3 }),
    updateMany: fc.array(arbitraryOf(document, schema('BookPatch')), { minLength: 1, maxLength: 3 }),
    deleteMany: fc.integer({ min: 1, max: 3 }),
    walk: fc.constantFrom('', 'include=author,reviews', 'counts=reviews', 'include=reviews&counts=reviews'),
    author: arbitraryOf(document, schema('AuthorCreate')),
    review: arbitraryOf(document, schema('ReviewCreate')),
  };
  const step = fc.constantFrom(...KINDS).chain((kind) =>
    fc.record({
      kind: fc.constant(kind),
      pick: fc.nat(),
      key: fc.constantFrom('key-a' as const, 'key-b' as const),
      body: bodies[kind],
      conditional: fc.boolean(),
    }),
  );
  return fc.array(step, { minLength: 4, maxLength: 14 });
}

/** What the model knows of a record: its tenant, whether it lives, and its last etag. */
interface Known {
  readonly tenant: string;
  state: 'live' | 'deleted' | 'gone';
  etag: string | undefined;
}

const TENANT = { 'key-a': 'a', 'key-b': 'b' } as const;

/** Runs the steps against the app at `url`; returns what disagreed and how many requests were sent. */
export async function runSequence(
  url: string,
  loaded: LoadedDocument,
  steps: readonly Step[],
  correlationId: () => string,
): Promise<{ found: Disagreement[]; sent: number }> {
  const found: Disagreement[] = [];
  const books: [string, Known][] = [];
  const authors: [string, string][] = [];
  let sent = 0;
  const call = async (operation: string, method: string, target: string, key: string, body?: unknown, extra = {}) => {
    const request: GeneratedRequest = {
      operation,
      method,
      target,
      headers: {
        'x-correlation-id': correlationId(),
        'x-api-key': key,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...extra,
      },
      body: body === undefined ? undefined : toJsonText(body),
      valid: true,
    };
    const answer = await send(url, request);
    sent++;
    found.push(...check(loaded, request, answer));
    return { request, answer, record: answer.json as Json | undefined };
  };
  const expectStatus = (got: { request: GeneratedRequest; answer: { status: number } }, expected: number) => {
    if (got.answer.status !== expected)
      found.push({
        kind: 'model',
        request: `${got.request.method} ${got.request.target} (${got.request.headers['x-correlation-id']})`,
        detail: `${got.answer.status}, expected ${expected}`,
      });
  };
  const remember = (record: Json | undefined, tenant: string, etag: string | null) => {
    if (typeof record?.['id'] === 'string')
      books.push([record['id'], { tenant, state: 'live', etag: etag ?? undefined }]);
  };
  for (const step of steps) {
    const tenant = TENANT[step.key];
    const picked = books.length === 0 ? undefined : books[step.pick % books.length];
    const id = picked?.[0] ?? 'missing';
    const path = `/books/${encodeURIComponent(id)}`;
    const mine = picked !== undefined && picked[1].tenant === tenant;
    const ifMatch = step.conditional && mine && picked[1].etag ? { 'if-match': picked[1].etag } : {};
    switch (step.kind) {
      case 'create': {
        const body = withAuthor(step.body, authors, tenant, step.pick);
        const got = await call('createBook', 'POST', '/books', step.key, body);
        if (got.answer.status === 201) remember(got.record, tenant, got.answer.headers.get('etag'));
        break;
      }
      case 'get': {
        const got = await call('getBook', 'GET', path, step.key);
        if (picked) expectStatus(got, mine && picked[1].state === 'live' ? 200 : 404);
        break;
      }
      case 'update':
      case 'replace': {
        const body = step.kind === 'replace' ? withAuthor(step.body, authors, tenant, step.pick) : step.body;
        const method = step.kind === 'update' ? 'PATCH' : 'PUT';
        const got = await call(`${step.kind}Book`, method, path, step.key, body, ifMatch);
        if (picked && mine && got.answer.status === 200) picked[1].etag = got.answer.headers.get('etag') ?? undefined;
        if (picked && !(mine && picked[1].state === 'live')) expectStatus(got, 404);
        break;
      }
      case 'delete':
      case 'purge': {
        const query = step.kind === 'purge' ? '?permanent=true' : '';
        const absent = picked !== undefined && (!mine || picked[1].state === 'gone');
        const got = await call('deleteBook', 'DELETE', `${path}${query}`, step.key, undefined, ifMatch);
        if (absent) expectStatus(got, 404);
        else if (picked && mine && got.answer.status === 204)
          picked[1].state = step.kind === 'purge' ? 'gone' : 'deleted';
        break;
      }
      case 'restore': {
        const absent = picked !== undefined && (!mine || picked[1].state === 'gone');
        const got = await call('restoreBook', 'POST', `${path}/restore`, step.key, undefined, ifMatch);
        if (absent) expectStatus(got, 404);
        else if (picked && mine && got.answer.status === 200) {
          picked[1].state = 'live';
          picked[1].etag = got.answer.headers.get('etag') ?? undefined;
        }
        break;
      }
      case 'createMany': {
        const items = (step.body as unknown[]).map((item, i) => withAuthor(item, authors, tenant, step.pick + i));
        const got = await call('createBooks', 'POST', '/books/batch', step.key, { items });
        if (got.answer.status === 201)
          for (const record of (got.record?.['items'] ?? []) as Json[]) remember(record, tenant, null);
        break;
      }
      case 'updateMany': {
        const own = books.filter(([, known]) => known.tenant === tenant && known.state === 'live');
        if (own.length === 0) break;
        const items = (step.body as Json[]).map((patch, i) => ({
          ...patch,
          id: own[(step.pick + i) % own.length]![0],
        }));
        const unique = [...new Map(items.map((item) => [item.id, item])).values()];
        const got = await call('updateBooks', 'PATCH', '/books/batch', step.key, { items: unique });
        if (got.answer.status === 200) for (const [, known] of own) known.etag = undefined;
        break;
      }
      case 'deleteMany': {
        const own = books.filter(([, known]) => known.tenant === tenant && known.state === 'live');
        if (own.length === 0) break;
        const chosen = own.slice(0, step.body as number);
        const got = await call('deleteBooks', 'DELETE', '/books/batch', step.key, {
          ids: chosen.map(([each]) => each),
        });
        if (got.answer.status === 200) for (const [, known] of chosen) known.state = 'deleted';
        break;
      }
      case 'walk': {
        let cursor: string | undefined;
        for (let page = 0; page < 4; page++) {
          const query = [
            `limit=2`,
            step.body as string,
            cursor === undefined ? '' : `cursor=${encodeURIComponent(cursor)}`,
          ];
          const target = `/books/cursor?${query.filter((part) => part !== '').join('&')}`;
          const got = await call('listBooksByCursor', 'GET', target, step.key);
          const next = got.record?.['nextCursor'];
          if (typeof next !== 'string') break;
          cursor = next;
        }
        break;
      }
      case 'author': {
        const got = await call('createAuthor', 'POST', '/authors', step.key, step.body);
        if (got.answer.status === 201 && typeof got.record?.['id'] === 'string')
          authors.push([got.record['id'], tenant]);
        break;
      }
      case 'review': {
        const body = { ...(toJson(step.body) as Json), ...(picked ? { bookId: id } : {}) };
        await call('createReview', 'POST', '/reviews', step.key, body);
        break;
      }
    }
  }
  return { found, sent };
}

/** A book body whose `authorId`, where it has one, names an author the tenant created before (if any). */
function withAuthor(body: unknown, authors: readonly [string, string][], tenant: string, pick: number): unknown {
  const own = authors.filter(([, each]) => each === tenant).map(([id]) => id);
  if (typeof body !== 'object' || body === null || own.length === 0 || !('authorId' in body)) return body;
  return { ...body, authorId: own[pick % own.length] };
}
