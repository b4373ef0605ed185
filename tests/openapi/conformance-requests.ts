/**
 * Requests generated from an OpenAPI document, per operation (`operationsOf`, `requestOf`): in `valid` mode every
 * parameter, header and body is drawn from its schema (numbers sometimes as `1e3`), and parameters whose validity
 * depends on another are drawn together (`orderDirection` with `orderBy`, the spec form `field[operator]` with its
 * `field[value]` or `field[values]`, `<relation>[match]` with a condition on the relation, `or` without top-level
 * filters; `cursor` only from a page, in the sequences); in `hostile` mode one parameter, an unknown one, a header or
 * the body is replaced by a value that is often invalid. The server must answer a valid request with anything but a
 * 400, and a hostile one with a documented status; every response must match the document either way.
 */
import fc from 'fast-check';
import { arbitraryOf, deref, HOSTILE, toJsonText, toQueryText, type Json } from './schema-arbitrary';

/** One operation of the document, its parameters resolved. */
export interface Operation {
  readonly id: string;
  readonly method: string;
  readonly template: string;
  readonly parameters: readonly Json[];
  /** The schema of its JSON request body, if it takes one. */
  readonly body: Json | undefined;
}

/** A request to send: its method, the path and query (encoded), headers and body. */
export interface GeneratedRequest {
  readonly operation: string;
  readonly method: string;
  readonly target: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
  /** Whether every part was drawn from its schema (the server must not answer 400). */
  readonly valid: boolean;
}

/** Every operation of the document. */
export function operationsOf(document: Json): Operation[] {
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(document['paths'] as Record<string, Record<string, Json>>)) {
    for (const [method, operation] of Object.entries(item)) {
      const parameters = ((operation['parameters'] ?? []) as Json[]).map((parameter) => deref(document, parameter));
      const content = (operation['requestBody'] as Json | undefined)?.['content'] as Json | undefined;
      const body = (content?.['application/json'] as Json | undefined)?.['schema'] as Json | undefined;
      operations.push({
        id: operation['operationId'] as string,
        method: method.toUpperCase(),
        template,
        parameters,
        body,
      });
    }
  }
  return operations;
}

/** Parameters drawn together with another, or only from a server's reply: left out of the independent draw. */
const isDependent = (name: string) =>
  name === 'cursor' || name === 'orderDirection' || name === 'or' || /\[(operator|value|values|match)\]$/.test(name);

/** One query parameter as `key=value` pairs: an array with `explode` (the default of `form`) as the key repeated. */
export function queryPairs(parameter: Json, value: unknown): [string, string][] {
  const name = parameter['name'] as string;
  if (!Array.isArray(value)) return [[name, toQueryText(value)]];
  if (parameter['explode'] === false) return [[name, value.map(toQueryText).join(',')]];
  return value.map((each) => [name, toQueryText(each)]);
}

const encodePairs = (pairs: readonly [string, string][]) =>
  pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');

/** The path of an operation with `id` in place of `{id}`. */
export const pathOf = (operation: Operation, id: string): string =>
  operation.template.replace('{id}', encodeURIComponent(id));

/** The schema of a query parameter, its JSON `contentSchema` for `or`. */
const valueSchema = (parameter: Json): Json =>
  ((parameter['schema'] as Json)['contentSchema'] as Json | undefined) ?? (parameter['schema'] as Json);

/** The valid query of an operation: an independent subset, then the dependent parameters that fit it. */
function validQuery(document: Json, operation: Operation): fc.Arbitrary<[string, string][]> {
  const query = operation.parameters.filter((parameter) => parameter['in'] === 'query');
  const byName = new Map(query.map((parameter) => [parameter['name'] as string, parameter]));
  const independent = query.filter((parameter) => !isDependent(parameter['name'] as string));
  const draw = (parameter: Json) =>
    arbitraryOf(document, valueSchema(parameter)).map((value) => queryPairs(parameter, value));
  const chosen = fc
    .subarray(independent, { maxLength: Math.min(4, independent.length) })
    .chain((parameters) =>
      parameters.length === 0 ? fc.constant([] as [string, string][][]) : fc.tuple(...parameters.map(draw)),
    );
  return chosen.chain((groups) => {
    const pairs = groups.flat();
    const names = new Set(pairs.map(([name]) => name));
    const extras: fc.Arbitrary<[string, string][]>[] = [];
    // `orderDirection`: one direction, or one per `orderBy` field.
    const orderBy = pairs.find(([name]) => name === 'orderBy')?.[1];
    if (orderBy !== undefined && byName.has('orderDirection')) {
      const count = orderBy.split(',').length;
      const one = fc.constantFrom('asc', 'DESC', 'Asc', 'desc');
      const directions = fc.oneof(
        fc.array(one, { minLength: 1, maxLength: 1 }),
        fc.array(one, { minLength: count, maxLength: count }),
      );
      extras.push(
        fc.option(
          directions.map((list): [string, string][] => [['orderDirection', list.join(',')]]),
          { nil: [] },
        ),
      );
    }
    const filtered = [...names].some((name) => name.includes('['));
    const or = byName.get('or');
    if (or && !filtered)
      extras.push(
        fc.option(
          arbitraryOf(document, valueSchema(or)).map((value) => [['or', toJsonText(value)]] as [string, string][]),
          { nil: [] },
        ),
      );
    for (const [name, parameter] of byName) {
      const relation = /^(\w+)\[match\]$/.exec(name)?.[1];
      if (relation && [...names].some((each) => each.startsWith(`${relation}.`)))
        extras.push(fc.option(draw(parameter), { nil: [] }));
    }
    // The spec form only without `or`, whose conditions may not repeat a top-level one.
    const spec = fc.option(specForm(document, byName, names), { nil: [] });
    return fc.tuple(spec, ...extras).map(([form, ...more]) => {
      const rest = more.flat();
      return [...pairs, ...(rest.some(([name]) => name === 'or') ? [] : form), ...rest];
    });
  });
}

/** The spec form of one filter no shorthand names: `field[operator]=op` and the value(s) its shorthand takes. */
function specForm(
  document: Json,
  byName: Map<string, Json>,
  used: ReadonlySet<string>,
): fc.Arbitrary<[string, string][]> {
  const fields = [...byName.keys()]
    .flatMap((name) => (name.endsWith('[operator]') ? [name.slice(0, -'[operator]'.length)] : []))
    .filter((field) => ![...used].some((name) => name.startsWith(`${field}[`)));
  if (fields.length === 0) return fc.constant([]);
  return fc.constantFrom(...fields).chain((field) => {
    const ops = ((byName.get(`${field}[operator]`)!['schema'] as Json)['enum'] ?? []) as string[];
    return fc.constantFrom(...ops).chain((op) => {
      const shorthand = byName.get(`${field}[${op}]`);
      if (shorthand === undefined) return fc.constant([[`${field}[operator]`, op]] as [string, string][]);
      const schema = deref(document, shorthand['schema'] as Json);
      return arbitraryOf(document, schema).map((value): [string, string][] => {
        if (schema['enum'] !== undefined && schema['type'] === 'boolean') return [[`${field}[operator]`, op]];
        const values = Array.isArray(value) ? value : undefined;
        return values === undefined
          ? [
              [`${field}[operator]`, op],
              [`${field}[value]`, toQueryText(value)],
            ]
          : [
              [`${field}[operator]`, op],
              ...values.map((each): [string, string] => [`${field}[values]`, toQueryText(each)]),
            ];
      });
    });
  });
}

/** Options of {@link requestOf}: the ids to try in `{id}` and the API keys, by what they may do. */
export interface RequestContext {
  readonly ids: () => readonly string[];
  readonly keys: readonly string[];
  readonly correlationId: () => string;
}

/** A request to `operation`, valid or hostile. */
export function requestOf(
  document: Json,
  operation: Operation,
  mode: 'valid' | 'hostile',
  context: RequestContext,
): fc.Arbitrary<GeneratedRequest> {
  const idSchema = operation.parameters.find((parameter) => parameter['in'] === 'path')?.['schema'] as Json | undefined;
  const known = context.ids();
  const drawnId = idSchema
    ? (arbitraryOf(document, idSchema) as fc.Arbitrary<unknown>)
        .map(toQueryText)
        .filter((id) => !['.', '..', 'cursor', 'batch'].includes(id))
    : fc.constant('');
  const id = known.length > 0 ? fc.oneof(fc.constantFrom(...known), drawnId) : drawnId;
  const headerParameters = operation.parameters.filter(
    (parameter) => parameter['in'] === 'header' && parameter['name'] !== 'x-correlation-id',
  );
  const headers = fc.tuple(
    fc.constantFrom(...context.keys),
    ...headerParameters.map((parameter) =>
      fc.option(
        // A header value is visible ASCII, spaces inside (what fetch sends as it is).
        arbitraryOf(document, parameter['schema'] as Json)
          .map((value) => [parameter['name'] as string, toQueryText(value)] as const)
          .filter(([, value]) => /^[!-~]([ -~]*[!-~])?$/.test(value)),
        {
          nil: undefined,
        },
      ),
    ),
  );
  const body = operation.body ? arbitraryOf(document, operation.body).map(toJsonText) : fc.constant(undefined);
  const valid = fc.record({ id, query: validQuery(document, operation), headers, body });
  const request =
    mode === 'valid'
      ? valid.map((parts) => ({ ...parts, valid: true }))
      : valid.chain((parts) => hostile(document, operation, parts));
  return request.map(({ id: each, query, headers: [key, ...rest], body: text, valid: isValid }) => ({
    operation: operation.id,
    method: operation.method,
    target: `${pathOf(operation, each)}${query.length === 0 ? '' : `?${encodePairs(query)}`}`,
    headers: {
      'x-correlation-id': context.correlationId(),
      ...(key === '' ? {} : { 'x-api-key': key }),
      ...Object.fromEntries(rest.filter((pair) => pair !== undefined)),
      ...(text === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: text,
    valid: isValid,
  }));
}

type Parts = {
  id: string;
  query: [string, string][];
  headers: [string, ...(readonly [string, string] | undefined)[]];
  body: string | undefined;
};

/** A valid request with one part replaced by a hostile value. */
function hostile(document: Json, operation: Operation, parts: Parts): fc.Arbitrary<Parts & { valid: boolean }> {
  const names = operation.parameters
    .filter((parameter) => parameter['in'] === 'query')
    .map((parameter) => parameter['name'] as string);
  const text = HOSTILE.map(toQueryText);
  const choices: fc.Arbitrary<Parts>[] = [
    fc.tuple(names.length > 0 ? fc.constantFrom(...names) : fc.constant('unknown'), text).map(([name, value]) => ({
      ...parts,
      query: [...parts.query.filter(([key]) => key !== name), [name, value]],
    })),
    fc
      .tuple(fc.constantFrom('unknown', 'limit[gt]', 'or[0][title][eq]', 'include', 'counts', 'page'), text)
      .map(([name, value]) => ({
        ...parts,
        query: [...parts.query, [name, value]],
      })),
    text.map((id) => ({ ...parts, id: id === '' || id === '.' || id === '..' ? 'x' : id })),
  ];
  if (operation.body) {
    choices.push(HOSTILE.map((value) => ({ ...parts, body: toJsonText(value) })));
    choices.push(
      fc.tuple(fc.string({ maxLength: 12 }), HOSTILE).map(([key, value]) => {
        const json = JSON.parse(parts.body ?? '{}') as unknown;
        const object = typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Json) : {};
        const target =
          Array.isArray(object['items']) && object['items'].length > 0 ? (object['items'][0] as Json) : object;
        const keys = Object.keys(target);
        target[keys.length > 0 && key.length % 2 === 0 ? keys[key.length % keys.length]! : key] = value;
        return { ...parts, body: toJsonText(json) };
      }),
    );
  }
  return fc.oneof(...choices).map((changed) => ({ ...changed, valid: false }));
}
