import { Link, useLocation } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";

/** Previous/next links for a `?page=` list; keeps the other query parameters. */
export function Pager({
  page,
  pageSize,
  total,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  label: string;
}) {
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(p));
    return `${location.pathname}?${params}`;
  };
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex items-center gap-3 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className={buttonClass({ variant: "outline", size: "sm" })}>
          Previous
        </Link>
      ) : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className={buttonClass({ variant: "outline", size: "sm" })}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}

/** Reads `?page=` as a whole number of at least 1. */
export function pageParam(url: URL | string) {
  const n = Number(new URL(url).searchParams.get("page") ?? "1");
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}
