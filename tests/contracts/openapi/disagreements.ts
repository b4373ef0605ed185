/** What the document and an exchange disagree on: the operation, status, body, headers and accepted request. */
import type Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv/dist/2020';
import type { OpenApiDocument } from 'pagelope';
import { DOCUMENT_ID, resolve, templateOf, toPointer, type Json } from './demo-document';
import type { Exchange } from './send-case';

/**
 * What the document and the exchange disagree on, one line per problem (an empty list when the response conforms).
 */
export function disagreements(document: OpenApiDocument, ajv: Ajv2020, exchange: Exchange): string[] {
  const problems: string[] = [];
  const validate = (at: readonly string[], value: unknown, what: string): void => {
    const check: ValidateFunction | undefined = ajv.getSchema(`${DOCUMENT_ID}#${toPointer(at)}`);
    if (check === undefined) problems.push(`${what}: no schema at ${toPointer(at)}`);
    else if (!check(value)) problems.push(`${what} does not validate: ${ajv.errorsText(check.errors)}`);
  };
  const template = templateOf(document, exchange.path);
  if (template === undefined) return [`no path of the document matches ${exchange.path}`];
  const method = exchange.method.toLowerCase();
  const operation = document.paths[template]?.[method] as Json | undefined;
  if (operation === undefined) return [`the document has no ${exchange.method} operation on ${template}`];
  const operationAt = ['paths', template, method];
  const responses = (operation['responses'] ?? {}) as Json;
  const documented = responses[String(exchange.status)] as Json | undefined;
  if (documented === undefined)
    return [
      `${operation['operationId'] as string} documents ${Object.keys(responses).join(', ')}, not ${exchange.status}`,
    ];
  const response = resolve(document, { value: documented, at: [...operationAt, 'responses', String(exchange.status)] });

  // The body: none where none is documented, else JSON valid against the documented schema.
  const content = response.value['content'] as Json | undefined;
  if (content === undefined) {
    if (exchange.text !== '') problems.push(`a body where the document says none: ${exchange.text.slice(0, 200)}`);
  } else if (content['application/json'] === undefined) {
    problems.push(`no application/json content documented for ${exchange.status}`);
  } else {
    const contentType = exchange.headers.get('content-type') ?? '';
    if (!/^application\/json\b/.test(contentType)) problems.push(`the content type is ${contentType}, not JSON`);
    let body: unknown;
    try {
      body = JSON.parse(exchange.text);
    } catch {
      problems.push(`the body is not JSON: ${exchange.text.slice(0, 200)}`);
    }
    if (body !== undefined) validate([...response.at, 'content', 'application/json', 'schema'], body, 'the body');
  }

  // The headers: the correlation id on every response, location on 201, retry-after on 429, any required one.
  const headers = (response.value['headers'] ?? {}) as Json;
  const names = Object.keys(headers).map((name) => name.toLowerCase());
  const expected = ['x-correlation-id'];
  if (exchange.status === 201) expected.push('location');
  if (exchange.status === 429) expected.push('retry-after');
  for (const name of expected) {
    if (!names.includes(name)) problems.push(`the ${exchange.status} response does not document the ${name} header`);
  }
  for (const [name, header] of Object.entries(headers)) {
    const resolved = resolve(document, { value: header as Json, at: [...response.at, 'headers', name] });
    const value = exchange.headers.get(name);
    if (value === null) {
      if (resolved.value['required'] === true || expected.includes(name.toLowerCase()))
        problems.push(`the documented header ${name} is missing`);
      continue;
    }
    const schema = resolved.value['schema'] as Json | undefined;
    if (schema === undefined) continue;
    const type = resolve(document, { value: schema, at: [...resolved.at, 'schema'] }).value['type'];
    const typed = type === 'integer' || type === 'number' ? Number(value) : value;
    validate([...resolved.at, 'schema'], typed, `the ${name} header ${JSON.stringify(value)}`);
  }

  // The request: the correlation id header is a documented parameter; a success took only documented query
  // parameters, and a body the document accepts.
  const parameters = ((operation['parameters'] ?? []) as Json[]).map(
    (parameter, at) => resolve(document, { value: parameter, at: [...operationAt, 'parameters', String(at)] }).value,
  );
  const declared = (where: string) =>
    new Set(parameters.filter((parameter) => parameter['in'] === where).map((parameter) => parameter['name']));
  if (!declared('header').has('x-correlation-id'))
    problems.push('the x-correlation-id request header is not a documented parameter');
  if (exchange.status < 300) {
    const query = new Map(
      parameters.flatMap((parameter, at) =>
        parameter['in'] === 'query' ? [[parameter['name'] as string, at] as const] : [],
      ),
    );
    const sent = new Map<string, string[]>();
    for (const [key, value] of new URLSearchParams(exchange.query)) sent.set(key, [...(sent.get(key) ?? []), value]);
    for (const [key, values] of sent) {
      const at = query.get(key);
      if (at === undefined) {
        problems.push(`the query parameter ${key} is not documented`);
        continue;
      }
      const schemaAt = [...operationAt, 'parameters', String(at), 'schema'];
      const schema = (parameters[at] as Json)['schema'] as Json;
      validate(schemaAt, queryValue(schema, values), `the query parameter ${key}=${values.join(',')}`);
      if (schema['contentMediaType'] === 'application/json')
        validate([...schemaAt, 'contentSchema'], JSON.parse(values[0] ?? ''), `the JSON of ${key}`);
    }
    if (exchange.requestBody !== undefined) {
      const requestBody = operation['requestBody'] as Json | undefined;
      if (requestBody === undefined) problems.push('a body was accepted where none is documented');
      else {
        const located = resolve(document, { value: requestBody, at: [...operationAt, 'requestBody'] });
        validate(
          [...located.at, 'content', 'application/json', 'schema'],
          JSON.parse(exchange.requestBody),
          'the accepted request body',
        );
      }
    }
  }
  return problems;
}

/**
 * The values of one query parameter as its `form` schema reads them: an array of the values (each typed as the
 * items are) for an array, else the one value typed (a repeated scalar stays an array, which fails its schema).
 */
function queryValue(schema: Json, values: readonly string[]): unknown {
  const typed = (type: unknown, value: string): unknown =>
    type === 'integer' || type === 'number'
      ? Number(value)
      : type === 'boolean'
        ? value === 'true'
          ? true
          : value === 'false'
            ? false
            : value
        : value;
  if (schema['type'] === 'array') return values.map((value) => typed((schema['items'] as Json)['type'], value));
  return values.length === 1 ? typed(schema['type'], values[0] as string) : values;
}
