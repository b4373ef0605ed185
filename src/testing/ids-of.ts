/** The ids of records, in their order. */
export const idsOf = (records: readonly { readonly id: string }[]): string[] => records.map((record) => record.id);
