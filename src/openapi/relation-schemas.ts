import { baseResource, resolveRelations, type Resource } from '../resource/index';
import type { JsonSchema } from './field-schema';
import { recordSchemas } from './record-schemas';
import { resourceNames } from './resource-names';

/**
 * Adds to a record schema the optional keys `include` and `counts` give an item: each includable to-one relation
 * as the related record or null, each includable to-many one as an array of at most `maxEmbedded` related records,
 * and `_count` with an integer per countable relation. `refOf(related)` names the component of a related record
 * (its visible fields, as the related resource's own routes answer it). Returns the related resources it named.
 */
export function addRelationProperties(
  record: JsonSchema,
  resource: Resource,
  refOf: (related: Resource) => string,
): Resource[] {
  const relations = [...resolveRelations(resource).values()];
  const named: Resource[] = [];
  const properties = (record['properties'] ??= {}) as Record<string, JsonSchema>;
  for (const relation of relations) {
    if (!relation.includable) continue;
    named.push(relation.resource);
    const ref = { $ref: `#/components/schemas/${refOf(relation.resource)}` };
    properties[relation.name] =
      relation.kind === 'one'
        ? {
            anyOf: [ref, { type: 'null' }],
            description: `With \`include=${relation.name}\`: the related \`${relation.resource.name}\` record, or null when there is none (or the request may not see it).`,
          }
        : {
            type: 'array',
            items: ref,
            maxItems: relation.maxEmbedded,
            description: `With \`include=${relation.name}\`: the first ${relation.maxEmbedded} related \`${relation.resource.name}\` records the request may see, in their default order.`,
          };
  }
  const countable = relations.filter((relation) => relation.countable);
  if (countable.length > 0) {
    properties['_count'] = {
      type: 'object',
      description: 'With `counts`: the number of related records the request may see, per relation named.',
      properties: Object.fromEntries(
        countable.map((relation) => [relation.name, { type: 'integer', minimum: 0 }] as const),
      ),
      additionalProperties: false,
    };
  }
  return named;
}

/**
 * Adds the record component of each related resource a document names but does not document itself (its visible
 * fields, without its own relations), under its singular name. `owners` holds the resource behind each documented
 * record component; a related resource whose name is another schema's is a TypeError (through `fail`).
 */
export function addRelatedComponents(
  schemas: Record<string, unknown>,
  owners: Map<string, Resource>,
  related: Iterable<Resource>,
  fail: (message: string) => never,
): void {
  for (const resource of related) {
    const base = baseResource(resource);
    const name = resourceNames(base).singular;
    const owner = owners.get(name);
    if (owner === base) continue;
    if (owner !== undefined || name in schemas || name === 'ErrorEnvelope')
      fail(`the related resource "${base.name}" gives the schema name ${name}, which another schema has; rename one`);
    const names = { record: name, create: `${name}Create`, replace: `${name}Replace`, patch: `${name}Patch` };
    schemas[name] = recordSchemas(base, names).record;
    owners.set(name, base);
  }
}
