import { CORRELATION_ID_HEADER } from '../errors/index';
import type { OpenApiOptions } from './open-api-options';

type Fail = (message: string) => never;

const SCHEME_KEYS: Readonly<Record<string, readonly string[]>> = {
  apiKey: ['name', 'in'],
  http: ['scheme', 'bearerFormat'],
  oauth2: ['flows'],
  openIdConnect: ['openIdConnectUrl'],
  mutualTLS: [],
};
const API_KEY_IN = new Set(['header', 'query', 'cookie']);
const HEADER_NAME = /^[a-z0-9][a-z0-9-]{0,127}$/;
/** OpenAPI ignores header parameters with these names; the correlation id is documented on every operation. */
const RESERVED_HEADERS = new Set(['accept', 'authorization', 'content-type', CORRELATION_ID_HEADER]);
const HEADER_KEYS = new Set(['required', 'description', 'schema']);
/** Names that would reach an object's prototype chain as keys. */
const UNSAFE_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const own = (value: Record<string, unknown>) => Object.keys(value);

/**
 * Checks the `securitySchemes`, `security` and `headers` options of `toOpenApi`, calling `fail` with the first
 * problem: a scheme that is not one of OpenAPI's five types with their required keys, a requirement that names an
 * undeclared scheme or whose scopes are not strings, a header whose name is not lowercase `a-z0-9-` (1 to 128
 * characters) or is reserved, or whose options are not `{ required?, description?, schema? }`.
 */
export function checkSecurityAndHeaders(options: OpenApiOptions, fail: Fail): void {
  const schemes = options.securitySchemes as unknown;
  if (schemes !== undefined && !isObject(schemes)) fail('securitySchemes must be an object of schemes by name');
  for (const name of own((schemes ?? {}) as Record<string, unknown>))
    checkScheme(name, (schemes as Record<string, unknown>)[name], fail);
  const security = options.security as unknown;
  if (security !== undefined && !Array.isArray(security)) fail('security must be an array of requirements');
  for (const requirement of (security ?? []) as unknown[]) {
    if (!isObject(requirement)) fail('each security requirement must be an object of scheme names to scopes');
    for (const name of own(requirement as Record<string, unknown>)) {
      if (!isObject(schemes) || !Object.hasOwn(schemes, name))
        fail(`security names the scheme ${JSON.stringify(name)}, which securitySchemes does not declare`);
      const scopes = (requirement as Record<string, unknown>)[name];
      if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === 'string'))
        fail(`the scopes of ${JSON.stringify(name)} in security must be an array of strings`);
    }
  }
  const headers = options.headers as unknown;
  if (headers !== undefined && !isObject(headers)) fail('headers must be an object of headers by name');
  for (const name of own((headers ?? {}) as Record<string, unknown>)) {
    if (!HEADER_NAME.test(name)) fail(`header name ${JSON.stringify(name)} must be lowercase a-z, 0-9 and "-"`);
    if (RESERVED_HEADERS.has(name)) fail(`header ${name} cannot be declared: use securitySchemes for authentication`);
    const header = (headers as Record<string, unknown>)[name];
    if (!isObject(header)) fail(`header ${name} must be an object { required?, description?, schema? }`);
    const { required, description, schema } = header as Record<string, unknown>;
    for (const key of own(header as Record<string, unknown>))
      if (!HEADER_KEYS.has(key)) fail(`unknown key "${key}" of header ${name}`);
    if (required !== undefined && typeof required !== 'boolean') fail(`header ${name}: required must be a boolean`);
    if (description !== undefined && typeof description !== 'string')
      fail(`header ${name}: description must be a string`);
    if (schema !== undefined && !isObject(schema)) fail(`header ${name}: schema must be a JSON Schema object`);
  }
}

function checkScheme(name: string, scheme: unknown, fail: Fail): void {
  const label = `security scheme ${JSON.stringify(name)}`;
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(name) || UNSAFE_NAMES.has(name))
    fail(`${label}: the name must be 1 to 64 of A-Z a-z 0-9 . _ -`);
  if (!isObject(scheme)) fail(`${label} must be an object with a type`);
  const { type, description } = scheme as Record<string, unknown>;
  const keys = typeof type === 'string' && Object.hasOwn(SCHEME_KEYS, type) ? SCHEME_KEYS[type] : undefined;
  if (keys === undefined) fail(`${label}: type must be apiKey, http, oauth2, openIdConnect or mutualTLS`);
  for (const key of own(scheme as Record<string, unknown>))
    if (key !== 'type' && key !== 'description' && !keys?.includes(key)) fail(`${label}: unknown key "${key}"`);
  if (description !== undefined && typeof description !== 'string') fail(`${label}: description must be a string`);
  const value = (key: string) => (scheme as Record<string, unknown>)[key];
  const text = (key: string) => typeof value(key) === 'string' && (value(key) as string).length > 0;
  if (type === 'apiKey' && (!text('name') || !API_KEY_IN.has(value('in') as string)))
    fail(`${label}: an apiKey scheme needs a name and in: header, query or cookie`);
  if (type === 'http' && (!text('scheme') || (value('bearerFormat') !== undefined && !text('bearerFormat'))))
    fail(`${label}: an http scheme needs a scheme string (bearer, basic, ...)`);
  if (type === 'oauth2' && !isObject(value('flows'))) fail(`${label}: an oauth2 scheme needs a flows object`);
  if (type === 'openIdConnect' && !text('openIdConnectUrl'))
    fail(`${label}: an openIdConnect scheme needs an openIdConnectUrl`);
}
