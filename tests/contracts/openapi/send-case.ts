/** Sending one conformance case to a server and recording the exchange the checks read. */
import type { Case } from './cases';

/** A response as received, and the request that got it. */
export interface Exchange {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  /** The body sent, which the document must accept when the request succeeds. */
  readonly requestBody: string | undefined;
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

/** Sends one case to `url` and records the exchange. */
export async function sendCase(url: string, item: Case, index: number): Promise<Exchange> {
  const target = typeof item.target === 'string' ? item.target : await item.target(url);
  const response = await fetch(`${url}${target}`, {
    method: item.method,
    headers: { ...item.headers, 'x-correlation-id': `conformance-${index}` },
    ...(item.body === undefined ? {} : { body: item.body }),
    redirect: 'manual',
  });
  const at = target.indexOf('?');
  return {
    method: item.method,
    path: at === -1 ? target : target.slice(0, at),
    query: at === -1 ? '' : target.slice(at + 1),
    requestBody: item.body,
    status: response.status,
    headers: response.headers,
    text: await response.text(),
  };
}
