import type { Resource } from 'pagelope';
import type { LeakRequest, LeakSecret } from './find-leaks';

/** Options of {@link leakRequests}: what the resource's routes offer a client. */
export interface LeakRequestsOptions {
  /** The path of the resource's list route (`/posts`); its record routes are `{path}/:id`. */
  readonly path: string;
  /** The ids of records to read one by one (`GET {path}/:id`). */
  readonly ids?: readonly (string | number)[];
  /** Whether the routes hold `GET {path}/cursor` (default `false`). */
  readonly cursor?: boolean;
  /** The total modes a client may ask for (`total=`), as the list route's `clientTotal` (default none). */
  readonly totals?: readonly string[];
  /** Relations a client may embed (`include=`) and count (`counts=`). */
  readonly include?: readonly string[];
  readonly counts?: readonly string[];
  /**
   * Related fields to filter and sort by (`author.email`): where the secret is a related record's, these are the
   * paths it can be reached through.
   */
  readonly relationFields?: readonly string[];
}

/** A value as a query string writes it, or undefined for one it cannot (objects, null). */
function textOf(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** The probes of one field (or related path) with the secret's values: filters, orders, OR groups. */
function fieldProbes(field: string, values: readonly string[]): string[] {
  const queries = [`orderBy=${field}`, `orderBy=${field}&orderDirection=DESC`, `${field}[isnull]`, `${field}[notnull]`];
  for (const value of values) {
    const encoded = encodeURIComponent(value);
    const prefix = encodeURIComponent([...value].slice(0, 1).join(''));
    queries.push(`${field}[eq]=${encoded}`, `${field}[ne]=${encoded}`, `${field}[in]=${encoded}`);
    queries.push(`${field}[gt]=${encoded}`, `${field}[lte]=${encoded}`, `${field}[starts]=${prefix}`);
    queries.push(`${field}[contl]=${encoded}`, `or[0][${field}][eq]=${encoded}&or[1][${field}][isnull]`);
  }
  return queries;
}

/**
 * The requests of {@link findLeaks} for a secret, on the routes of `resource`: the list plain and paged, in each total
 * mode, each with every embed and count; then, for every field of the resource (hidden and unreadable ones too, which
 * must answer as unknown ones do) and every related path given, orders both ways, `select`, and filters with each of
 * the secret's values (equality, ranges, prefixes, lists, nulls, OR groups), a search for each value and its first
 * characters, and each of these on the cursor route; then each record read by id. A request the route refuses is
 * still compared: its 400 must not depend on the secret either.
 *
 * @example
 * leakRequests(users, secret, { path: '/users', ids: ['u1', 'u2'], totals: ['none', 'estimated'] });
 */
export function leakRequests(
  resource: Pick<Resource, 'fields'>,
  secret: LeakSecret,
  options: LeakRequestsOptions,
): readonly LeakRequest[] {
  const { path } = options;
  const values = secret.values.map(textOf).filter((value): value is string => value !== undefined && value !== '');
  const embeds = [
    '',
    ...(options.include ?? []).map((name) => `include=${name}`),
    ...(options.counts ?? []).map((name) => `counts=${name}`),
  ];
  const queries = ['', 'limit=1', 'limit=1&page=2', ...(options.totals ?? []).map((mode) => `total=${mode}`)];
  const listed = queries.flatMap((query) => embeds.map((embed) => [query, embed].filter(Boolean).join('&')));
  const fields = [...resource.fields.keys(), ...(options.relationFields ?? [])];
  const probes = fields.flatMap((field) => [`select=${field}`, ...fieldProbes(field, values)]);
  for (const value of values) {
    const text = [...value];
    for (const length of new Set([text.length, 2, 1]))
      probes.push(`search=${encodeURIComponent(text.slice(0, length).join(''))}`);
  }
  const get = (url: string): LeakRequest => ({ method: 'GET', url });
  return Object.freeze([
    ...listed.map((query) => get(query === '' ? path : `${path}?${query}`)),
    ...probes.map((query) => get(`${path}?${query}`)),
    ...(options.cursor === true ? ['', ...probes].map((query) => get(`${path}/cursor${query && '?'}${query}`)) : []),
    ...(options.ids ?? []).flatMap((id) =>
      embeds.map((embed) => get(`${path}/${encodeURIComponent(String(id))}${embed && '?'}${embed}`)),
    ),
  ]);
}
