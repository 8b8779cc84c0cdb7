import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { SiteFooter, SiteHeader, NavigationProgress } from "./components/site-shell";
import { Toaster } from "./components/toaster";
import { buttonClass } from "./components/ui/button";
import stylesheet from "./tailwind.css?url";
import { getUserId } from "~/features/accounts/session.server";
import { getToast } from "./utils/toast.server";
import { useNonce } from "./utils/nonce";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Inkwell — Writing contests for young authors" },
  {
    name: "description",
    content:
      "Writing contests for young writers, judged anonymously by professionals with rubric scores and feedback.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [userId, { toast, headers }] = await Promise.all([getUserId(request), getToast(request)]);
  return data(
    {
      signedIn: Boolean(userId),
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
  return (
    <Document>
      <NavigationProgress />
      <SiteHeader signedIn={rootData?.signedIn ?? false} />
      <Toaster toast={rootData?.toast ?? null} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </Document>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      {notFound ? (
        <>
          <p className="text-6xl font-bold text-ink-600">404</p>
          <h1 className="mt-4 text-2xl font-bold">Oops! Page not found</h1>
          <p className="mt-2 text-slate-600">
            The page you were looking for does not exist or has moved.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold">Something went wrong</h1>
          <p className="mt-2 text-slate-600">
            {isRouteErrorResponse(error) &&
            (error.status < 500 || error.status === 503) &&
            typeof error.data === "string"
              ? error.data
              : "An unexpected error occurred on our side. It has been logged; please try again in a moment."}
          </p>
        </>
      )}
      <Link to="/" className={buttonClass({}, "mt-8")}>
        Return to Home
      </Link>
    </div>
  );
}
