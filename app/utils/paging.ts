/** Paging shared by every list: `?page=` parsing and page counts (queries page in SQL with these). */
export function pageParam(url: URL | string, name = "page") {
  const n = Number(new URL(url).searchParams.get(name));
  return Number.isInteger(n) && n > 1 && n < 1_000_000 ? n : 1;
}

export function pageCount(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize));
}
