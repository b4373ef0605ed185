/** Collects bind parameters and hands out their placeholders (`$1`, `$2`, ...). */
export class SqlParams {
  readonly values: unknown[] = [];

  /** Adds a value and returns its placeholder, with a cast when given. */
  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
}
