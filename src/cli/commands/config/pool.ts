/**
 * Runs `work` on every item with at most `limit` running at once, and resolves when all are done.
 * `work` must not reject: each item's failure is its own business (one endpoint failing does not stop
 * the others).
 */
export async function forEachBounded<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
