/**
 * A fake `fetch` for the client's unit tests: records each call and answers from a function of the call (or a
 * queue of answers), with real `Response` objects.
 */
import type { FetchInit, FetchLike } from 'pagelope/client';

/** One call the fake received. */
export interface FakeCall {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  /** The body as sent (a JSON string), or undefined. */
  readonly body: string | undefined;
  readonly signal: AbortSignal | undefined;
}

/** The fake, its calls, and its answer function. */
export interface FakeFetch {
  readonly fetch: FetchLike;
  readonly calls: FakeCall[];
}

/** A JSON response with the given status and headers. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** A page result of `items` with the other keys derived from `page`, `limit` and `total`. */
export function pageOf(items: readonly unknown[], page: number, limit: number, total: number) {
  const totalPages = total === 0 ? 0 : Math.ceil(total / limit);
  return { items, total, page, limit, totalPages, hasNextPage: page < totalPages, hasPreviousPage: page > 1 };
}

/** A fake fetch answering each call with `answer(call)`, or with the next response of a queue. */
export function fakeFetch(answer: ((call: FakeCall) => Response | Promise<Response>) | Response[]): FakeFetch {
  const calls: FakeCall[] = [];
  const fetch: FetchLike = async (url: string, init: FetchInit) => {
    const call: FakeCall = {
      url,
      method: init.method,
      headers: { ...init.headers },
      body: init.body,
      signal: init.signal,
    };
    calls.push(call);
    if (Array.isArray(answer)) {
      const next = answer.shift();
      if (!next) throw new Error(`the fake fetch has no answer left for ${init.method} ${url}`);
      return next;
    }
    return answer(call);
  };
  return { fetch, calls };
}
