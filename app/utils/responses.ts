/**
 * Thrown responses for loaders and actions, so a route says what went wrong in one line and the
 * nearest error boundary renders it (see docs/decisions/0008-layout-and-actions.md).
 */

/** A 404 to throw: the thing asked for does not exist, or this user may not know it does. */
export function notFound(message = "Not Found"): Response {
  return new Response(message, { status: 404, headers: { "Content-Type": "text/plain" } });
}

/**
 * An attachment's Content-Disposition: the name as it is (any script) in RFC 5987's
 * `filename*`, which browsers prefer, and an ASCII `filename` for the rest (each other
 * character an underscore). Nothing typed can break out of the header's quotes.
 */
export function attachmentDisposition(fileName: string) {
  const ascii = fileName.replace(/[^\w.-]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A private download (a certificate, a zip of them): never cached, saved under `fileName`. */
export function downloadResponse(body: Uint8Array, contentType: string, fileName: string) {
  return new Response(Buffer.from(body), {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": attachmentDisposition(fileName),
      "Cache-Control": "private, no-store",
    },
  });
}
