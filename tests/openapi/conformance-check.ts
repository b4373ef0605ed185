/**
 * Sends a generated request over HTTP and says where the answer and the served document disagree, by kind: the
 * checks of the OpenAPI conformance suite (`disagreements`: the status is one the operation documents, the body and
 * the headers match it, an accepted request is one the document describes), plus two of its own: no request is
 * answered 5xx, and a request drawn entirely from the document's schemas is not refused with a 400.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { OpenApiDocument } from 'pagelope';
import { DOCUMENT_ID } from '../contracts/openapi/demo-document';
import { disagreements } from '../contracts/openapi/disagreements';
import type { Exchange } from '../contracts/openapi/send-case';
import type { GeneratedRequest } from './conformance-requests';

/** One disagreement: its kind, the request and what was wrong. */
export interface Disagreement {
  readonly kind: string;
  readonly request: string;
  readonly detail: string;
}

/** The served document and ajv with it registered (as `disagreements` reads it). */
export interface LoadedDocument {
  readonly document: OpenApiDocument;
  readonly ajv: Ajv2020;
  /** The query parameters sent as one comma-separated value (`style: form, explode: false` arrays). */
  readonly commaLists: ReadonlySet<string>;
}

/** Fetches the document an app serves at `/openapi.json` and registers it in a new ajv. */
export async function loadServedDocument(url: string): Promise<LoadedDocument> {
  const response = await fetch(`${url}/openapi.json`);
  const document = (await response.json()) as OpenApiDocument;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(structuredClone(document) as object, DOCUMENT_ID);
  const commaLists = new Set<string>();
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item) as { parameters?: { name?: string; explode?: boolean }[] }[])
      for (const parameter of operation.parameters ?? [])
        if (parameter.explode === false && parameter.name !== undefined) commaLists.add(parameter.name);
  return { document, ajv, commaLists };
}

/** The kind of a `disagreements` line. */
function kindOf(line: string): string {
  if (/ documents .*, not \d+$/.test(line)) return 'undeclared status';
  if (line.startsWith('the body')) return 'response body';
  if (/header/.test(line)) return 'response header';
  if (/^the (query parameter|JSON of|accepted request body)|accepted where none/.test(line))
    return 'accepted invalid request';
  return 'other';
}

/** The answer to a request: the exchange the checks read, and its JSON body when it has one. */
export interface Answer extends Exchange {
  readonly json: unknown;
}

/** Sends `request` to `url` and returns the answer. */
export async function send(url: string, request: GeneratedRequest): Promise<Answer> {
  const response = await fetch(`${url}${request.target}`, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    redirect: 'manual',
  });
  const text = await response.text();
  const at = request.target.indexOf('?');
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return {
    method: request.method,
    path: at === -1 ? request.target : request.target.slice(0, at),
    query: at === -1 ? '' : request.target.slice(at + 1),
    requestBody: request.body,
    status: response.status,
    headers: response.headers,
    text,
    json,
  };
}

/** Where `answer` to `request` and the document disagree (an empty list when they agree). */
export function check(loaded: LoadedDocument, request: GeneratedRequest, answer: Answer): Disagreement[] {
  const label = `${request.method} ${request.target}${request.body === undefined ? '' : ` ${request.body.slice(0, 300)}`} (${request.headers['x-correlation-id']}, key ${request.headers['x-api-key'] ?? 'none'})`;
  const found: Disagreement[] = [];
  const message = (answer.json as { message?: unknown } | undefined)?.message;
  if (answer.status >= 500)
    found.push({ kind: '5xx', request: label, detail: `${answer.status} ${JSON.stringify(message)}` });
  if (request.valid && answer.status === 400)
    found.push({ kind: 'valid request refused', request: label, detail: JSON.stringify(message) });
  let lines: string[];
  try {
    lines = disagreements(loaded.document, loaded.ajv, { ...answer, query: splitCommaLists(answer.query, loaded) });
  } catch (error) {
    lines = [`the check failed: ${(error as Error).message}`];
  }
  // `disagreements` asks every 201 for `location`; a batch create answers many records and documents none.
  if (answer.path.endsWith('/batch')) lines = lines.filter((line) => !line.endsWith('document the location header'));
  for (const line of lines) found.push({ kind: kindOf(line), request: label, detail: `${answer.status}: ${line}` });
  return found;
}

/**
 * The query with each comma-separated list (`include=author,reviews`) as the key repeated, which is how
 * `disagreements` reads an array parameter's values.
 */
function splitCommaLists(query: string, loaded: LoadedDocument): string {
  const out = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(query)) {
    if (loaded.commaLists.has(key)) for (const each of value.split(',')) out.append(key, each);
    else out.append(key, value);
  }
  return out.toString();
}

/** The disagreements as counts per kind and the first few of each. */
export function summary(
  found: readonly Disagreement[],
  perKind = 3,
): Record<string, { count: number; first: string[] }> {
  const out: Record<string, { count: number; first: string[] }> = {};
  for (const { kind, request, detail } of found) {
    const entry = (out[kind] ??= { count: 0, first: [] });
    entry.count++;
    if (entry.first.length < perKind) entry.first.push(`${request} -> ${detail}`);
  }
  return out;
}
