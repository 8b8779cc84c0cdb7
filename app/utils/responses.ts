/**
 * Thrown responses for loaders and actions, so a route says what went wrong in one line and the
 * nearest error boundary renders it (see docs/decisions/0008-layout-and-actions.md).
 */

/** A 404 to throw: the thing asked for does not exist, or this user may not know it does. */
export function notFound(message = "Not Found"): Response {
  return new Response(message, { status: 404, headers: { "Content-Type": "text/plain" } });
}

/** A private download (a certificate, a zip of them): never cached, saved under `fileName`. */
export function downloadResponse(body: Uint8Array, contentType: string, fileName: string) {
  return new Response(Buffer.from(body), {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${fileName.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
