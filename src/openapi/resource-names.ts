import type { Resource } from '../resource/index';

/** The names a resource gives its part of a document: tag, schema prefix and operation nouns. */
export interface ResourceNames {
  /** The tag: the resource's own name (`users`). */
  readonly tag: string;
  /** Singular PascalCase (`User`): the record schema's name and the noun of `getUser`, `createUser`, ... */
  readonly singular: string;
  /** Plural PascalCase (`Users`): the noun of `listUsers` and `listUsersByCursor`. */
  readonly plural: string;
}

/**
 * The document names of a resource: `users` gives `User` and `Users`, `categories` `Category`, `order-items`
 * `OrderItem`. The singular drops a final `s` (`ies` to `y`; `sses`, `xes`, `ches`, `shes` lose `es`); a name with
 * no plural ending (nor `ss`, `us`, `is`: `status`, `analysis`) stays as it is in both.
 */
export function resourceNames(resource: Pick<Resource, 'name'>): ResourceNames {
  const plural = pascalCase(resource.name);
  return Object.freeze({ tag: resource.name, singular: singularOf(plural), plural });
}

function pascalCase(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((word) => word.length > 0);
  const joined = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  // A name that starts with a digit or has no letters at all still gives a usable identifier.
  return /^[A-Za-z]/.test(joined) ? joined : `Resource${joined}`;
}

function singularOf(plural: string): string {
  if (/[^aeiou]ies$/i.test(plural)) return `${plural.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/i.test(plural)) return plural.slice(0, -2);
  if (/(ss|us|is)$/i.test(plural)) return plural;
  if (/s$/i.test(plural) && plural.length > 1) return plural.slice(0, -1);
  return plural;
}
