import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { CORRELATION_ID_HEADER, errorResponse } from 'pagelope';
import { correlationIdOf } from './correlation-id-of';

/** Headers of a thrown `HTTPException`'s own response never copied: framing, state, and the envelope's own. */
const SKIPPED: ReadonlySet<string> = new Set([
  'content-type',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'trailer',
  'set-cookie',
  CORRELATION_ID_HEADER,
]);

/**
 * The error envelope response for anything thrown, with the request's correlation id. The headers of a Hono
 * `HTTPException`'s own response (for example `www-authenticate` from `basicAuth`) are kept, the envelope's own
 * winning; its body is replaced by the envelope. Never throws.
 */
export function errorReply(c: Context, thrown: unknown): Response {
  const id = correlationIdOf(c);
  const reply = errorResponse(thrown, { headers: { [CORRELATION_ID_HEADER]: id } });
  const headers = { ...ownHeadersOf(thrown), ...reply.headers };
  return c.json(reply.body, reply.statusCode as ContentfulStatusCode, headers);
}

/** The headers of the `res` a Hono `HTTPException` carries, recognised by shape (an `Error` with a `Response`). */
function ownHeadersOf(thrown: unknown): Record<string, string> {
  const own = Object.create(null) as Record<string, string>;
  if (!(thrown instanceof Error) || !('res' in thrown)) return own;
  try {
    const headers = (thrown.res as { readonly headers?: unknown } | undefined)?.headers;
    if (typeof Headers === 'function' && headers instanceof Headers) {
      headers.forEach((value, name) => {
        if (!SKIPPED.has(name)) own[name] = value;
      });
    }
  } catch {
    // A hostile getter: answer with the envelope alone.
  }
  return own;
}
