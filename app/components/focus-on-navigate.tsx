import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * After a client-side move to another page, focus goes to that page's main heading, as a full
 * page load would put the reader at the top (docs/decisions/0014-navigation-focus-and-toasts.md).
 * Not on the first load, and not when only the query or the state of the same page changes (a
 * filter, a pager, a form that answers on its own page keeps the reader where they are).
 */
export function FocusHeadingOnNavigate() {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = pathname;
    if (before === null || before === pathname) return;
    const heading = document.querySelector<HTMLElement>("main h1");
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
