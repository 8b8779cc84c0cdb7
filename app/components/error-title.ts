import { isRouteErrorResponse } from "@remix-run/react";

/**
 * The document title of an error page, so a 404 is not titled like the home page (the root's
 * meta, and every layout with an error boundary, use it: docs/decisions/0027-narrow-screens.md).
 */
export function errorPageTitle(error: unknown) {
  if (isRouteErrorResponse(error) && error.status === 404) return "Page not found · Inkwell";
  return "Something went wrong · Inkwell";
}
