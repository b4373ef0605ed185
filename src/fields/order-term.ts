/** Sort direction of one order term. */
export type OrderDirection = 'asc' | 'desc';

/** One sort key: a field and its direction. */
export interface OrderTerm<TField extends string = string> {
  readonly field: TField;
  readonly direction: OrderDirection;
}
