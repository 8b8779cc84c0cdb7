/** Paging shared by every list: `?page=` parsing and page counts (queries page in SQL with these). */
export function pageParam(url: URL | string, name = "page") {
  return parsePage(new URL(url).searchParams.get(name));
}

/** A page number from any input (a query parameter, a form field): 2..999,999, else 1. */
export function parsePage(value: unknown) {
  if (typeof value !== "string" || !/^\d{1,6}$/.test(value)) return 1;
  const n = Number(value);
  return n > 1 ? n : 1;
}

export function pageCount(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize));
}
