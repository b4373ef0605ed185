import type { IssueLike } from '../fields/index';

type Row = Record<string, unknown>;

/** Formats zod issues as one message per issue: `"field: message"`, each path under `prefix` when given. */
export function issueMessages(issues: readonly IssueLike[], prefix?: string): string[] {
  return issues.slice(0, 20).map((issue) => {
    const path = [...(prefix === undefined ? [] : [prefix]), ...issue.path.map(String)].join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
}

/**
 * The issues of a whole-record validation, with the one of a top-level key the body lacks (or gives as `undefined`)
 * saying that the field is required: zod's own message for it names the value's type, and for a coercing schema
 * (`z.coerce.date()` turns `undefined` into an invalid `Date`) a type the client never sent.
 */
export function requiredIssues(issues: readonly IssueLike[], body: Readonly<Row>): IssueLike[] {
  return issues.map((issue) => {
    const key = issue.path[0];
    const absent = issue.path.length === 1 && typeof key === 'string' && body[key] === undefined;
    return absent ? { path: issue.path, message: 'the field is required' } : issue;
  });
}
