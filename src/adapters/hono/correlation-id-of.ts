import type { Context } from 'hono';
import { resolveCorrelationId } from 'pagelope';
import { isSafeCorrelationId } from 'pagelope/http';

/** The context variable holding the request's correlation id (`c.get('correlationId')`). */
export const CORRELATION_ID_VARIABLE = 'correlationId';

/**
 * The request's correlation id: the one `correlationId()` stored in the context, else resolved from the request's
 * `x-correlation-id` header (a new uuid v4 when absent or unsafe) and stored, so that every later reader of the same
 * request (a route, `onError`, `notFound`) gets the same id, whether or not `correlationId()` ran on its path.
 */
export function correlationIdOf(c: Context): string {
  const stored: unknown = c.get(CORRELATION_ID_VARIABLE);
  if (isSafeCorrelationId(stored)) return stored;
  const id = resolveCorrelationId(c.req.raw.headers);
  c.set(CORRELATION_ID_VARIABLE, id);
  return id;
}
