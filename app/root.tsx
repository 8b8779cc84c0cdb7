import { errorPageTitle } from "~/components/error-title";
import { ErrorPanel } from "~/components/error-panel";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "@remix-run/react";
import { SiteFooter, SiteHeader, NavigationProgress } from "./components/site-shell";
import { testMailbox } from "~/utils/env.server";
import { Toaster } from "./components/toaster";
import { FocusHeadingOnNavigate } from "./components/focus-on-navigate";
import stylesheet from "./tailwind.css?url";
import { draftOwnerOf, getSessionAccount } from "~/features/accounts/session.server";
import { useDraftHousekeeping } from "~/components/entries/entry-form-parts";
import { getToast } from "./utils/toast.server";
import { useNonce } from "./utils/nonce";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// An error page (a 404 above all) gets its own title, not the home page's.
export const meta: MetaFunction = ({ error }) => [
  { title: error ? errorPageTitle(error) : "Inkwell — Writing contests for young authors" },
  {
    name: "description",
    content:
      "Writing contests for young writers, judged anonymously by professionals with rubric scores and feedback.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [account, { toast, headers }] = await Promise.all([
    getSessionAccount(request),
    getToast(request),
  ]);
  const userId = account?.id ?? null;
  return data(
    {
      signedIn: Boolean(userId),
      // Names this account's drafts kept in the browser (ADR 0031); not the account's id.
      draftOwner: userId ? draftOwnerOf(userId) : null,
      // The header's "My classes" link (docs/decisions/0031-classrooms-and-shared-computers.md).
      isEducator: account?.isEducator ?? false,
      // The footer's link to the marked test mailbox, in test mode only (ADR 0043).
      testMailbox: testMailbox(),
      toast: toast
        ? { ...toast, id: `${Date.now()}-${Math.random().toString(36).slice(2)}` }
        : null,
    },
    { headers: headers ?? undefined },
  );
}

function Document({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  useDraftHousekeeping(rootData?.draftOwner ?? null);
  return (
    <Document>
      <NavigationProgress />
      <FocusHeadingOnNavigate />
      <SiteHeader
        signedIn={rootData?.signedIn ?? false}
        isEducator={rootData?.isEducator ?? false}
      />
      <Toaster toast={rootData?.toast ?? null} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter testMailbox={rootData?.testMailbox ?? false} />
    </Document>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ErrorPanel />;
}
