import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What a docs route sends: every example answers it as is. */
export interface DocsResponse {
  readonly status: 200;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Where the docs page is served; its assets are under `/docs/`. */
export const DOCS_PATH = '/docs';

/** Where the adapters serve the OpenAPI document (their default), which the page loads. */
export const OPENAPI_PATH = '/openapi.json';

const SWAGGER_UI = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const JS = 'text/javascript; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The only files served under `/docs/`, by exact request path: never a path from the URL joined onto the disk.
 * Swagger UI's bundle and style from `node_modules` (with their source maps, for the browser's devtools), and the
 * page's own start-up script, a file rather than an inline script so that the page's CSP can forbid inline scripts.
 */
const ASSETS: ReadonlyMap<string, { readonly file: string; readonly type: string }> = new Map([
  ['/docs/swagger-ui.css', { file: join(SWAGGER_UI, 'swagger-ui.css'), type: 'text/css; charset=utf-8' }],
  ['/docs/swagger-ui.css.map', { file: join(SWAGGER_UI, 'swagger-ui.css.map'), type: JSON_TYPE }],
  ['/docs/swagger-ui-bundle.js', { file: join(SWAGGER_UI, 'swagger-ui-bundle.js'), type: JS }],
  ['/docs/swagger-ui-bundle.js.map', { file: join(SWAGGER_UI, 'swagger-ui-bundle.js.map'), type: JSON_TYPE }],
  ['/docs/docs-init.js', { file: fileURLToPath(new URL('./docs-init.js', import.meta.url)), type: JS }],
]);

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>pagelope demo: API docs</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui" data-url="${OPENAPI_PATH}"></div>
    <script src="/docs/swagger-ui-bundle.js"></script>
    <script src="/docs/docs-init.js"></script>
  </body>
</html>
`;

/**
 * Scripts, styles, data and fetches from this origin only; Swagger UI sets inline styles and shows data: images (the
 * page's empty icon is one, so the browser asks for no /favicon.ico).
 */
const CSP = [
  "default-src 'self'",
  "img-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-cache',
  'x-content-type-options': 'nosniff',
};
const ASSET_HEADERS = { 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' };

/** The assets' text by request path, read once. */
const cache = new Map<string, string>();

/**
 * The demo's interactive docs page, framework-neutral: for a request path (a query string is ignored), the response
 * of `GET /docs` (an HTML page that runs Swagger UI on {@link OPENAPI_PATH}) or of one of its assets, read from
 * `node_modules/swagger-ui-dist` on first use; `undefined` for any other path, which the app answers with its 404.
 *
 * @example
 * app.get('/docs*', async (request, reply) => {
 *   const page = docsPage(request.url);
 *   return page ? reply.code(page.status).headers(page.headers).send(page.body) : reply.callNotFound();
 * });
 */
export function docsPage(path: string): DocsResponse | undefined {
  const pathname = path.split('?', 1)[0] ?? '';
  if (pathname === DOCS_PATH)
    return { status: 200, headers: { ...PAGE_HEADERS, 'content-security-policy': CSP }, body: PAGE };
  const asset = ASSETS.get(pathname);
  if (asset === undefined) return undefined;
  let body = cache.get(pathname);
  if (body === undefined) {
    body = readFileSync(asset.file, 'utf8');
    cache.set(pathname, body);
  }
  return { status: 200, headers: { ...ASSET_HEADERS, 'content-type': asset.type }, body };
}
