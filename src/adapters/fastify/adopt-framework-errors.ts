import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** The `frameworkErrors` server option: `(error, request, reply) => void`. */
export type FrameworkErrorsHandler = NonNullable<FastifyServerOptions['frameworkErrors']>;

/** The description of the symbol under which Fastify 5 keeps the server options it reads while routing. */
const OPTIONS_SYMBOL = 'fastify.options';

/**
 * Answers, through `handler`, the requests Fastify refuses while routing, before any hook runs (a path whose
 * percent-encoding is malformed: `FST_ERR_BAD_URL`; a path parameter over `maxParamLength`: `FST_ERR_MAX_PARAM_LENGTH`;
 * a failing async constraint). Fastify sends those through its `frameworkErrors` server option only, which a plugin
 * cannot pass: this sets it on the options object Fastify 5 keeps under `Symbol('fastify.options')` and reads at each
 * such request. An app that set its own `frameworkErrors` keeps it; on a Fastify that keeps its options elsewhere this
 * does nothing (Fastify's bare JSON answers those requests) and returns `false`. Internal to the adapter.
 *
 * @example
 * adoptFrameworkErrors(app, (error, request, reply) => sendError(error, request, reply));
 */
export function adoptFrameworkErrors(app: FastifyInstance, handler: FrameworkErrorsHandler): boolean {
  for (let target: object | null = app; target !== null; target = Object.getPrototypeOf(target) as object | null) {
    const key = Object.getOwnPropertySymbols(target).find((symbol) => symbol.description === OPTIONS_SYMBOL);
    if (key === undefined) continue;
    const options = (target as Record<symbol, unknown>)[key];
    if (typeof options !== 'object' || options === null) return false;
    const holder = options as { frameworkErrors?: unknown };
    if (holder.frameworkErrors !== undefined && holder.frameworkErrors !== null) return false;
    holder.frameworkErrors = handler;
    return true;
  }
  return false;
}
