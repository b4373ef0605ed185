// What the repository's writes need beside their SQL: which field each bind parameter holds (for the write-error
// mapper) and the checked `databaseDefaults` option.
import type { Resource } from 'pagelope/kit';

/** The field of each bind parameter (`$n`, possibly cast) among `placeholders`, which hold the values of `names`. */
export function fieldsOfParams(names: readonly string[], placeholders: readonly string[]): Map<number, string> {
  const map = new Map<number, string>();
  placeholders.forEach((placeholder, i) => {
    const number = /^\$(\d+)/.exec(placeholder)?.[1];
    if (number !== undefined) map.set(Number(number), names[i] as string);
  });
  return map;
}

/**
 * The `databaseDefaults` option checked and without repeats.
 *
 * @throws TypeError when it names a field the resource does not have.
 */
export function checkDatabaseDefaults(resource: Resource, names: readonly string[] = []): string[] {
  for (const name of names) {
    if (typeof name !== 'string' || !resource.fields.has(name)) {
      throw new TypeError(`databaseDefaults: ${resource.name} has no field ${JSON.stringify(String(name))}`);
    }
  }
  return [...new Set(names)];
}
