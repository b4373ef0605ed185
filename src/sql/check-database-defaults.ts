import type { Resource } from 'pagelope/kit';

/**
 * The `databaseDefaults` option of a SQL repository (the fields the database fills when a write gives none) checked
 * and without repeats.
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
