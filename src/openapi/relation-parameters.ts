import { resolveRelations, type Resource } from '../resource/index';

/**
 * `include` and `counts` of a route that reads records (list, cursor, get): each a comma-separated list of the
 * relations the resource allows (`includable`, `countable`), as an array parameter that clients serialize with
 * `style: form, explode: false` (`include=author,reviews`). Neither is documented for a resource that allows none.
 */
export function embedParameters(resource: Resource): unknown[] {
  const relations = [...resolveRelations(resource).values()];
  const includable = relations.filter((relation) => relation.includable);
  const countable = relations.filter((relation) => relation.countable);
  const parameters: unknown[] = [];
  if (includable.length > 0) {
    const each = includable.map((relation) =>
      relation.kind === 'one'
        ? `\`${relation.name}\` (the related \`${relation.resource.name}\` record, or null)`
        : `\`${relation.name}\` (up to ${relation.maxEmbedded} \`${relation.resource.name}\` records)`,
    );
    parameters.push(
      listParameter(
        'include',
        includable.map((relation) => relation.name),
        `Relations each record embeds, comma-separated, each named once: ${each.join(', ')}. The embedded records are the related records visible to the request, whatever the filters.`,
      ),
    );
  }
  if (countable.length > 0) {
    parameters.push(
      listParameter(
        'counts',
        countable.map((relation) => relation.name),
        `Relations whose related records each record counts in \`_count\`, comma-separated, each named once: ${countable.map((relation) => `\`${relation.name}\``).join(', ')}.`,
      ),
    );
  }
  return parameters;
}

/**
 * `<relation>[match]` for each to-many relation a client may filter on: how its top-level conditions select
 * parents (`any` child matches them, `all` children do and there is at least one, `none` does).
 */
export function matchParameters(resource: Resource): unknown[] {
  const parameters: unknown[] = [];
  for (const relation of resolveRelations(resource).values()) {
    if (relation.kind !== 'many' || relation.filterable.size === 0) continue;
    parameters.push({
      name: `${relation.name}[match]`,
      in: 'query',
      required: false,
      description: `How the top-level conditions on \`${relation.name}\` (all on the same \`${relation.resource.name}\` record) select a record: \`any\` (default) at least one of its \`${relation.name}\` matches them, \`all\` it has at least one and every one matches, \`none\` none matches (a record without any matches). Needs a top-level condition on \`${relation.name}\`.`,
      schema: { type: 'string', enum: ['any', 'all', 'none'], default: 'any' },
    });
  }
  return parameters;
}

/** The to-one relation paths a client may sort by (`author.fullName`), in declaration order. */
export function sortPaths(resource: Resource): string[] {
  const paths: string[] = [];
  for (const relation of resolveRelations(resource).values()) {
    for (const field of relation.sortable) paths.push(`${relation.name}.${field}`);
  }
  return paths;
}

function listParameter(name: string, names: readonly string[], description: string): unknown {
  return {
    name,
    in: 'query',
    required: false,
    description,
    style: 'form',
    explode: false,
    schema: {
      type: 'array',
      items: { type: 'string', enum: [...names] },
      minItems: 1,
      maxItems: names.length,
      uniqueItems: true,
    },
  };
}
