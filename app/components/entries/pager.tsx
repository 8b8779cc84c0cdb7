import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";

/** Previous/next links that keep the other query parameters; plain links, so they work without JavaScript. */
export function Pager({ page, pageCount, search, label = "Pages" }: { page: number; pageCount: number; search: string; label?: string }) {
  if (pageCount <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    if (p <= 1) params.delete("page");
    else params.set("page", String(p));
    const q = params.toString();
    return q ? `?${q}` : ".";
  };
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className={buttonClass({ variant: "outline", size: "sm" })} rel="prev">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={href(page + 1)} className={buttonClass({ variant: "outline", size: "sm" })} rel="next">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
