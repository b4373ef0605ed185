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
    };
    UserCreate: {
      username: string;
      /** Format: email */
      email: string;
      /** @enum {string} */
      status: 'active' | 'inactive' | 'banned';
      age: number;
      createdAt: string;
    };
    UserReplace: {
      id?: string;
      username: string;
      /** Format: email */
      email: string;
      /** @enum {string} */
      status: 'active' | 'inactive' | 'banned';
      age: number;
      createdAt: string;
    };
    UserPatch: {
      id?: string;
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
      /** @description Number of pages; 0 when nothing matches. */
      totalPages: number;
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
    /** @description A correlation id to carry through logs, hooks and the response (1 to 128 ASCII letters, digits, `.`, `_`, `:`, `-`, starting with a letter or digit). Another value is replaced by a new uuid, never refused. */
    CorrelationId: string;
  };
  requestBodies: never;
  headers: {
    /** @description The request's correlation id: the `x-correlation-id` it sent when that is a safe token, else a new uuid. */
    CorrelationId: string;
    /** @description The path of the created record. */
    Location: string;
    /** @description When to try again: a number of seconds (or an HTTP date). */
    RetryAfter: string;
    /** @description When to try again: a number of seconds (or an HTTP date). */
    RetryAfterOptional: string;
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
        /** @description The fields each item holds, comma-separated (`id` is always included): `id`, `username`, `email`, `status`, `age`, `createdAt`. */
        select?: string;
        /**
         * @description Filters on `username` (string): `username[<operator>]=<value>` with `eq`, `ne`, `in`, `notin`, `cont`, `excl`, `starts`, `ends`, `eql`, `nel`, `contl`, `excll`, `startsl`, `endsl`, `inl`, `notinl`, or `username[operator]=<operator>&username[value]=<value>`. Conditions are ANDed.
         * @example {}
         */
        username?: {
          /** @description equal to. */
          eq?: string;
          /** @description not equal to (never matches null). */
          ne?: string;
          /** @description one of the values: up to 100 values, as repeated keys. */
          in?: string[];
          /** @description none of the values (never matches null): up to 100 values, as repeated keys. */
          notin?: string[];
          /** @description contains the text (case-sensitive, literal). */
          cont?: string;
          /** @description does not contain the text (case-sensitive). */
          excl?: string;
          /** @description starts with the text (case-sensitive). */
          starts?: string;
          /** @description ends with the text (case-sensitive). */
          ends?: string;
          /** @description equal to, ignoring case. */
          eql?: string;
          /** @description not equal to, ignoring case. */
          nel?: string;
          /** @description contains the text, ignoring case. */
          contl?: string;
          /** @description does not contain the text, ignoring case. */
          excll?: string;
          /** @description starts with the text, ignoring case. */
          startsl?: string;
          /** @description ends with the text, ignoring case. */
          endsl?: string;
          /** @description one of the values, ignoring case: up to 100 values, as repeated keys. */
          inl?: string[];
          /** @description none of the values, ignoring case: up to 100 values, as repeated keys. */
          notinl?: string[];
          /**
           * @description The spec form: the operator, with `value` or `values`.
           * @enum {string}
           */
          operator?:
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
          /** @description The spec form: the value of `operator`. */
          value?: string;
          /** @description The spec form: the values of a list operator, or the two bounds of `between`. */
          values?: string[];
        };
        /**
         * @description Filters on `email` (string): `email[<operator>]=<value>` with `eq`, `ne`, `in`, `notin`, `cont`, `excl`, `starts`, `ends`, `eql`, `nel`, `contl`, `excll`, `startsl`, `endsl`, `inl`, `notinl`, or `email[operator]=<operator>&email[value]=<value>`. Conditions are ANDed.
         * @example {}
         */
        email?: {
          /** @description equal to. */
          eq?: string;
          /** @description not equal to (never matches null). */
          ne?: string;
          /** @description one of the values: up to 100 values, as repeated keys. */
          in?: string[];
          /** @description none of the values (never matches null): up to 100 values, as repeated keys. */
          notin?: string[];
          /** @description contains the text (case-sensitive, literal). */
          cont?: string;
          /** @description does not contain the text (case-sensitive). */
          excl?: string;
          /** @description starts with the text (case-sensitive). */
          starts?: string;
          /** @description ends with the text (case-sensitive). */
          ends?: string;
          /** @description equal to, ignoring case. */
          eql?: string;
          /** @description not equal to, ignoring case. */
          nel?: string;
          /** @description contains the text, ignoring case. */
          contl?: string;
          /** @description does not contain the text, ignoring case. */
          excll?: string;
          /** @description starts with the text, ignoring case. */
          startsl?: string;
          /** @description ends with the text, ignoring case. */
          endsl?: string;
          /** @description one of the values, ignoring case: up to 100 values, as repeated keys. */
          inl?: string[];
          /** @description none of the values, ignoring case: up to 100 values, as repeated keys. */
          notinl?: string[];
          /**
           * @description The spec form: the operator, with `value` or `values`.
           * @enum {string}
           */
          operator?:
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
          /** @description The spec form: the value of `operator`. */
          value?: string;
          /** @description The spec form: the values of a list operator, or the two bounds of `between`. */
          values?: string[];
        };
        /**
         * @description Filters on `status` (enum): `status[<operator>]=<value>` with `eq`, `ne`, `in`, `notin`, or `status[operator]=<operator>&status[value]=<value>`. Conditions are ANDed.
         * @example {}
         */
        status?: {
          /**
           * @description equal to.
           * @enum {string}
           */
          eq?: 'active' | 'inactive' | 'banned';
          /**
           * @description not equal to (never matches null).
           * @enum {string}
           */
          ne?: 'active' | 'inactive' | 'banned';
          /** @description one of the values: up to 100 values, as repeated keys. */
          in?: ('active' | 'inactive' | 'banned')[];
          /** @description none of the values (never matches null): up to 100 values, as repeated keys. */
          notin?: ('active' | 'inactive' | 'banned')[];
          /**
           * @description The spec form: the operator, with `value` or `values`.
           * @enum {string}
           */
          operator?: 'eq' | 'ne' | 'in' | 'notin';
          /**
           * @description The spec form: the value of `operator`.
           * @enum {string}
           */
          value?: 'active' | 'inactive' | 'banned';
          /** @description The spec form: the values of a list operator, or the two bounds of `between`. */
          values?: ('active' | 'inactive' | 'banned')[];
        };
        /**
         * @description Filters on `age` (number): `age[<operator>]=<value>` with `eq`, `ne`, `gt`, `gte`, `lt`, `lte`, `between`, `in`, `notin`, or `age[operator]=<operator>&age[value]=<value>`. Conditions are ANDed.
         * @example {}
         */
        age?: {
          /** @description equal to. */
          eq?: number;
          /** @description not equal to (never matches null). */
          ne?: number;
          /** @description greater than. */
          gt?: number;
          /** @description greater than or equal to. */
          gte?: number;
          /** @description less than. */
          lt?: number;
          /** @description less than or equal to. */
          lte?: number;
          /** @description between the two bounds, inclusive: two values, low then high, as repeated keys. */
          between?: number[];
          /** @description one of the values: up to 100 values, as repeated keys. */
          in?: number[];
          /** @description none of the values (never matches null): up to 100 values, as repeated keys. */
          notin?: number[];
          /**
           * @description The spec form: the operator, with `value` or `values`.
           * @enum {string}
           */
          operator?: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'between' | 'in' | 'notin';
          /** @description The spec form: the value of `operator`. */
          value?: number;
          /** @description The spec form: the values of a list operator, or the two bounds of `between`. */
          values?: number[];
        };
        /**
         * @description Filters on `createdAt` (date): `createdAt[<operator>]=<value>` with `eq`, `ne`, `gt`, `gte`, `lt`, `lte`, `between`, `in`, `notin`, or `createdAt[operator]=<operator>&createdAt[value]=<value>`. Conditions are ANDed.
         * @example {}
         */
        createdAt?: {
          /**
           * Format: date-time
           * @description equal to.
           */
          eq?: string;
          /**
           * Format: date-time
           * @description not equal to (never matches null).
           */
          ne?: string;
          /**
           * Format: date-time
           * @description greater than.
           */
          gt?: string;
          /**
           * Format: date-time
           * @description greater than or equal to.
           */
          gte?: string;
          /**
           * Format: date-time
           * @description less than.
           */
          lt?: string;
          /**
           * Format: date-time
           * @description less than or equal to.
           */
          lte?: string;
          /** @description between the two bounds, inclusive: two values, low then high, as repeated keys. */
          between?: string[];
          /** @description one of the values: up to 100 values, as repeated keys. */
          in?: string[];
          /** @description none of the values (never matches null): up to 100 values, as repeated keys. */
          notin?: string[];
          /**
           * @description The spec form: the operator, with `value` or `values`.
           * @enum {string}
           */
          operator?: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'between' | 'in' | 'notin';
          /**
           * Format: date-time
           * @description The spec form: the value of `operator`.
           */
          value?: string;
          /** @description The spec form: the values of a list operator, or the two bounds of `between`. */
          values?: string[];
        };
        /**
         * @description OR groups: `or[<n>][<field>][<operator>]=<value>` (or the spec form `or[<n>][<field>][operator]`), `n` from 0 to 7, numbered from 0 without gaps, at most 32 conditions in all. The conditions of a group are ANDed, the groups ORed, and the whole ANDed with the top-level filters and the search.
         * @example {}
         */
        or?: {
          [key: string]: {
            username?: {
              /** @description equal to. */
              eq?: string;
              /** @description not equal to (never matches null). */
              ne?: string;
              /** @description one of the values: up to 100 values, as repeated keys. */
              in?: string[];
              /** @description none of the values (never matches null): up to 100 values, as repeated keys. */
              notin?: string[];
              /** @description contains the text (case-sensitive, literal). */
              cont?: string;
              /** @description does not contain the text (case-sensitive). */
              excl?: string;
              /** @description starts with the text (case-sensitive). */
              starts?: string;
              /** @description ends with the text (case-sensitive). */
              ends?: string;
              /** @description equal to, ignoring case. */
              eql?: string;
              /** @description not equal to, ignoring case. */
              nel?: string;
              /** @description contains the text, ignoring case. */
              contl?: string;
              /** @description does not contain the text, ignoring case. */
              excll?: string;
              /** @description starts with the text, ignoring case. */
              startsl?: string;
              /** @description ends with the text, ignoring case. */
              endsl?: string;
              /** @description one of the values, ignoring case: up to 100 values, as repeated keys. */
              inl?: string[];
              /** @description none of the values, ignoring case: up to 100 values, as repeated keys. */
              notinl?: string[];
              /**
               * @description The spec form: the operator, with `value` or `values`.
               * @enum {string}
               */
              operator?:
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
              /** @description The spec form: the value of `operator`. */
              value?: string;
              /** @description The spec form: the values of a list operator, or the two bounds of `between`. */
              values?: string[];
            };
            email?: {
              /** @description equal to. */
              eq?: string;
              /** @description not equal to (never matches null). */
              ne?: string;
              /** @description one of the values: up to 100 values, as repeated keys. */
              in?: string[];
              /** @description none of the values (never matches null): up to 100 values, as repeated keys. */
              notin?: string[];
              /** @description contains the text (case-sensitive, literal). */
              cont?: string;
              /** @description does not contain the text (case-sensitive). */
              excl?: string;
              /** @description starts with the text (case-sensitive). */
              starts?: string;
              /** @description ends with the text (case-sensitive). */
              ends?: string;
              /** @description equal to, ignoring case. */
              eql?: string;
              /** @description not equal to, ignoring case. */
              nel?: string;
              /** @description contains the text, ignoring case. */
              contl?: string;
              /** @description does not contain the text, ignoring case. */
              excll?: string;
              /** @description starts with the text, ignoring case. */
              startsl?: string;
              /** @description ends with the text, ignoring case. */
              endsl?: string;
              /** @description one of the values, ignoring case: up to 100 values, as repeated keys. */
              inl?: string[];
              /** @description none of the values, ignoring case: up to 100 values, as repeated keys. */
              notinl?: string[];
              /**
               * @description The spec form: the operator, with `value` or `values`.
               * @enum {string}
               */
              operator?:
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
              /** @description The spec form: the value of `operator`. */
              value?: string;
              /** @description The spec form: the values of a list operator, or the two bounds of `between`. */
              values?: string[];
            };
            status?: {
              /**
               * @description equal to.
               * @enum {string}
               */
              eq?: 'active' | 'inactive' | 'banned';
              /**
               * @description not equal to (never matches null).
               * @enum {string}
               */
              ne?: 'active' | 'inactive' | 'banned';
              /** @description one of the values: up to 100 values, as repeated keys. */
              in?: ('active' | 'inactive' | 'banned')[];
              /** @description none of the values (never matches null): up to 100 values, as repeated keys. */
              notin?: ('active' | 'inactive' | 'banned')[];
              /**
               * @description The spec form: the operator, with `value` or `values`.
               * @enum {string}
               */
              operator?: 'eq' | 'ne' | 'in' | 'notin';
              /**
               * @description The spec form: the value of `operator`.
               * @enum {string}
               */
              value?: 'active' | 'inactive' | 'banned';
              /** @description The spec form: the values of a list operator, or the two bounds of `between`. */
              values?: ('active' | 'inactive' | 'banned')[];
            };
            age?: {
              /** @description equal to. */
              eq?: number;
              /** @description not equal to (never matches null). */
              ne?: number;
              /** @description greater than. */
              gt?: number;
              /** @description greater than or equal to. */
              gte?: number;
              /** @description less than. */
              lt?: number;
              /** @description less than or equal to. */
              lte?: number;
              /** @description between the two bounds, inclusive: two values, low then high, as repeated keys. */
              between?: number[];
              /** @description one of the values: up to 100 values, as repeated keys. */
              in?: number[];
              /** @description none of the values (never matches null): up to 100 values, as repeated keys. */
              notin?: number[];
              /**
               * @description The spec form: the operator, with `value` or `values`.
               * @enum {string}
               */
              operator?: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'between' | 'in' | 'notin';
              /** @description The spec form: the value of `operator`. */
              value?: number;
              /** @description The spec form: the values of a list operator, or the two bounds of `between`. */
              values?: number[];
            };
            createdAt?: {
              /**
               * Format: date-time
               * @description equal to.
               */
              eq?: string;
              /**
               * Format: date-time
               * @description not equal to (never matches null).
               */
              ne?: string;
              /**
               * Format: date-time
               * @description greater than.
               */
              gt?: string;
              /**
               * Format: date-time
               * @description greater than or equal to.
               */
              gte?: string;
              /**
               * Format: date-time
               * @description less than.
               */
              lt?: string;
              /**
               * Format: date-time
               * @description less than or equal to.
               */
              lte?: string;
              /** @description between the two bounds, inclusive: two values, low then high, as repeated keys. */
              between?: string[];
              /** @description one of the values: up to 100 values, as repeated keys. */
              in?: string[];
              /** @description none of the values (never matches null): up to 100 values, as repeated keys. */
              notin?: string[];
              /**
               * @description The spec form: the operator, with `value` or `values`.
               * @enum {string}
               */
              operator?: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'between' | 'in' | 'notin';
              /**
               * Format: date-time
               * @description The spec form: the value of `operator`.
               */
              value?: string;
              /** @description The spec form: the values of a list operator, or the two bounds of `between`. */
              values?: string[];
            };
          };
        };
      };
      header?: {
        /** @description A correlation id to carry through logs, hooks and the response (1 to 128 ASCII letters, digits, `.`, `_`, `:`, `-`, starting with a letter or digit). Another value is replaced by a new uuid, never refused. */
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
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  createUser: {
    parameters: {
      query?: never;
      header?: {
        /** @description A correlation id to carry through logs, hooks and the response (1 to 128 ASCII letters, digits, `.`, `_`, `:`, `-`, starting with a letter or digit). Another value is replaced by a new uuid, never refused. */
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      400: components['responses']['BadRequest'];
      409: components['responses']['Conflict'];
      413: components['responses']['ContentTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
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
        /** @description The fields each item holds, comma-separated (`id` is always included): `id`, `username`, `email`, `status`, `age`, `createdAt`. */
        select?: string;
        /**
         * @description Filters on `username` (string): `username[<operator>]=<value>` with `eq`, `ne`, `in`, `notin`, `cont`, `excl`, `starts`, `ends`, `eql`, `nel`, `contl`, `excll`, `startsl`, `endsl`, `inl`, `notinl`, or `username[operator]=<operator>&username[value]=<value>`. Conditions are ANDed.
         * @example {}
         */
        username?: {
          /** @description equal to. */
          eq?: string;
          /** @description not equal to (never matches null). */
          ne?: string;
          /** @description one of the values: up to 100 values, as repeated keys. */
          in?: string[];
          /** @description none of the values (never matches null): up to 100 values, as repeated keys. */
          notin?: string[];
          /** @description contains the text (case-sensitive, literal). */
          cont?: string;
          /** @description does not contain the text (case-sensitive). */
          excl?: string;
          /** @description starts with the text (case-sensitive). */
          starts?: string;
          /** @description ends with the text (case-sensitive). */
          ends?: string;
          /** @description equal to, ignoring case. */
          eql?: string;
          /** @description not equal to, ignoring case. */
          nel?: string;
          /** @description contains the text, ignoring case. */
          contl?: string;
          /** @description does not contain the text, ignoring case. */
          excll?: string;
          /** @description starts with the text, ignoring case. */
          startsl?: string;
          /** @description ends with the text, ignoring case. */
          endsl?: string;
          /** @description one of the values, ignoring case: up to 100 values, as repeated keys. */
          inl?: string[];
          /** @description none of the values, ignoring case: up to 100 values, as repeated keys. */
          notinl?: string[];
          /**
           * @description The spec form: the operator, with `value` or `values`.
           * @enum {string}
           */
          operator?:
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
          /** @description The spec form: the value of `operator`. */
          value?: string;
          /** @description The spec form: the values of a list operator, or the two bounds of `between`. */
          values?: string[];
        };
        /**
         * @description Filters on `email` (string): `email[<operator>]=<value>` with `eq`, `ne`, `in`, `notin`, `cont`, `excl`, `starts`, `ends`, `eql`, `nel`, `contl`, `excll`, `startsl`, `endsl`, `inl`, `notinl`, or `email[operator]=<operator>&email[value]=<value>`. Conditions are ANDed.
         * @example {}
         */
        email?: {
          /** @description equal to. */
          eq?: string;
          /** @description not equal to (never matches null). */
          ne?: string;
          /** @description one of the values: up to 100 values, as repeated keys. */
          in?: string[];
          /** @description none of the values (never matches null): up to 100 values, as repeated keys. */
          notin?: string[];
          /** @description contains the text (case-sensitive, literal). */
          cont?: string;
          /** @description does not contain the text (case-sensitive). */
          excl?: string;
          /** @description starts with the text (case-sensitive). */
          starts?: string;
          /** @description ends with the text (case-sensitive). */
          ends?: string;
          /** @description equal to, ignoring case. */
          eql?: string;
          /** @description not equal to, ignoring case. */
          nel?: string;
          /** @description contains the text, ignoring case. */
          contl?: string;
          /** @description does not contain the text, ignoring case. */
          excll?: string;
          /** @description starts with the text, ignoring case. */
          startsl?: string;
          /** @description ends with the text, ignoring case. */
          endsl?: string;
          /** @description one of the values, ignoring case: up to 100 values, as repeated keys. */
          inl?: string[];
          /** @description none of the values, ignoring case: up to 100 values, as repeated keys. */
          notinl?: string[];
          /**
           * @description The spec form: the operator, with `value` or `values`.
           * @enum {string}
           */
          operator?:
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
          /** @description The spec form: the value of `operator`. */
          value?: string;
          /** @description The spec form: the values of a list operator, or the two bounds of `between`. */
          values?: string[];
        };
        /**
         * @description Filters on `status` (enum): `status[<operator>]=<value>` with `eq`, `ne`, `in`, `notin`, or `status[operator]=<operator>&status[value]=<value>`. Conditions are ANDed.
         * @example {}
         */
        status?: {
          /**
           * @description equal to.
           * @enum {string}
           */
          eq?: 'active' | 'inactive' | 'banned';
          /**
           * @description not equal to (never matches null).
           * @enum {string}
           */
          ne?: 'active' | 'inactive' | 'banned';
          /** @description one of the values: up to 100 values, as repeated keys. */
          in?: ('active' | 'inactive' | 'banned')[];
          /** @description none of the values (never matches null): up to 100 values, as repeated keys. */
          notin?: ('active' | 'inactive' | 'banned')[];
          /**
           * @description The spec form: the operator, with `value` or `values`.
           * @enum {string}
           */
          operator?: 'eq' | 'ne' | 'in' | 'notin';
          /**
           * @description The spec form: the value of `operator`.
           * @enum {string}
           */
          value?: 'active' | 'inactive' | 'banned';
          /** @description The spec form: the values of a list operator, or the two bounds of `between`. */
          values?: ('active' | 'inactive' | 'banned')[];
        };
        /**
         * @description Filters on `age` (number): `age[<operator>]=<value>` with `eq`, `ne`, `gt`, `gte`, `lt`, `lte`, `between`, `in`, `notin`, or `age[operator]=<operator>&age[value]=<value>`. Conditions are ANDed.
         * @example {}
         */
        age?: {
          /** @description equal to. */
          eq?: number;
          /** @description not equal to (never matches null). */
          ne?: number;
          /** @description greater than. */
          gt?: number;
          /** @description greater than or equal to. */
          gte?: number;
          /** @description less than. */
          lt?: number;
          /** @description less than or equal to. */
          lte?: number;
          /** @description between the two bounds, inclusive: two values, low then high, as repeated keys. */
          between?: number[];
          /** @description one of the values: up to 100 values, as repeated keys. */
          in?: number[];
          /** @description none of the values (never matches null): up to 100 values, as repeated keys. */
          notin?: number[];
          /**
           * @description The spec form: the operator, with `value` or `values`.
           * @enum {string}
           */
          operator?: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'between' | 'in' | 'notin';
          /** @description The spec form: the value of `operator`. */
          value?: number;
          /** @description The spec form: the values of a list operator, or the two bounds of `between`. */
          values?: number[];
        };
        /**
         * @description Filters on `createdAt` (date): `createdAt[<operator>]=<value>` with `eq`, `ne`, `gt`, `gte`, `lt`, `lte`, `between`, `in`, `notin`, or `createdAt[operator]=<operator>&createdAt[value]=<value>`. Conditions are ANDed.
         * @example {}
         */
        createdAt?: {
          /**
           * Format: date-time
           * @description equal to.
           */
          eq?: string;
          /**
           * Format: date-time
           * @description not equal to (never matches null).
           */
          ne?: string;
          /**
           * Format: date-time
           * @description greater than.
           */
          gt?: string;
          /**
           * Format: date-time
           * @description greater than or equal to.
           */
          gte?: string;
          /**
           * Format: date-time
           * @description less than.
           */
          lt?: string;
          /**
           * Format: date-time
           * @description less than or equal to.
           */
          lte?: string;
          /** @description between the two bounds, inclusive: two values, low then high, as repeated keys. */
          between?: string[];
          /** @description one of the values: up to 100 values, as repeated keys. */
          in?: string[];
          /** @description none of the values (never matches null): up to 100 values, as repeated keys. */
          notin?: string[];
          /**
           * @description The spec form: the operator, with `value` or `values`.
           * @enum {string}
           */
          operator?: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'between' | 'in' | 'notin';
          /**
           * Format: date-time
           * @description The spec form: the value of `operator`.
           */
          value?: string;
          /** @description The spec form: the values of a list operator, or the two bounds of `between`. */
          values?: string[];
        };
        /**
         * @description OR groups: `or[<n>][<field>][<operator>]=<value>` (or the spec form `or[<n>][<field>][operator]`), `n` from 0 to 7, numbered from 0 without gaps, at most 32 conditions in all. The conditions of a group are ANDed, the groups ORed, and the whole ANDed with the top-level filters and the search.
         * @example {}
         */
        or?: {
          [key: string]: {
            username?: {
              /** @description equal to. */
              eq?: string;
              /** @description not equal to (never matches null). */
              ne?: string;
              /** @description one of the values: up to 100 values, as repeated keys. */
              in?: string[];
              /** @description none of the values (never matches null): up to 100 values, as repeated keys. */
              notin?: string[];
              /** @description contains the text (case-sensitive, literal). */
              cont?: string;
              /** @description does not contain the text (case-sensitive). */
              excl?: string;
              /** @description starts with the text (case-sensitive). */
              starts?: string;
              /** @description ends with the text (case-sensitive). */
              ends?: string;
              /** @description equal to, ignoring case. */
              eql?: string;
              /** @description not equal to, ignoring case. */
              nel?: string;
              /** @description contains the text, ignoring case. */
              contl?: string;
              /** @description does not contain the text, ignoring case. */
              excll?: string;
              /** @description starts with the text, ignoring case. */
              startsl?: string;
              /** @description ends with the text, ignoring case. */
              endsl?: string;
              /** @description one of the values, ignoring case: up to 100 values, as repeated keys. */
              inl?: string[];
              /** @description none of the values, ignoring case: up to 100 values, as repeated keys. */
              notinl?: string[];
              /**
               * @description The spec form: the operator, with `value` or `values`.
               * @enum {string}
               */
              operator?:
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
              /** @description The spec form: the value of `operator`. */
              value?: string;
              /** @description The spec form: the values of a list operator, or the two bounds of `between`. */
              values?: string[];
            };
            email?: {
              /** @description equal to. */
              eq?: string;
              /** @description not equal to (never matches null). */
              ne?: string;
              /** @description one of the values: up to 100 values, as repeated keys. */
              in?: string[];
              /** @description none of the values (never matches null): up to 100 values, as repeated keys. */
              notin?: string[];
              /** @description contains the text (case-sensitive, literal). */
              cont?: string;
              /** @description does not contain the text (case-sensitive). */
              excl?: string;
              /** @description starts with the text (case-sensitive). */
              starts?: string;
              /** @description ends with the text (case-sensitive). */
              ends?: string;
              /** @description equal to, ignoring case. */
              eql?: string;
              /** @description not equal to, ignoring case. */
              nel?: string;
              /** @description contains the text, ignoring case. */
              contl?: string;
              /** @description does not contain the text, ignoring case. */
              excll?: string;
              /** @description starts with the text, ignoring case. */
              startsl?: string;
              /** @description ends with the text, ignoring case. */
              endsl?: string;
              /** @description one of the values, ignoring case: up to 100 values, as repeated keys. */
              inl?: string[];
              /** @description none of the values, ignoring case: up to 100 values, as repeated keys. */
              notinl?: string[];
              /**
               * @description The spec form: the operator, with `value` or `values`.
               * @enum {string}
               */
              operator?:
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
              /** @description The spec form: the value of `operator`. */
              value?: string;
              /** @description The spec form: the values of a list operator, or the two bounds of `between`. */
              values?: string[];
            };
            status?: {
              /**
               * @description equal to.
               * @enum {string}
               */
              eq?: 'active' | 'inactive' | 'banned';
              /**
               * @description not equal to (never matches null).
               * @enum {string}
               */
              ne?: 'active' | 'inactive' | 'banned';
              /** @description one of the values: up to 100 values, as repeated keys. */
              in?: ('active' | 'inactive' | 'banned')[];
              /** @description none of the values (never matches null): up to 100 values, as repeated keys. */
              notin?: ('active' | 'inactive' | 'banned')[];
              /**
               * @description The spec form: the operator, with `value` or `values`.
               * @enum {string}
               */
              operator?: 'eq' | 'ne' | 'in' | 'notin';
              /**
               * @description The spec form: the value of `operator`.
               * @enum {string}
               */
              value?: 'active' | 'inactive' | 'banned';
              /** @description The spec form: the values of a list operator, or the two bounds of `between`. */
              values?: ('active' | 'inactive' | 'banned')[];
            };
            age?: {
              /** @description equal to. */
              eq?: number;
              /** @description not equal to (never matches null). */
              ne?: number;
              /** @description greater than. */
              gt?: number;
              /** @description greater than or equal to. */
              gte?: number;
              /** @description less than. */
              lt?: number;
              /** @description less than or equal to. */
              lte?: number;
              /** @description between the two bounds, inclusive: two values, low then high, as repeated keys. */
              between?: number[];
              /** @description one of the values: up to 100 values, as repeated keys. */
              in?: number[];
              /** @description none of the values (never matches null): up to 100 values, as repeated keys. */
              notin?: number[];
              /**
               * @description The spec form: the operator, with `value` or `values`.
               * @enum {string}
               */
              operator?: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'between' | 'in' | 'notin';
              /** @description The spec form: the value of `operator`. */
              value?: number;
              /** @description The spec form: the values of a list operator, or the two bounds of `between`. */
              values?: number[];
            };
            createdAt?: {
              /**
               * Format: date-time
               * @description equal to.
               */
              eq?: string;
              /**
               * Format: date-time
               * @description not equal to (never matches null).
               */
              ne?: string;
              /**
               * Format: date-time
               * @description greater than.
               */
              gt?: string;
              /**
               * Format: date-time
               * @description greater than or equal to.
               */
              gte?: string;
              /**
               * Format: date-time
               * @description less than.
               */
              lt?: string;
              /**
               * Format: date-time
               * @description less than or equal to.
               */
              lte?: string;
              /** @description between the two bounds, inclusive: two values, low then high, as repeated keys. */
              between?: string[];
              /** @description one of the values: up to 100 values, as repeated keys. */
              in?: string[];
              /** @description none of the values (never matches null): up to 100 values, as repeated keys. */
              notin?: string[];
              /**
               * @description The spec form: the operator, with `value` or `values`.
               * @enum {string}
               */
              operator?: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'between' | 'in' | 'notin';
              /**
               * Format: date-time
               * @description The spec form: the value of `operator`.
               */
              value?: string;
              /** @description The spec form: the values of a list operator, or the two bounds of `between`. */
              values?: string[];
            };
          };
        };
      };
      header?: {
        /** @description A correlation id to carry through logs, hooks and the response (1 to 128 ASCII letters, digits, `.`, `_`, `:`, `-`, starting with a letter or digit). Another value is replaced by a new uuid, never refused. */
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
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getUser: {
    parameters: {
      query?: never;
      header?: {
        /** @description A correlation id to carry through logs, hooks and the response (1 to 128 ASCII letters, digits, `.`, `_`, `:`, `-`, starting with a letter or digit). Another value is replaced by a new uuid, never refused. */
        'x-correlation-id'?: components['parameters']['CorrelationId'];
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      404: components['responses']['NotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  replaceUser: {
    parameters: {
      query?: never;
      header?: {
        /** @description A correlation id to carry through logs, hooks and the response (1 to 128 ASCII letters, digits, `.`, `_`, `:`, `-`, starting with a letter or digit). Another value is replaced by a new uuid, never refused. */
        'x-correlation-id'?: components['parameters']['CorrelationId'];
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      400: components['responses']['BadRequest'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      413: components['responses']['ContentTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  deleteUser: {
    parameters: {
      query?: never;
      header?: {
        /** @description A correlation id to carry through logs, hooks and the response (1 to 128 ASCII letters, digits, `.`, `_`, `:`, `-`, starting with a letter or digit). Another value is replaced by a new uuid, never refused. */
        'x-correlation-id'?: components['parameters']['CorrelationId'];
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
      404: components['responses']['NotFound'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  updateUser: {
    parameters: {
      query?: never;
      header?: {
        /** @description A correlation id to carry through logs, hooks and the response (1 to 128 ASCII letters, digits, `.`, `_`, `:`, `-`, starting with a letter or digit). Another value is replaced by a new uuid, never refused. */
        'x-correlation-id'?: components['parameters']['CorrelationId'];
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
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      400: components['responses']['BadRequest'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      413: components['responses']['ContentTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalServerError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
}
