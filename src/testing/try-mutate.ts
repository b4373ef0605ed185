/** Mutates a value, tolerating frozen records (a frozen record protects the store as well). */
export function tryMutate(mutate: () => void): void {
  try {
    mutate();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
  }
}
