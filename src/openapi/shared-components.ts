import { CORRELATION_ID_HEADER, STATUS_NAMES } from '../errors/index';
import type { JsonSchema } from './field-schema';

/** The error statuses an operation may document, each with its component response name. */
export const ERROR_RESPONSES = Object.freeze({
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  409: 'Conflict',
  412: 'PreconditionFailed',
  413: 'ContentTooLarge',
  414: 'UriTooLong',
  415: 'UnsupportedMediaType',
  428: 'PreconditionRequired',
  429: 'TooManyRequests',
  431: 'RequestHeaderFieldsTooLarge',
  500: 'InternalServerError',
  503: 'ServiceUnavailable',
} as const);

/** An error status the document describes. */
export type ErrorStatus = keyof typeof ERROR_RESPONSES;

const WHEN: Readonly<Record<ErrorStatus, string>> = {
  400: 'The query, path or body is invalid: `message` lists one problem per string, naming the parameter or field.',
  401: 'The request carries none of the credentials `security` asks for, or they are not valid.',
  403: 'The credentials are valid, but they do not allow this request.',
  404: "No record with this id (in the request's scope).",
  405: 'The path is another route of the resource (`{path}/cursor`, the cursor listing, matches `{path}/{id}`), which takes only GET; `allow` names its methods.',
  409: 'The write conflicts with a stored record.',
  412: '`If-Match` names no version the record has: it changed since it was read (nothing was written).',
  413: 'The body is larger than the route accepts.',
  414: 'A part of the URL is longer than the framework accepts (on Fastify, a path parameter over `maxParamLength`).',
  415: 'The body is not JSON (`application/json` or `application/*+json`), or its `content-encoding` is not gzip or deflate.',
  428: 'The route requires `If-Match` with the etag of the record, and the request has none.',
  429: 'A rate limiter in front of the routes refused the request; `retry-after` says when to try again.',
  431: "The request line and headers are larger than the HTTP server accepts (Node's `maxHeaderSize`, 16 KiB by default), answered by `clientErrorListener` where it is installed.",
  500: "An unexpected failure; the message is masked and the correlation id finds the server's log entry.",
  503: 'The storage is unreachable for now; `retry-after` may say when to try again.',
};

/** The schema of the error envelope every failure answers with. */
export const ERROR_ENVELOPE_SCHEMA: JsonSchema = {
  type: 'object',
  description:
    'The error envelope: every failure of the API answers with it. Extra keys may follow the five named here.',
  required: ['statusCode', 'message', 'error', 'timestamp', 'correlationID'],
  properties: {
    statusCode: { type: 'integer', minimum: 400, maximum: 599, description: 'The HTTP status, repeated.' },
    message: {
      description: 'What went wrong: one message, or one per problem.',
      anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    },
    error: { type: 'string', description: "The status's reason phrase (`Bad Request`, ...)." },
    timestamp: { type: 'integer', description: 'When the error was answered, in milliseconds since 1970-01-01 UTC.' },
    correlationID: {
      type: 'string',
      description: "The request's correlation id, as in the `x-correlation-id` header.",
    },
  },
  additionalProperties: true,
};

const CORRELATION_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$';

/** `components.headers`, `components.parameters` and `components.responses` shared by every resource. */
export function sharedComponents(): {
  headers: Record<string, unknown>;
  parameters: Record<string, unknown>;
  responses: Record<string, unknown>;
} {
  const correlationHeader = { $ref: '#/components/headers/CorrelationId' };
  const responses: Record<string, unknown> = {};
  for (const [status, name] of Object.entries(ERROR_RESPONSES)) {
    const code = Number(status) as ErrorStatus;
    const headers: Record<string, unknown> = { [CORRELATION_ID_HEADER]: correlationHeader };
    if (code === 429) headers['retry-after'] = { $ref: '#/components/headers/RetryAfter' };
    if (code === 503) headers['retry-after'] = { $ref: '#/components/headers/RetryAfterOptional' };
    if (code === 405) headers['allow'] = { $ref: '#/components/headers/Allow' };
    responses[name] = {
      description: `${STATUS_NAMES[code] ?? name}. ${WHEN[code]}`,
      headers,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    };
  }
  const retryAfter = {
    description: 'When to try again: a number of seconds (or an HTTP date).',
    schema: { type: 'string' },
  };
  return {
    headers: {
      CorrelationId: {
        description:
          "The request's correlation id: the `x-correlation-id` it sent when that is a safe token, else a new uuid.",
        required: true,
        schema: { type: 'string', pattern: CORRELATION_ID_PATTERN },
      },
      Location: { description: 'The path of the created record.', required: true, schema: { type: 'string' } },
      Allow: { description: 'The methods the path takes.', required: true, schema: { type: 'string' } },
      RetryAfter: { ...retryAfter, required: true },
      RetryAfterOptional: retryAfter,
      ETag: {
        description:
          'The record\'s version as a strong entity tag (`"3"`): send it back as `if-match` to write only that version, or as `if-none-match` to read it again only if it changed.',
        required: true,
        schema: { type: 'string', pattern: '^"-?[0-9]+"$' },
      },
    },
    parameters: {
      CorrelationId: {
        name: CORRELATION_ID_HEADER,
        in: 'header',
        required: false,
        description:
          'A correlation id to carry through logs, hooks and the response (1 to 128 ASCII letters, digits, `.`, `_`, `:`, `-`, starting with a letter or digit). Another value is replaced by a new uuid, never refused, so the schema takes any string.',
        schema: { type: 'string' },
      },
    },
    responses,
  };
}
