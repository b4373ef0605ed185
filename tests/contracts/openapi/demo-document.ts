/** The demo's OpenAPI document as the conformance checks read it: ajv with it registered, `$ref`s, path templates. */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { toOpenApi, type OpenApiDocument } from 'pagelope';
import { createDemoRoutes } from '../../../examples/shared/demo-routes';

/** A JSON object of the document. */
export type Json = Record<string, unknown>;

/** A part of the document and the JSON pointer segments where it is. */
export interface Located {
  readonly value: Json;
  readonly at: readonly string[];
}

/** The id the document is registered with in ajv. */
export const DOCUMENT_ID = 'openapi.json';

/** The demo's document, and ajv with it registered, so that a pointer into it compiles with its `$ref`s resolved. */
export function loadDocument(): { document: OpenApiDocument; ajv: Ajv2020 } {
  const document = toOpenApi(createDemoRoutes({ seedRecords: 0 }).routes, {
    info: { title: 'pagelope demo', version: '0.0.0' },
  });
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // A JSON round trip: what a client receives, and no object ajv could share with the builder.
  ajv.addSchema(JSON.parse(JSON.stringify(document)) as Json, DOCUMENT_ID);
  return { document, ajv };
}

/** The JSON pointer of the segments `at`. */
export const toPointer = (at: readonly string[]): string =>
  at.map((part) => `/${encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'))}`).join('');

/** Follows `$ref`s within the document (`#/components/...`) until a value that is not one. */
export function resolve(document: OpenApiDocument, located: Located): Located {
  let current = located;
  for (let hops = 0; typeof current.value['$ref'] === 'string'; hops++) {
    const ref = current.value['$ref'];
    if (!ref.startsWith('#/') || hops > 10) throw new Error(`unresolvable $ref ${ref} at ${toPointer(current.at)}`);
    const at = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
    let value: unknown = document;
    for (const part of at) value = (value as Json | undefined)?.[part];
    if (typeof value !== 'object' || value === null) throw new Error(`$ref ${ref} leads nowhere`);
    current = { value: value as Json, at };
  }
  return current;
}

/** The document's path template a request path matches: a fixed path before a templated one (`/users/cursor`). */
export function templateOf(document: OpenApiDocument, path: string): string | undefined {
  const templates = Object.keys(document.paths);
  const pattern = (template: string) =>
    new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/}]+\}/g, '[^/]+')}$`);
  return templates.find((template) => template === path) ?? templates.find((template) => pattern(template).test(path));
}
