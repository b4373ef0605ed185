/** The requests the list-grammar concerns send to their shared server: each with its own correlation id, echoed. */
import { expect } from 'vitest';
import { STACK, type Envelope } from '../envelope';
import type { ServedExample } from './example-server';

/** A GET answered: the response, its JSON body and the correlation id it was sent with. */
export interface GrammarResult {
  readonly response: Response;
  readonly body: unknown;
  readonly id: string;
}

/** A page of GET /users (or the cursor route) after its 200 is checked. */
export interface GrammarPage {
  readonly response: Response;
  readonly result: { items: Record<string, unknown>[]; total: number; totalPages: number };
  readonly ids: string[];
  readonly total: number;
}

/** Requests to one served example, for the list grammar. */
export interface GrammarClient {
  /** The server's URL, once it is started. */
  readonly url: string;
  /** GETs `path` with its own correlation id, which the response must echo. */
  readonly get: (path: string) => Promise<GrammarResult>;
  /** GETs a page and answers its ids, total and the page itself, after checking the 200. */
  readonly page: (path: string) => Promise<GrammarPage>;
  /** Asserts the 400 envelope with the request's correlation id, its messages naming each of `named`. */
  readonly expectBadRequest: (query: string, named: readonly string[], path?: string) => Promise<void>;
}

/** A client of `server`, numbering its correlation ids `grammar-1`, `grammar-2`, ... */
export function createGrammarClient(server: ServedExample): GrammarClient {
  let sent = 0;
  const get = async (path: string) => {
    const id = `grammar-${++sent}`;
    const response = await fetch(`${server.url}${path}`, { headers: { 'x-correlation-id': id } });
    const text = await response.text();
    expect(response.headers.get('x-correlation-id'), path).toBe(id);
    expect(text).not.toMatch(STACK);
    return { response, body: JSON.parse(text) as unknown, id };
  };
  const page = async (path: string) => {
    const { response, body } = await get(path);
    expect([path, response.status]).toStrictEqual([path, 200]);
    const result = body as { items: Record<string, unknown>[]; total: number; totalPages: number };
    return { response, result, ids: result.items.map((item) => item['id'] as string), total: result.total };
  };
  const expectBadRequest = async (query: string, named: readonly string[], path = '/users') => {
    const { response, body, id } = await get(`${path}?${query}`);
    expect([query, response.status]).toStrictEqual([query, 400]);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const envelope = body as Envelope;
    expect(envelope).toMatchObject({ statusCode: 400, error: 'Bad Request', correlationID: id });
    expect(Math.abs(envelope.timestamp - Date.now())).toBeLessThan(60_000);
    const messages = Array.isArray(envelope.message) ? envelope.message : [envelope.message];
    for (const part of named) expect(messages.join('\n')).toContain(part);
  };
  return {
    get url() {
      return server.url;
    },
    get,
    page,
    expectBadRequest,
  };
}
