import type { HttpAdapterHost } from '@nestjs/core';
import { requestStateOf } from './request-state';

type Done = (error: Error | null, body?: unknown) => void;

/** The content-type parser registry of a Fastify instance, by shape: the entry loads no platform package. */
interface ContentTypeParsers {
  hasContentTypeParser(contentType: string): boolean;
  removeContentTypeParser(contentType: string): void;
  addContentTypeParser(contentType: string, parser: (request: object, payload: unknown, done: Done) => void): void;
}

function isContentTypeParsers(instance: unknown): instance is ContentTypeParsers {
  const candidate = instance as Partial<Record<keyof ContentTypeParsers, unknown>> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.hasContentTypeParser === 'function' &&
    typeof candidate.removeContentTypeParser === 'function' &&
    typeof candidate.addContentTypeParser === 'function'
  );
}

/**
 * On a platform whose instance parses bodies itself before the route runs (Fastify, even with `bodyParser: false`),
 * hands JSON bodies over to pagelope's middleware, which has read them by then: the `application/json` parser
 * (Fastify's, or Nest's own) is removed, and a catch-all parser gives each request the body the middleware parsed
 * without reading the stream, so that every other content type reaches the routes unread (a resource route answers
 * it with a 415, the app's own routes see no body) unless a parser of the app's own takes it. Express parses nothing
 * by itself: nothing to do there. Internal to the adapter.
 *
 * @example
 * takeOverJsonParsing(this.adapterHost); // in the module's configure(), before the routes are registered
 */
export function takeOverJsonParsing(adapterHost: HttpAdapterHost): void {
  const instance: unknown = adapterHost.httpAdapter?.getInstance();
  if (!isContentTypeParsers(instance)) return;
  if (instance.hasContentTypeParser('application/json')) instance.removeContentTypeParser('application/json');
  if (instance.hasContentTypeParser('*')) return;
  instance.addContentTypeParser('*', (request, _payload, done) => {
    done(null, requestStateOf(request)?.body?.value);
  });
}
