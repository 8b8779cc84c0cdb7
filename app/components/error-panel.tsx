import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";

/**
 * What an error boundary shows: 'Oops! Page not found' for a 404, the message of another 4xx
 * response, and a neutral apology for anything else (the server has logged it). Used by the root
 * and by each layout (admin, judge), so a layout's navigation survives its child's error.
 */
export function ErrorPanel({
  backTo = "/",
  backLabel = "Return to Home",
}: {
  backTo?: string;
  backLabel?: string;
}) {
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
            {isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string"
              ? error.data
              : "An unexpected error occurred on our side. It has been logged; please try again in a moment."}
          </p>
        </>
      )}
      <Link to={backTo} className={buttonClass({}, "mt-8")}>
        {backLabel}
      </Link>
    </div>
  );
}
