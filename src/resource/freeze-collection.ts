const refuse = (): never => {
  throw new TypeError('this collection of a defined resource is read-only');
};

/**
 * Makes a Map read-only at run time as well as in its type: `set`, `delete` and `clear` throw a `TypeError`, and
 * the object is frozen. A defined resource's allow-lists can then not be widened after `defineResource` checked them.
 */
export function freezeMap<K, V>(map: Map<K, V>): ReadonlyMap<K, V> {
  for (const method of ['set', 'delete', 'clear']) Object.defineProperty(map, method, { value: refuse });
  return Object.freeze(map);
}

/** Makes a Set read-only at run time as well as in its type: `add`, `delete` and `clear` throw a `TypeError`. */
export function freezeSet<T>(set: Set<T>): ReadonlySet<T> {
  for (const method of ['add', 'delete', 'clear']) Object.defineProperty(set, method, { value: refuse });
  return Object.freeze(set);
}
