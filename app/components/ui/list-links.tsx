import { useLocation, useNavigate } from "@remix-run/react";
import { useCallback } from "react";

/** A link's markup as `<Link to={href}>` renders it (a path of this site, no prefetch). */
export const listLinkProps = (href: string) => ({ "data-discover": "true", href });

type Anchor = { href: string; target: string; hasAttribute(name: string): boolean };
/** What the handler reads of a click (a React mouse event on the list). */
export type ListClick = {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  target: unknown;
  currentTarget: { contains(node: never): boolean };
};

/**
 * The path a click on the list follows in the browser, or null when the browser should have it:
 * `<Link>`'s own test (the main button, no modifier key, no other target) and an anchor of the
 * list, without `download`, to a page of this site.
 */
export function followedPath(event: ListClick, origin: string): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const target = event.target as { closest?: (selector: string) => Anchor | null } | null;
  const anchor = typeof target?.closest === "function" ? target.closest("a") : null;
  if (!anchor || !event.currentTarget.contains(anchor as never)) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  const url = new URL(anchor.href, origin);
  if (url.origin !== origin) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * The links of a long list as plain anchors (`listLinkProps`), followed in the browser as
 * `<Link>` follows them, by one click handler on the list (docs/decisions/0081-judge-queue-cpu.md):
 * a `<Link>` costs each row several hooks and three path resolutions on the server's render. The
 * same path is replaced, as `<Link>` does; without JavaScript every anchor is an ordinary link.
 */
export function useListLinkClicks() {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const here = pathname + search + hash;
  return useCallback(
    (event: ListClick & { preventDefault(): void }) => {
      const to = followedPath(event, window.location.origin);
      if (to === null) return;
      event.preventDefault();
      navigate(to, { replace: to === here });
    },
    [navigate, here],
  );
}
