import type { Resource } from '../kit/index';
import { EqualityIndex } from './equality-index';
import type { IndexedStore } from './indexed-list';
import { OrderedIndex } from './ordered-index';
import { TextColumn } from './text-column';

type Row = Readonly<Record<string, unknown>>;

/**
 * The records of a memory repository, found by id through the id index, with an ordered `(field, id)` index per sortable field (the id
 * included), an equality index per enum or boolean field and a null-or-not index of the soft-delete field, all kept in
 * step on every change.
 */
export class MemoryStore implements IndexedStore {
  readonly ordered = new Map<string, OrderedIndex>();
  readonly equality = new Map<string, EqualityIndex>();
  /** Null-or-not indexes (`isnull`, `notnull`): the soft-delete field's, so counting live records costs nothing. */
  readonly presence = new Map<string, EqualityIndex>();
  readonly idField: string;
  readonly fields: Resource['fields'];
  private readonly byId: OrderedIndex;
  /** Packed text columns of string fields, built on first use by a substring filter (`null`: none fits). */
  private readonly texts = new Map<string, TextColumn | null>();
  /** Equality indexes of relating fields (a to-many relation's `field`), built on first use by a relation read. */
  private readonly relating = new Map<string, EqualityIndex>();
  /** Joined lower-cased text columns of the searches over several fields, by their fields (`null`: none fits). */
  private readonly searches = new Map<string, TextColumn | null>();
  /**
   * The rows by id in a hash map, built on first use by a relation read ({@link rowById}: a related store is read by
   * id many times a call) and kept in step with every write from then on (`undefined`: not built).
   */
  private ids: Map<unknown, Row> | undefined;

  constructor(resource: Resource) {
    this.idField = resource.idField;
    this.fields = resource.fields;
    for (const field of resource.sortable) this.ordered.set(field, new OrderedIndex(field, this.idField));
    for (const def of resource.fields.values()) {
      if (def.kind === 'enum' || def.kind === 'boolean')
        this.equality.set(def.name, new EqualityIndex(def.name, this.idField));
    }
    if (resource.softDelete !== undefined)
      this.presence.set(resource.softDelete, new EqualityIndex(resource.softDelete, this.idField, true));
    this.byId = this.ordered.get(this.idField) as OrderedIndex;
  }

  get size(): number {
    return this.byId.size;
  }

  /** The row with this id, found in the id index. */
  find(id: unknown): Row | undefined {
    const row = this.byId.find(id);
    // The index compares values of one type: a text id never finds a number id, nor the reverse.
    return row !== undefined && row[this.idField] === id ? row : undefined;
  }

  /**
   * The row with this id, as {@link find} answers, through a hash map of the ids (built now on first use, then kept
   * in step with writes): a relation read looks up many related records by id.
   */
  rowById(id: unknown): Row | undefined {
    let ids = this.ids;
    if (ids === undefined) {
      ids = new Map();
      for (const row of this.byId.toArray()) ids.set(row[this.idField], row);
      this.ids = ids;
    }
    const row = ids.get(id);
    // Map keys are equal by SameValueZero, as `find`'s strict comparison (no stored id is NaN).
    return row !== undefined && row[this.idField] === id ? row : undefined;
  }

  /**
   * The packed text column of a string field, with `lower` (lower-cased) packing ready; built on first use and rebuilt
   * once writes have worn it. `undefined` when no separator fits the values (callers then test rows one by one).
   */
  textColumn(field: string, lower: boolean): TextColumn | undefined {
    const column = this.texts.get(field);
    if (column === null) return undefined;
    if (column && !column.worn && column.ensure(lower)) return column;
    const modes = [...new Set([lower, ...(column?.modes ?? [])])];
    const built = TextColumn.build(this.byId.toArray(), field, this.idField, modes);
    this.texts.set(field, built ?? null);
    return built;
  }

  /**
   * The packed text column a search over `fields` reads, lower-cased: the field's own column for one field, else one
   * column of the fields' lower-cased values joined per row ({@link TextColumn.buildJoined}), built on first use from
   * the current rows and rebuilt once writes have worn it. `undefined` when no separator fits the values.
   */
  searchColumn(fields: readonly string[]): TextColumn | undefined {
    if (fields.length === 1) return this.textColumn(fields[0] as string, true);
    const key = fields.join(',');
    const column = this.searches.get(key);
    if (column === null) return undefined;
    if (column && !column.worn) return column;
    const built = TextColumn.buildJoined(this.byId.toArray(), fields, this.idField);
    this.searches.set(key, built ?? null);
    return built;
  }

  /**
   * The equality index of `field`: its own when it is enum-like, else one built now from the current rows on first
   * use (for the relating field of a to-many relation) and kept in step with every write from then on.
   */
  relatingIndex(field: string): EqualityIndex {
    const index = this.equality.get(field) ?? this.relating.get(field);
    if (index) return index;
    const built = new EqualityIndex(field, this.idField);
    built.load(this.byId.toArray());
    this.relating.set(field, built);
    return built;
  }

  /** Visits every row, reading the id index's chunks (plain arrays: faster than iterating the Map). */
  scan(visit: (row: Row) => void): void {
    this.byId.forEach(visit);
  }

  /**
   * Replaces the content with `rows`, building every index once. Returns the first duplicated id, if any (and then
   * loads nothing).
   */
  load(rows: readonly Row[]): unknown {
    this.ids = undefined;
    this.byId.load(rows);
    const inIdOrder = this.byId.toArray();
    for (let i = 1; i < inIdOrder.length; i++) {
      const id = (inIdOrder[i] as Row)[this.idField];
      if (id === (inIdOrder[i - 1] as Row)[this.idField]) {
        this.byId.load([]);
        return id;
      }
    }
    for (const index of this.ordered.values()) if (index !== this.byId) index.load(inIdOrder, true);
    for (const index of this.equality.values()) index.load(inIdOrder);
    for (const index of this.presence.values()) index.load(inIdOrder);
    for (const index of this.relating.values()) index.load(inIdOrder);
    this.texts.clear();
    this.searches.clear();
    return undefined;
  }

  add(row: Row): void {
    this.ids?.set(row[this.idField], row);
    for (const index of this.ordered.values()) index.insert(row);
    for (const index of this.equality.values()) index.add(row);
    for (const index of this.presence.values()) index.add(row);
    for (const index of this.relating.values()) index.add(row);
    for (const column of this.texts.values()) column?.add(row);
    for (const column of this.searches.values()) column?.add(row);
  }

  remove(row: Row): void {
    this.ids?.delete(row[this.idField]);
    for (const index of this.ordered.values()) index.remove(row);
    for (const index of this.equality.values()) index.remove(row);
    for (const index of this.presence.values()) index.remove(row);
    for (const index of this.relating.values()) index.remove(row);
    for (const column of this.texts.values()) column?.remove(row);
    for (const column of this.searches.values()) column?.remove(row);
  }

  /** Swaps a stored row for its new version, touching only the indexes whose field changed. */
  replace(previous: Row, next: Row): void {
    if (this.ids) {
      this.ids.delete(previous[this.idField]);
      this.ids.set(next[this.idField], next);
    }
    for (const index of this.ordered.values()) index.replace(previous, next);
    for (const index of this.equality.values()) index.replace(previous, next);
    for (const index of this.presence.values()) index.replace(previous, next);
    for (const index of this.relating.values()) index.replace(previous, next);
    for (const column of this.texts.values()) column?.replace(previous, next);
    for (const column of this.searches.values()) column?.replace(previous, next);
  }
}
