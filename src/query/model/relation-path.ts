/** A relation path split at its dot: the relation's name and the related field's. */
export interface RelationPathParts {
  readonly relation: string;
  readonly field: string;
}

/**
 * Splits an order term's or a filter key's `relation.field` path; `undefined` for a plain field name (field names
 * never hold a dot).
 *
 * @example
 * relationPathOf('author.fullName'); // { relation: 'author', field: 'fullName' }
 * relationPathOf('title'); // undefined
 */
export function relationPathOf(path: string): RelationPathParts | undefined {
  const dot = path.indexOf('.');
  if (dot === -1) return undefined;
  return { relation: path.slice(0, dot), field: path.slice(dot + 1) };
}
