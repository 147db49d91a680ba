/** Runs `work` over `items`, `size` at a time (sign-ups hash a password each: a few at once, not hundreds). */
export async function inBatches<T, R>(
  items: T[],
  size: number,
  work: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!, i);
      }
    }),
  );
  return results;
}
