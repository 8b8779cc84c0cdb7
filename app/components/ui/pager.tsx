import { Link, useLocation } from "@remix-run/react";
import { buttonClass } from "./button";

/**
 * Previous/next links for a `?page=` list. Plain links that keep the other query parameters,
 * so they work without JavaScript.
 */
export function Pager({
  page,
  pageCount,
  label = "Pages",
}: {
  page: number;
  pageCount: number;
  label?: string;
}) {
  const { pathname, search } = useLocation();
  if (pageCount <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    if (p <= 1) params.delete("page");
    else params.set("page", String(p));
    const q = params.toString();
    return q ? `${pathname}?${q}` : pathname;
  };
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link
          to={href(page - 1)}
          className={buttonClass({ variant: "outline", size: "sm" })}
          rel="prev"
        >
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link
          to={href(page + 1)}
          className={buttonClass({ variant: "outline", size: "sm" })}
          rel="next"
        >
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
