import { Form, Link, NavLink, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { cn } from "./ui/cn";

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-base font-medium hover:bg-slate-100",
    isActive ? "text-ink-700 underline underline-offset-4" : "text-slate-700",
  );

function NavLinks({
  signedIn,
  isEducator,
  wide,
}: {
  signedIn: boolean;
  isEducator: boolean;
  wide: boolean;
}) {
  // Sign In comes back to this page, with its query (a classroom link's ?code=: ADR 0031).
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const signIn =
    pathname === "/" || pathname === "/login" || pathname === "/logout"
      ? "/login"
      : `/login?redirectTo=${encodeURIComponent(here)}`;
  return (
    <>
      <NavLink to="/" end className={navClass}>
        Home
      </NavLink>
      <NavLink to="/contests" className={navClass}>
        Contests
      </NavLink>
      <div className={wide ? "ml-auto flex items-center gap-2" : "flex flex-col gap-1"}>
        {signedIn ? (
          <>
            <NavLink to="/dashboard" className={navClass}>
              Dashboard
            </NavLink>
            {isEducator ? (
              <NavLink to="/educator" className={navClass}>
                My classes
              </NavLink>
            ) : null}
            <NavLink to="/account" className={navClass}>
              Account
            </NavLink>
            <Form method="post" action="/logout">
              <button
                type="submit"
                className="w-full whitespace-nowrap rounded-md px-3 py-2 text-left text-base font-medium text-slate-700 hover:bg-slate-100"
              >
                Sign Out
              </button>
            </Form>
          </>
        ) : (
          <NavLink to={signIn} className={navClass}>
            Sign In
          </NavLink>
        )}
      </div>
    </>
  );
}

/**
 * The header: a row of links on wide screens; below the md breakpoint a "Menu" disclosure
 * (`<details>`, so it opens without JavaScript) that drops the same links down in a column.
 * Only one of the two is displayed at a time, so each link is found once.
 */
export function SiteHeader({
  signedIn,
  isEducator = false,
}: {
  signedIn: boolean;
  /** An educator gets a "My classes" link (docs/decisions/0031-classrooms-and-shared-computers.md). */
  isEducator?: boolean;
}) {
  const location = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  // With JavaScript, the menu closes once its link has taken the reader to the next page.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.key]);
  return (
    <header className="relative border-b border-slate-200 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-3">
        <Link to="/" className="mr-2 font-serif text-xl font-bold text-ink-700 md:mr-4">
          Inkwell
        </Link>
        <div className="hidden flex-1 items-center gap-2 md:flex">
          <NavLinks signedIn={signedIn} isEducator={isEducator} wide />
        </div>
        <details ref={menu} className="group ml-auto md:hidden">
          <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-base font-medium text-slate-800 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
            <span aria-hidden>☰</span> Menu
          </summary>
          <div className="absolute inset-x-0 top-full z-40 flex flex-col gap-1 border-b border-slate-200 bg-white px-4 py-3 shadow-md">
            <NavLinks signedIn={signedIn} isEducator={isEducator} wide={false} />
          </div>
        </details>
      </nav>
    </header>
  );
}

export function SiteFooter({ testMailbox = false }: { testMailbox?: boolean }) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
        <p>© {new Date().getFullYear()} Inkwell. Writing contests for young authors.</p>
        <nav aria-label="Legal" className="flex gap-4">
          <Link to="/legal/terms" className="hover:underline">
            Terms of Service
          </Link>
          <Link to="/legal/privacy" className="hover:underline">
            Privacy Policy
          </Link>
          {testMailbox ? (
            <Link to="/test-mailbox" className="hover:underline">
              Test mailbox (not sent)
            </Link>
          ) : null}
        </nav>
      </div>
    </footer>
  );
}

/** With JavaScript, a slim bar and spinner show while the next page (and its session) loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-ink-500"
    >
      <span className="sr-only">Loading…</span>
    </div>
  );
}
