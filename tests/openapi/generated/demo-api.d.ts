// The demo's OpenAPI document (`toOpenApi` over `createDemoRoutes().routes`) as TypeScript, by openapi-typescript.
// Generated: do not edit. tests/openapi/openapi-fetch.test.ts fails when it is out of date;
// `npx vitest run tests/openapi/openapi-fetch.test.ts -u` rewrites it.

export interface paths {
  '/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List users, a page at a time */
    get: operations['listUsers'];
    put?: never;
    /** Create a record of users */
    post: operations['createUser'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/cursor': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List users by cursor */
    get: operations['listUsersByCursor'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get one record of users */
    get: operations['getUser'];
    /** Replace a record of users */
    put: operations['replaceUser'];
    post?: never;
    /** Delete a record of users */
    delete: operations['deleteUser'];
    options?: never;
    head?: never;
    /** Update the named fields of a record of users */
    patch: operations['updateUser'];
    trace?: never;
  };
  '/users/{id}/restore': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Restore a deleted record of users */
    post: operations['restoreUser'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/batch': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create records of users in one batch, all or none */
    post: operations['createUsers'];
    /** Delete records of users in one batch, all or none */
    delete: operations['deleteUsers'];
    options?: never;
    head?: never;
    /** Update the named fields of records of users in one batch, all or none */
    patch: operations['updateUsers'];
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    User: {
      id: string;
      username: string;
      /** Format: email */
      email: string;
      /** @enum {string} */
      status: 'active' | 'inactive' | 'banned';
      age: number;
      /** Format: date-time */
      createdAt: string;
      deletedAt: string | null;
      version: number;
    };
    UserCreate: {
      username: string;
      /** Format: email */
      email: string;
      /** @enum {string} */
      status: 'active' | 'inactive' | 'banned';
      age: number;
      createdAt?: string;
    };
    UserReplace: {
      /** @description Read-only: it may only repeat the path's id (any other value is a 400); leave it out. */
      readonly id?: string;
      username: string;
      /** Format: email */
      email: string;
      /** @enum {string} */
      status: 'active' | 'inactive' | 'banned';
      age: number;
      createdAt: string;
    };
    UserPatch: {
      /** @description Read-only: it may only repeat the path's id (any other value is a 400); leave it out. */
      readonly id?: string;
      username?: string;
      /** Format: email */
      email?: string;
      /** @enum {string} */
      status?: 'active' | 'inactive' | 'banned';
      age?: number;
      createdAt?: string;
    };
    /** @description One page of records with the page metadata. */
    UserPage: {
      items: (components['schemas']['User'] | components['schemas']['UserSelected'])[];
      /** @description Records matching the filter, across all pages. */
      total: number;
      /** @description This page, from 1. */
      page: number;
      /** @description Records per page used for this response. */
      limit: number;
      /** @description Number of pages from `total` as reported; 0 when nothing matches. */
      totalPages: number;
      /** @description Whether a next page exists (exact in every total mode). */
      hasNextPage: boolean;
      hasPreviousPage: boolean;
    };
    /** @description One page of a cursor listing. */
    UserCursorPage: {
      items: (components['schemas']['User'] | components['schemas']['UserSelected'])[];
      /** @description The `cursor` of the next page, or null when no more records follow. */
      nextCursor: string | null;
    };
    /** @description A record holding only the fields `select` named, and `id`. */
    UserSelected: {
      id: string;
      username?: string;
      /** Format: email */
      email?: string;
      /** @enum {string} */
      status?: 'active' | 'inactive' | 'banned';
      age?: number;
      /** Format: date-time */
      createdAt?: string;
      deletedAt?: string | null;
      version?: number;
    };
    /** @description The error envelope: every failure of the API answers with it. Extra keys may follow the five named here. */
    ErrorEnvelope: {
      /** @description The HTTP status, repeated. */
      statusCode: number;
      /** @description What went wrong: one message, or one per problem. */
      message: string | string[];
      /** @description The status's reason phrase (`Bad Request`, ...). */
      error: string;
      /** @description When the error was answered, in milliseconds since 1970-01-01 UTC. */
      timestamp: number;
      /** @description The request's correlation id, as in the `x-correlation-id` header. */
      correlationID: string;
    } & {
      [key: string]: unknown;
    };
  };
  responses: {
    /** @description Bad Request. The query, path or body is invalid: `message` lists one problem per string, naming the parameter or field. */
    BadRequest: {
      headers: {
        'x-correlation-id': components['headers']['CorrelationId'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description Not Found. No record with this id (in the request's scope). */
    NotFound: {
      headers: {
        'x-correlation-id': components['headers']['CorrelationId'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description Method Not Allowed. The path is another route of the resource (`{path}/cursor`, the cursor listing, matches `{path}/{id}`), which takes only GET; `allow` names its methods. */
    MethodNotAllowed: {
      headers: {
        'x-correlation-id': components['headers']['CorrelationId'];
        allow: components['headers']['Allow'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description Conflict. The write conflicts with a stored record. */
    Conflict: {
      headers: {
        'x-correlation-id': components['headers']['CorrelationId'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description Precondition Failed. `If-Match` names no version the record has: it changed since it was read (nothing was written). */
    PreconditionFailed: {
      headers: {
        'x-correlation-id': components['headers']['CorrelationId'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description Payload Too Large. The body is larger than the route accepts. */
    ContentTooLarge: {
      headers: {
        'x-correlation-id': components['headers']['CorrelationId'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description URI Too Long. A part of the URL is longer than the framework accepts (on Fastify, a path parameter over `maxParamLength`). */
    UriTooLong: {
      headers: {
        'x-correlation-id': components['headers']['CorrelationId'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description Unsupported Media Type. The body is not JSON (`application/json` or `application/*+json`), or its `content-encoding` is not gzip or deflate. */
    UnsupportedMediaType: {
      headers: {
        'x-correlation-id': components['headers']['CorrelationId'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description Too Many Requests. A rate limiter in front of the routes refused the request; `retry-after` says when to try again. */
    TooManyRequests: {
      headers: {
        'x-correlation-id': components['headers']['CorrelationId'];
        'retry-after': components['headers']['RetryAfter'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description Request Header Fields Too Large. The request line and headers are larger than the HTTP server accepts (Node's `maxHeaderSize`, 16 KiB by default), answered by `clientErrorListener` where it is installed. */
    RequestHeaderFieldsTooLarge: {
      headers: {
        'x-correlation-id': components['headers']['CorrelationId'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description Internal Server Error. An unexpected failure; the message is masked and the correlation id finds the server's log entry. */
    InternalServerError: {
      headers: {
        'x-correlation-id': components['headers']['CorrelationId'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description Service Unavailable. The storage is unreachable for now; `retry-after` may say when to try again. */
    ServiceUnavailable: {
      headers: {
        'x-correlation-id': components['headers']['CorrelationId'];
        'retry-after': components['headers']['RetryAfterOptional'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
  };
  parameters: {
    /** @description A correlation id to carry through logs, hooks and the response (1 to 128 ASCII letters, digits, `.`, `_`, `:`, `-`, starting with a letter or digit). Another value is replaced by a new uuid, never refused, so the schema takes any string. */
    CorrelationId: string;
  };
  requestBodies: never;
  headers: {
    /** @description The request's correlation id: the `x-correlation-id` it sent when that is a safe token, else a new uuid. */
    CorrelationId: string;
    /** @description The path of the created record. */
    Location: string;
    /** @description The methods the path takes. */
    Allow: string;
    /** @description When to try again: a number of seconds (or an HTTP date). */
    RetryAfter: string;
    /** @description When to try again: a number of seconds (or an HTTP date). */
    RetryAfterOptional: string;
    /** @description The record's version as a strong entity tag (`"3"`): send it back as `if-match` to write only that version, or as `if-none-match` to read it again only if it changed. */
    ETag: string;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  listUsers: {
    parameters: {
      query?: {
        /** @description Records per page, 1 to 100 (default 10). A larger limit is clamped to 100. */
        limit?: number;
        /** @description The page, from 1. */
        page?: number;
        /** @description Sort fields, one or a comma-separated list of at most 8: `id`, `username`, `age`, `createdAt`. Default: id ASC; the id always ends the order as the tie-breaker. */
        orderBy?: string;
        /** @description `ASC` or `DESC` (any case): one for every `orderBy` field, or one per field as a comma-separated list. Needs `orderBy`; default ASC. */
        orderDirection?: string;
        /** @description Text that any of `username`, `email` contains, ignoring case (literal, not a pattern); ANDed with the filters. */
        search?: string;
        /** @description The fields each item holds, comma-separated (`id` is always included): `id`, `username`, `email`, `status`, `age`, `createdAt`, `deletedAt`, `version`. */
        select?: string;
        'username[eq]'?: string;
        'username[ne]'?: string;
        'username[in]'?: string[];
        'username[notin]'?: string[];
        'username[cont]'?: string;
        'username[excl]'?: string;
        'username[starts]'?: string;
        'username[ends]'?: string;
        'username[eql]'?: string;
        'username[nel]'?: string;
        'username[contl]'?: string;
        'username[excll]'?: string;
        'username[startsl]'?: string;
        'username[endsl]'?: string;
        'username[inl]'?: string[];
        'username[notinl]'?: string[];
        'username[operator]'?:
          | 'eq'
          | 'ne'
          | 'in'
          | 'notin'
          | 'cont'
          | 'excl'
          | 'starts'
          | 'ends'
          | 'eql'
          | 'nel'
          | 'contl'
          | 'excll'
          | 'startsl'
          | 'endsl'
          | 'inl'
          | 'notinl';
        'username[value]'?: string;
        'username[values]'?: string[];
        'email[eq]'?: string;
        'email[ne]'?: string;
        'email[in]'?: string[];
        'email[notin]'?: string[];
        'email[cont]'?: string;
        'email[excl]'?: string;
        'email[starts]'?: string;
        'email[ends]'?: string;
        'email[eql]'?: string;
        'email[nel]'?: string;
        'email[contl]'?: string;
        'email[excll]'?: string;
        'email[startsl]'?: string;
        'email[endsl]'?: string;
        'email[inl]'?: string[];
        'email[notinl]'?: string[];
        'email[operator]'?:
          | 'eq'
          | 'ne'
          | 'in'
          | 'notin'
          | 'cont'
          | 'excl'
          | 'starts'
          | 'ends'
          | 'eql'
          | 'nel'
          | 'contl'
          | 'excll'
          | 'startsl'
          | 'endsl'
          | 'inl'
          | 'notinl';
        'email[value]'?: string;
        'email[values]'?: string[];
        'status[eq]'?: 'active' | 'inactive' | 'banned';
        'status[ne]'?: 'active' | 'inactive' | 'banned';
        'status[in]'?: ('active' | 'inactive' | 'banned')[];
        'status[notin]'?: ('active' | 'inactive' | 'banned')[];
        'status[operator]'?: 'eq' | 'ne' | 'in' | 'notin';
        'status[value]'?: 'active' | 'inactive' | 'banned';
        'status[values]'?: ('active' | 'inactive' | 'banned')[];
        'age[eq]'?: number;
        'age[ne]'?: number;
        'age[gt]'?: number;
        'age[gte]'?: number;
        'age[lt]'?: number;
        'age[lte]'?: number;
        'age[between]'?: number[];
        'age[in]'?: number[];
        'age[notin]'?: number[];
        'age[operator]'?: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'between' | 'in' | 'notin';
        'age[value]'?: number;
        'age[values]'?: number[];
        'createdAt[eq]'?: string;
        'createdAt[ne]'?: string;
        'createdAt[gt]'?: string;
        'createdAt[gte]'?: string;
        'createdAt[lt]'?: string;
        'createdAt[lte]'?: string;
        'createdAt[between]'?: string[];
        'createdAt[in]'?: string[];
        'createdAt[notin]'?: string[];
        'createdAt[operator]'?: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'between' | 'in' | 'notin';
        'createdAt[value]'?: string;
        'createdAt[values]'?: string[];
        /** @description OR groups, as JSON: `[{"<field>": {"<operator>": <value>}}, ...]`, a list value as an array (`{"age": {"between": [18, 65]}}`). Up to 8 groups and 32 conditions in all; the conditions of a group are ANDed, the groups ORed, and the whole ANDed with the top-level filters and the search. The server also takes the keys `or[<n>][<field>][<operator>]=<value>`, `n` from 0, instead (not both). */
        or?: string;
      };
      header?: {
        /** @description A correlation id to carry through logs, hooks and the response (1 to 128 ASCII letters, digits, `.`, `_`, `:`, `-`, starting with a letter or digit). Another value is replaced by a new uuid, never refused, so the schema takes any string. */
        'x-correlation-id'?: components['parameters']['CorrelationId'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of users with the page metadata. */
      200: {
        headers: {
          'x-correlation-id': components['headers']['CorrelationId'];
          /** @description RFC 8288 links to the `first`, `prev` (not on page 1), `next` (not on the last page) and `last` pages: this request with only `page` changed. Left out when longer than 4,096 characters. */
          link?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserPage'];
        };
      };
      400: components['responses']['BadRequest'];
      414: components['responses']['UriTooLong'];
      429: components['responses']['TooManyRequests'];
      431: components['responses']['RequestHeaderFieldsTooLarge'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  createUser: {
    parameters: {
      query?: never;
      header?: {
        /** @description A correlation id to carry through logs, hooks and the response (1 to 128 ASCII letters, digits, `.`, `_`, `:`, `-`, starting with a letter or digit). Another value is replaced by a new uuid, never refused, so the schema takes any string. */
        'x-correlation-id'?: components['parameters']['CorrelationId'];
      };
      path?: never;
      cookie?: never;
    };
    /** @description A JSON object. */
    requestBody: {
      content: {
        'application/json': components['schemas']['UserCreate'];
      };
    };
    responses: {
      /** @description The created record. */
      201: {
        headers: {
          'x-correlation-id': components['headers']['CorrelationId'];
          location: components['headers']['Location'];
          etag: components['headers']['ETag'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      400: components['responses']['BadRequest'];
      409: components['responses']['Conflict'];
      413: components['responses']['ContentTooLarge'];
      414: components['responses']['UriTooLong'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      431: components['responses']['RequestHeaderFieldsTooLarge'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listUsersByCursor: {
    parameters: {
      query?: {
        /** @description Records per page, 1 to 100 (default 20). A larger limit is clamped to 100. */
        limit?: number;
        /** @description The `nextCursor` of the previous page; absent for the first page. A cursor is bound to the filter and order it was issued for: the next request must repeat them. */
        cursor?: string;
        /** @description Sort fields, one or a comma-separated list of at most 8: `id`, `username`, `age`, `createdAt`. Default: id ASC; the id always ends the order as the tie-breaker. */
        orderBy?: string;
        /** @description `ASC` or `DESC` (any case): one for every `orderBy` field, or one per field as a comma-separated list. Needs `orderBy`; default ASC. */
        orderDirection?: string;
        /** @description Text that any of `username`, `email` contains, ignoring case (literal, not a pattern); ANDed with the filters. */
        search?: string;
        /** @description The fields each item holds, comma-separated (`id` is always included): `id`, `username`, `email`, `status`, `age`, `createdAt`, `deletedAt`, `version`. */
        select?: string;
        'username[eq]'?: string;
        'username[ne]'?: string;
        'username[in]'?: string[];
        'username[notin]'?: string[];
        'username[cont]'?: string;
        'username[excl]'?: string;
        'username[starts]'?: string;
        'username[ends]'?: string;
        'username[eql]'?: string;
        'username[nel]'?: string;
        'username[contl]'?: string;
        'username[excll]'?: string;
        'username[startsl]'?: string;
        'username[endsl]'?: string;
        'username[inl]'?: string[];
        'username[notinl]'?: string[];
        'username[operator]'?:
          | 'eq'
          | 'ne'
          | 'in'
          | 'notin'
          | 'cont'
          | 'excl'
          | 'starts'
          | 'ends'
          | 'eql'
          | 'nel'
          | 'contl'
          | 'excll'
          | 'startsl'
          | 'endsl'
          | 'inl'
          | 'notinl';
        'username[value]'?: string;
        'username[values]'?: string[];
        'email[eq]'?: string;
        'email[ne]'?: string;
        'email[in]'?: string[];
        'email[notin]'?: string[];
        'email[cont]'?: string;
        'email[excl]'?: string;
        'email[starts]'?: string;
        'email[ends]'?: string;
        'email[eql]'?: string;
        'email[nel]'?: string;
        'email[contl]'?: string;
        'email[excll]'?: string;
        'email[startsl]'?: string;
        'email[endsl]'?: string;
        'email[inl]'?: string[];
        'email[notinl]'?: string[];
        'email[operator]'?:
          | 'eq'
          | 'ne'
          | 'in'
          | 'notin'
          | 'cont'
          | 'excl'
          | 'starts'
          | 'ends'
          | 'eql'
          | 'nel'
          | 'contl'
          | 'excll'
          | 'startsl'
          | 'endsl'
          | 'inl'
          | 'notinl';
        'email[value]'?: string;
        'email[values]'?: string[];
        'status[eq]'?: 'active' | 'inactive' | 'banned';
        'status[ne]'?: 'active' | 'inactive' | 'banned';
        'status[in]'?: ('active' | 'inactive' | 'banned')[];
        'status[notin]'?: ('active' | 'inactive' | 'banned')[];
        'status[operator]'?: 'eq' | 'ne' | 'in' | 'notin';
        'status[value]'?: 'active' | 'inactive' | 'banned';
        'status[values]'?: ('active' | 'inactive' | 'banned')[];
        'age[eq]'?: number;
        'age[ne]'?: number;
        'age[gt]'?: number;
        'age[gte]'?: number;
        'age[lt]'?: number;
        'age[lte]'?: number;
        'age[between]'?: number[];
        'age[in]'?: number[];
        'age[notin]'?: number[];
        'age[operator]'?: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'between' | 'in' | 'notin';
        'age[value]'?: number;
        'age[values]'?: number[];
        'createdAt[eq]'?: string;
        'createdAt[ne]'?: string;
        'createdAt[gt]'?: string;
        'createdAt[gte]'?: string;
        'createdAt[lt]'?: string;
        'createdAt[lte]'?: string;
        'createdAt[between]'?: string[];
        'createdAt[in]'?: string[];
        'createdAt[notin]'?: string[];
        'createdAt[operator]'?: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'between' | 'in' | 'notin';
        'createdAt[value]'?: string;
        'createdAt[values]'?: string[];
        /** @description OR groups, as JSON: `[{"<field>": {"<operator>": <value>}}, ...]`, a list value as an array (`{"age": {"between": [18, 65]}}`). Up to 8 groups and 32 conditions in all; the conditions of a group are ANDed, the groups ORed, and the whole ANDed with the top-level filters and the search. The server also takes the keys `or[<n>][<field>][<operator>]=<value>`, `n` from 0, instead (not both). */
        or?: string;
      };
      header?: {
        /** @description A correlation id to carry through logs, hooks and the response (1 to 128 ASCII letters, digits, `.`, `_`, `:`, `-`, starting with a letter or digit). Another value is replaced by a new uuid, never refused, so the schema takes any string. */
        'x-correlation-id'?: components['parameters']['CorrelationId'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of users and the cursor of the next, or null after the last. */
      200: {
        headers: {
          'x-correlation-id': components['headers']['CorrelationId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserCursorPage'];
        };
      };
      400: components['responses']['BadRequest'];
      414: components['responses']['UriTooLong'];
      429: components['responses']['TooManyRequests'];
      431: components['responses']['RequestHeaderFieldsTooLarge'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getUser: {
    parameters: {
      query?: never;
      header?: {
        /** @description A correlation id to carry through logs, hooks and the response (1 to 128 ASCII letters, digits, `.`, `_`, `:`, `-`, starting with a letter or digit). Another value is replaced by a new uuid, never refused, so the schema takes any string. */
        'x-correlation-id'?: components['parameters']['CorrelationId'];
        /** @description The `etag` of the record as last read (or a list of them, or `*`): when it still names the current version, a 304 without a body. */
        'if-none-match'?: string;
      };
      path: {
        /** @description The `id` of the record. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The record. */
      200: {
        headers: {
          'x-correlation-id': components['headers']['CorrelationId'];
          etag: components['headers']['ETag'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      /** @description Not Modified: `if-none-match` names the current etag of the record (or is `*`); no body. */
      304: {
        headers: {
          'x-correlation-id': components['headers']['CorrelationId'];
          etag: components['headers']['ETag'];
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      414: components['responses']['UriTooLong'];
      429: components['responses']['TooManyRequests'];
      431: components['responses']['RequestHeaderFieldsTooLarge'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  replaceUser: {
    parameters: {
      query?: never;
      header?: {
        /** @description A correlation id to carry through logs, hooks and the response (1 to 128 ASCII letters, digits, `.`, `_`, `:`, `-`, starting with a letter or digit). Another value is replaced by a new uuid, never refused, so the schema takes any string. */
        'x-correlation-id'?: components['parameters']['CorrelationId'];
        /** @description The `etag` of the record as read (`"<version>"`, a comma-separated list of them, or `*`): the write happens only if the record still has that version, else a 412 and nothing is written. */
        'if-match'?: string;
      };
      path: {
        /** @description The `id` of the record. */
        id: string;
      };
      cookie?: never;
    };
    /** @description A JSON object. */
    requestBody: {
      content: {
        'application/json': components['schemas']['UserReplace'];
      };
    };
    responses: {
      /** @description The record as stored. */
      200: {
        headers: {
          'x-correlation-id': components['headers']['CorrelationId'];
          etag: components['headers']['ETag'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      400: components['responses']['BadRequest'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      409: components['responses']['Conflict'];
      412: components['responses']['PreconditionFailed'];
      413: components['responses']['ContentTooLarge'];
      414: components['responses']['UriTooLong'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      431: components['responses']['RequestHeaderFieldsTooLarge'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  deleteUser: {
    parameters: {
      query?: never;
      header?: {
        /** @description A correlation id to carry through logs, hooks and the response (1 to 128 ASCII letters, digits, `.`, `_`, `:`, `-`, starting with a letter or digit). Another value is replaced by a new uuid, never refused, so the schema takes any string. */
        'x-correlation-id'?: components['parameters']['CorrelationId'];
        /** @description The `etag` of the record as read (`"<version>"`, a comma-separated list of them, or `*`): the write happens only if the record still has that version, else a 412 and nothing is written. */
        'if-match'?: string;
      };
      path: {
        /** @description The `id` of the record. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          'x-correlation-id': components['headers']['CorrelationId'];
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      409: components['responses']['Conflict'];
      412: components['responses']['PreconditionFailed'];
      414: components['responses']['UriTooLong'];
      429: components['responses']['TooManyRequests'];
      431: components['responses']['RequestHeaderFieldsTooLarge'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  updateUser: {
    parameters: {
      query?: never;
      header?: {
        /** @description A correlation id to carry through logs, hooks and the response (1 to 128 ASCII letters, digits, `.`, `_`, `:`, `-`, starting with a letter or digit). Another value is replaced by a new uuid, never refused, so the schema takes any string. */
        'x-correlation-id'?: components['parameters']['CorrelationId'];
        /** @description The `etag` of the record as read (`"<version>"`, a comma-separated list of them, or `*`): the write happens only if the record still has that version, else a 412 and nothing is written. */
        'if-match'?: string;
      };
      path: {
        /** @description The `id` of the record. */
        id: string;
      };
      cookie?: never;
    };
    /** @description A JSON object. */
    requestBody: {
      content: {
        'application/json': components['schemas']['UserPatch'];
      };
    };
    responses: {
      /** @description The record as stored. */
      200: {
        headers: {
          'x-correlation-id': components['headers']['CorrelationId'];
          etag: components['headers']['ETag'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      400: components['responses']['BadRequest'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      409: components['responses']['Conflict'];
      412: components['responses']['PreconditionFailed'];
      413: components['responses']['ContentTooLarge'];
      414: components['responses']['UriTooLong'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      431: components['responses']['RequestHeaderFieldsTooLarge'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  restoreUser: {
    parameters: {
      query?: never;
      header?: {
        /** @description A correlation id to carry through logs, hooks and the response (1 to 128 ASCII letters, digits, `.`, `_`, `:`, `-`, starting with a letter or digit). Another value is replaced by a new uuid, never refused, so the schema takes any string. */
        'x-correlation-id'?: components['parameters']['CorrelationId'];
        /** @description The `etag` of the record as read (`"<version>"`, a comma-separated list of them, or `*`): the write happens only if the record still has that version, else a 412 and nothing is written. */
        'if-match'?: string;
      };
      path: {
        /** @description The `id` of the record. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The record, no longer deleted. */
      200: {
        headers: {
          'x-correlation-id': components['headers']['CorrelationId'];
          etag: components['headers']['ETag'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      400: components['responses']['BadRequest'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      412: components['responses']['PreconditionFailed'];
      414: components['responses']['UriTooLong'];
      429: components['responses']['TooManyRequests'];
      431: components['responses']['RequestHeaderFieldsTooLarge'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  createUsers: {
    parameters: {
      query?: never;
      header?: {
        /** @description A correlation id to carry through logs, hooks and the response (1 to 128 ASCII letters, digits, `.`, `_`, `:`, `-`, starting with a letter or digit). Another value is replaced by a new uuid, never refused, so the schema takes any string. */
        'x-correlation-id'?: components['parameters']['CorrelationId'];
      };
      path?: never;
      cookie?: never;
    };
    /** @description A JSON object. */
    requestBody: {
      content: {
        'application/json': {
          items: components['schemas']['UserCreate'][];
        };
      };
    };
    responses: {
      /** @description The created records, in the order given. */
      201: {
        headers: {
          'x-correlation-id': components['headers']['CorrelationId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: components['schemas']['User'][];
          };
        };
      };
      400: components['responses']['BadRequest'];
      409: components['responses']['Conflict'];
      413: components['responses']['ContentTooLarge'];
      414: components['responses']['UriTooLong'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      431: components['responses']['RequestHeaderFieldsTooLarge'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  deleteUsers: {
    parameters: {
      query?: never;
      header?: {
        /** @description A correlation id to carry through logs, hooks and the response (1 to 128 ASCII letters, digits, `.`, `_`, `:`, `-`, starting with a letter or digit). Another value is replaced by a new uuid, never refused, so the schema takes any string. */
        'x-correlation-id'?: components['parameters']['CorrelationId'];
      };
      path?: never;
      cookie?: never;
    };
    /** @description A JSON object. */
    requestBody: {
      content: {
        'application/json': {
          ids: string[];
        };
      };
    };
    responses: {
      /** @description The ids of the deleted records, in the order given. */
      200: {
        headers: {
          'x-correlation-id': components['headers']['CorrelationId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            ids: string[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      413: components['responses']['ContentTooLarge'];
      414: components['responses']['UriTooLong'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      431: components['responses']['RequestHeaderFieldsTooLarge'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  updateUsers: {
    parameters: {
      query?: never;
      header?: {
        /** @description A correlation id to carry through logs, hooks and the response (1 to 128 ASCII letters, digits, `.`, `_`, `:`, `-`, starting with a letter or digit). Another value is replaced by a new uuid, never refused, so the schema takes any string. */
        'x-correlation-id'?: components['parameters']['CorrelationId'];
      };
      path?: never;
      cookie?: never;
    };
    /** @description A JSON object. */
    requestBody: {
      content: {
        'application/json': {
          items: {
            /** @description The id of the record to change. */
            id: string;
            username?: string;
            /** Format: email */
            email?: string;
            /** @enum {string} */
            status?: 'active' | 'inactive' | 'banned';
            age?: number;
            createdAt?: string;
          }[];
        };
      };
    };
    responses: {
      /** @description The records as stored, in the order given. */
      200: {
        headers: {
          'x-correlation-id': components['headers']['CorrelationId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: components['schemas']['User'][];
          };
        };
      };
      400: components['responses']['BadRequest'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      413: components['responses']['ContentTooLarge'];
      414: components['responses']['UriTooLong'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      431: components['responses']['RequestHeaderFieldsTooLarge'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
}
