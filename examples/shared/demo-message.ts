import { DOCS_PATH, OPENAPI_PATH } from './docs-page';

/** What the start-up message of `npm run demo` names. */
export interface DemoMessageOptions {
  /** The framework the demo runs on (`fastify`, ...). */
  readonly framework: string;
  /** Where the users are kept (`in-memory repository`, `embedded PGlite`, ...). */
  readonly store: string;
  /** The server's base URL, without a trailing slash. */
  readonly url: string;
  /** How many users were seeded. */
  readonly count: number;
}

/**
 * The start-up message of `npm run demo`: where it listens, the docs page and the OpenAPI document, seven curl
 * commands to try (a filtered, sorted page, a search with OR groups and a selection, a create, a batch create, a
 * conditional PATCH, a soft delete with its restore, a failing request) and how to stop.
 */
export function demoMessage({ framework, store, url, count }: DemoMessageOptions): string {
  return [
    `pagelope demo (${framework}, ${store}) listening on ${url} with ${count} seeded users`,
    '',
    `Docs page:        ${url}${DOCS_PATH}`,
    `OpenAPI document: ${url}${OPENAPI_PATH}`,
    '',
    '# a filtered, sorted page',
    `curl -sg '${url}/users?username[operator]=cont&username[value]=ab&status[eq]=active&orderBy=createdAt&orderDirection=DESC&limit=5&page=1'`,
    '',
    '# a search over username and email, OR groups, two fields per item, and the link header of the pages',
    `curl -sgi '${url}/users?search=ab&or[0][age][lt]=20&or[1][status][eq]=banned&select=username,age&limit=3'`,
    '',
    '# a create (the onAfterCreate hook logs it to GET /audit with your correlation id)',
    `curl -s -X POST '${url}/users' -H 'content-type: application/json' -H 'x-correlation-id: demo-123' -d '{"username":"ada","email":"ada@example.com","status":"active","age":36}'`,
    '',
    '# a batch: both users are created, or none when one is bad (every problem listed with its item)',
    `curl -s -X POST '${url}/users/batch' -H 'content-type: application/json' -d '{"items":[{"username":"bo","email":"bo@example.com","status":"active","age":30},{"username":"cy","email":"cy@example.com","status":"banned","age":41}]}'`,
    '',
    '# a write conditional on the version (the etag "1"): run it twice, and the second is a 412',
    `curl -si -X PATCH '${url}/users/user-000001' -H 'content-type: application/json' -H 'if-match: "1"' -d '{"age":40}'`,
    '',
    '# a soft delete (GET then answers 404) and its restore',
    `curl -s -X DELETE '${url}/users/user-000002' && curl -s -X POST '${url}/users/user-000002/restore'`,
    '',
    '# a failing request: the error envelope',
    `curl -sg '${url}/users?limit=0&orderBy=password'`,
    '',
    'Press Ctrl+C to stop.',
  ].join('\n');
}
