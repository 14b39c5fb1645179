/** Follows `nextCursor` until the server has no more pages; bounded, in case a server keeps handing out cursors. */
export async function listAll<T>(
  page: (cursor: string | undefined) => Promise<{ nextCursor?: string; items: T[] }>,
): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    const { items, nextCursor } = await page(cursor);
    all.push(...items);
    if (nextCursor === undefined || nextCursor === cursor) return all;
    cursor = nextCursor;
  }
  return all;
}
