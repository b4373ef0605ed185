import { badRequest, HttpError } from '../errors/index';
import type { Where, WhereClause } from '../query/index';
import type { Resource } from '../resource/index';

type Row = Record<string, unknown>;

/** Which records a read sees on a resource with soft delete: the live ones (default), all, or only deleted ones. */
type DeletedMode = 'include' | 'only';

/** Programmatic input of `list` and `listByCursor` on a resource with soft delete. */
export interface DeletedInput {
  /** `'include'`: deleted records too; `'only'`: deleted records only; absent: live records only. */
  readonly deleted?: DeletedMode | undefined;
}

/**
 * What a write requires of the stored version (`If-Match`): a version number, an entity tag (`"3"`), a list of tags
 * (`"3", "4"`), or `'*'` (any existing record).
 */
export type IfMatch = number | string;

/** A parsed `If-Match`: any version, or one of these. */
export type VersionMatch = { readonly any: true } | { readonly versions: readonly number[] };

const TAG = /^"([1-9][0-9]{0,14})"$/;

/**
 * Reads an `If-Match` value (a header or the `ifMatch` option): `*`, a version number, or a comma-separated list of
 * strong entity tags of versions (`"3"`). A weak tag (`W/"3"`) never matches a write (strong comparison): it is
 * read as no version at all.
 *
 * @throws HttpError 400 for a value that is none of these.
 */
export function readIfMatch(value: unknown): VersionMatch | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 1) throw badRequest(['ifMatch must be a positive integer version']);
    return { versions: [value] };
  }
  if (typeof value !== 'string' || value.length > 1000) throw badRequest(['if-match must be an entity tag list']);
  const text = value.trim();
  if (text === '*') return { any: true };
  const versions: number[] = [];
  for (const part of text.split(',')) {
    const tag = part.trim();
    if (tag.startsWith('W/"') && TAG.test(tag.slice(2))) continue;
    const match = TAG.exec(tag);
    if (match === null) throw badRequest(['if-match must be "*" or entity tags such as "3" (quoted)']);
    versions.push(Number(match[1]));
  }
  return { versions };
}

/** Whether a stored version meets the match. */
export const versionMatches = (match: VersionMatch, version: unknown): boolean =>
  'any' in match || match.versions.includes(version as number);

/** @returns the 412 of a write whose `If-Match` does not match the stored version. */
export const preconditionFailed = (): HttpError =>
  new HttpError(412, 'the record has changed: its version no longer matches if-match');

/**
 * `where` with `clause` ANDed into it: into the clause, or into each clause of an OR array. A field both name keeps
 * both conditions (an operator object holds several).
 */
export function andWhere<TRecord>(where: Where<TRecord> | undefined, clause: WhereClause<TRecord>): Where<TRecord> {
  if (where === undefined) return clause;
  if (Array.isArray(where)) return (where as readonly WhereClause<TRecord>[]).map((one) => andClause(one, clause));
  return andClause(where as WhereClause<TRecord>, clause);
}

function andClause<TRecord>(a: WhereClause<TRecord>, b: WhereClause<TRecord>): WhereClause<TRecord> {
  const out: Row = { ...(a as Row) };
  for (const [field, condition] of Object.entries(b as Row)) {
    out[field] = Object.hasOwn(out, field) ? { ...asOperators(out[field]), ...asOperators(condition) } : condition;
  }
  return out as WhereClause<TRecord>;
}

/** A condition as an operator object: `null` is `isnull`, a plain value `eq`. */
function asOperators(condition: unknown): Row {
  if (condition === null) return { isnull: true };
  if (typeof condition === 'object' && !(condition instanceof Date) && !Array.isArray(condition))
    return condition as Row;
  return { eq: condition };
}

/** The soft-delete and version rules of one resource, for the service. */
export interface LifecycleRules {
  readonly softDelete: string | undefined;
  readonly version: string | undefined;
  /**
   * The request scope narrowed to the records a call sees: the live ones, or with `mode` all of them or only the
   * deleted ones; the scope itself for a resource without soft delete.
   */
  visible<TRecord>(
    scope: Where<TRecord> | undefined,
    mode?: DeletedMode | 'all' | undefined,
  ): Where<TRecord> | undefined;
}

/**
 * The lifecycle rules of a resource (see `defineResource`'s `softDelete` and `version`).
 *
 * @throws HttpError 400 (from `visible`) for a `deleted` mode other than `'include'` or `'only'`.
 */
export function lifecycleRules(resource: Resource): LifecycleRules {
  const { softDelete, version } = resource;
  if (softDelete === undefined)
    return {
      softDelete,
      version,
      visible(scope, mode) {
        checkMode(mode);
        if (mode === 'include' || mode === 'only')
          throw badRequest([`deleted: ${JSON.stringify(resource.name)} has no soft delete`]);
        return scope;
      },
    };
  // Deeply frozen: the query layer normalizes such a scope once and reuses it on every call.
  const live = Object.freeze({ [softDelete]: Object.freeze({ isnull: true }) });
  const deleted = Object.freeze({ [softDelete]: Object.freeze({ notnull: true }) });
  return {
    softDelete,
    version,
    visible<TRecord>(scope: Where<TRecord> | undefined, mode?: DeletedMode | 'all') {
      checkMode(mode);
      if (mode === 'all' || mode === 'include') return scope;
      return andWhere(scope, (mode === 'only' ? deleted : live) as WhereClause<TRecord>);
    },
  };
}

function checkMode(mode: unknown): void {
  if (mode !== undefined && mode !== 'include' && mode !== 'only' && mode !== 'all')
    throw badRequest([`deleted must be 'include' or 'only'`]);
}
