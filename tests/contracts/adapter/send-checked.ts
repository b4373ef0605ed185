import { expect } from 'vitest';
import { STACK } from '../envelope';

/** A response of a contract app: the text and JSON body read, and the correlation id the request was sent with. */
export interface SentResult {
  readonly response: Response;
  readonly text: string;
  readonly body: unknown;
  readonly correlationId: string;
}

/**
 * Sends a request to `baseUrl + path` with a correlation id of its own (`<tag>-<random>`), then checks that the reply
 * echoes it and that its body leaks no stack trace.
 */
export async function sendChecked(
  baseUrl: string,
  tag: string,
  path: string,
  init: RequestInit & { headers?: Record<string, string> } = {},
): Promise<SentResult> {
  const correlationId = `${tag.replace(/[^\w.:-]/g, '-')}-${Math.random().toString(36).slice(2, 10)}`;
  const response = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { 'x-correlation-id': correlationId, ...init.headers },
  });
  const text = await response.text();
  expect(response.headers.get('x-correlation-id'), `${init.method ?? 'GET'} ${path}`).toBe(correlationId);
  expect(text).not.toMatch(STACK);
  return { response, text, body: text ? (JSON.parse(text) as unknown) : undefined, correlationId };
}
