/**
 * Thrown responses for loaders and actions, so a route says what went wrong in one line and the
 * nearest error boundary renders it (see docs/decisions/0008-layout-and-actions.md).
 */

/** A 404 to throw: the thing asked for does not exist, or this user may not know it does. */
export function notFound(message = "Not Found"): Response {
  return new Response(message, { status: 404, headers: { "Content-Type": "text/plain" } });
}

/** Throws a `status` (default 400) response with `message` unless `condition` holds. */
export function invariantResponse(
  condition: unknown,
  message: string,
  init: ResponseInit = { status: 400 },
): asserts condition {
  if (!condition) {
    throw new Response(message, {
      ...init,
      headers: { "Content-Type": "text/plain", ...init.headers },
    });
  }
}
