/** The check the example tests run on a list of failing requests: the envelope and the correlation id of each. */
import { expect } from 'vitest';
import { STACK } from '../envelope';

/** One request of {@link expectCorrelatedErrors}: path, request options and the status expected. */
export type ErrorCase = readonly [path: string, init: RequestInit, status: number];

/**
 * Sends each case in order with its own `x-correlation-id` and checks that the response has the expected status, a
 * JSON envelope with that status and that correlation id, the same id in the response header, and no stack.
 */
export async function expectCorrelatedErrors(url: string, cases: readonly ErrorCase[]): Promise<void> {
  for (const [path, init, status] of cases) {
    const id = `trace-${status}-${path.length}`;
    const response = await fetch(`${url}${path}`, { ...init, headers: { ...init.headers, 'x-correlation-id': id } });
    const text = await response.text();
    expect([path, response.status]).toEqual([path, status]);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-correlation-id')).toBe(id);
    expect(text).not.toMatch(STACK);
    expect(JSON.parse(text)).toMatchObject({ statusCode: status, correlationID: id });
  }
}
