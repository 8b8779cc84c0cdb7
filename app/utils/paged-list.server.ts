import { pageCount } from "./paging";

/**
 * One page of a list and the list's total, read together. `rows` gets the page's window
 * ({ skip, take }) to spread into its findMany.
 */
export async function readPage<T>(
  page: number,
  pageSize: number,
  rows: (window: { skip: number; take: number }) => Promise<T[]>,
  count: () => Promise<number>,
) {
  const [items, total] = await Promise.all([
    rows({ skip: (page - 1) * pageSize, take: pageSize }),
    count(),
  ]);
  return { rows: items, total, page, pageCount: pageCount(total, pageSize) };
}
