/**
 * Thrown responses for loaders and actions, so a route says what went wrong in one line and the
 * nearest error boundary renders it (see docs/decisions/0008-layout-and-actions.md).
 */

/** A 404 to throw: the thing asked for does not exist, or this user may not know it does. */
export function notFound(message = "Not Found"): Response {
  return new Response(message, { status: 404, headers: { "Content-Type": "text/plain" } });
}
