import { HttpError, type ReportError } from 'pagelope';
import { readErrorReporter, replyToError, type ErrorReporter } from '../../http/reply-to-error';

/** Options of {@link nodeErrorHandler}, which must name `reportError` (a bare object would be an error to answer). */
export interface NodeErrorHandlerOptions {
  /**
   * Called once for each 5xx answered, with the failure and `{ correlationId, method: undefined, path: undefined,
   * statusCode }` (no request was read); `false` reports nothing.
   */
  readonly reportError: ReportError | false;
}

/** An `errorHandler` of `@hono/node-server`'s `getRequestListener`: `(error) => Response`. */
export type NodeErrorHandler = (error: unknown) => Response;

/** {@link nodeErrorHandler}: the handler itself, or, given options, a handler that reports with them. */
export interface NodeErrorHandlerFunction {
  /** The handler with these options (`reportError`). */
  (options: NodeErrorHandlerOptions): NodeErrorHandler;
  /** Answers `error` with the envelope; a 5xx is reported with `console.error`. */
  (error: unknown): Response;
}

/**
 * An `errorHandler` for `@hono/node-server`'s `getRequestListener` (which `serve()` does not pass): a request it
 * refuses before the app runs (a backslash in the path, an invalid `Host`, `GET *`) gets the 400 envelope instead of
 * a bare 400, and a failure that escapes the app the 500 envelope, never its cause; both under a new correlation id
 * (no request was read). Pass it as it is (each 5xx reported with `console.error`), or call it with
 * `{ reportError }` (a function, or `false`). It imports nothing of `@hono/node-server`, so `pagelope/hono` runs on
 * Bun, Deno and Workers too.
 *
 * @throws TypeError (called with options) for a `reportError` that is neither a function nor `false`.
 * @example
 * const listener = getRequestListener(app.fetch, { errorHandler: nodeErrorHandler });
 * const server = createServer({ requestTimeout: 30_000, headersTimeout: 30_000 }, listener);
 * server.on('clientError', clientErrorListener()); // from pagelope/node
 */
export const nodeErrorHandler: NodeErrorHandlerFunction = function nodeErrorHandler(
  value: unknown,
): Response | NodeErrorHandler {
  return isOptions(value) ? handlerWith(readErrorReporter('nodeErrorHandler', value)) : defaultHandler(value);
} as NodeErrorHandlerFunction;

/** Options, not a failure: a plain object (not an `Error`) with its own `reportError` key. */
function isOptions(value: unknown): value is NodeErrorHandlerOptions {
  if (typeof value !== 'object' || value === null) return false;
  try {
    if (value instanceof Error) return false;
    const prototype: unknown = Object.getPrototypeOf(value);
    return (prototype === Object.prototype || prototype === null) && Object.hasOwn(value, 'reportError');
  } catch {
    // A hostile proxy escaping the app: a failure to answer.
    return false;
  }
}

const defaultHandler = handlerWith(readErrorReporter('nodeErrorHandler'));

function handlerWith(report: ErrorReporter): NodeErrorHandler {
  return (error) => {
    // @hono/node-server's RequestError, recognised by name: the request could not become a `Request`.
    const refused = error instanceof Error && error.name === 'RequestError';
    const reply = replyToError(refused ? new HttpError(400, undefined, { cause: error }) : error, {}, report);
    return new Response(JSON.stringify(reply.body), { status: reply.statusCode, headers: reply.headers });
  };
}
