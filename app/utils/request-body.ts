// What a request body may be, decided before anything reads it (docs/decisions/0010-hardening.md).
// The server (server/) applies it in front of Remix; the app reads the same limits.

/** Every form on the site fits in this; the longest field (a contest's rules) is 10,000 characters. */
export const FORM_BODY_LIMIT = 1024 * 1024;
/** Webhooks and the workflow endpoint authenticate themselves and send JSON. */
export const API_BODY_LIMIT = 4 * 1024 * 1024;
/**
 * An entry form: a 10 MB file, a story of up to 2 MB and the small fields. A larger file is still
 * read (and discarded) up to this size so the writer gets the 10 MB message rather than a cut connection.
 */
export const UPLOAD_BODY_LIMIT = 64 * 1024 * 1024;

/** Routes whose multipart bodies stream to their own upload code (which counts every byte). */
export const UPLOAD_ROUTES = [/^\/contests\/[^/]+\/enter(?:\.data)?$/];
/** Routes that take other bodies than forms. */
export const API_ROUTES = [/^\/api\//];

export const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export const BODY_MESSAGES = {
  tooLarge:
    "This request is too large. A form can send up to 1 MB of text; an entry file can be up to 10 MB.",
  notAForm:
    "This address accepts form submissions only (application/x-www-form-urlencoded or multipart/form-data).",
  unreadable: "The form could not be read. Please reload the page and try again.",
  encoded: "Compressed request bodies are not accepted.",
};

type BodyPolicy =
  | { action: "pass" }
  | { action: "buffer" | "stream"; limit: number }
  | { action: "refuse"; status: 400 | 413 | 415; message: string };

/** "Multipart/Form-Data; boundary=x" → "multipart/form-data"; missing → "". */
export function mediaType(contentType: string | null | undefined): string {
  return typeof contentType === "string" ? contentType.split(";")[0].trim().toLowerCase() : "";
}

/**
 * What to do with one request's body.
 *   pass    — no body to read (GET, or an empty POST)
 *   buffer  — read it whole, refusing past `limit` while it streams (413)
 *   stream  — hand the stream to the route, which limits it itself
 *   refuse  — answer `status` with `message` without reading it
 */
export function bodyPolicy(req: {
  method: string;
  path: string;
  contentType?: string;
  contentLength?: string;
  transferEncoding?: string;
  contentEncoding?: string;
}): BodyPolicy {
  const method = req.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return { action: "pass" };
  const length = req.contentLength === undefined ? null : Number(req.contentLength);
  const hasBody = Boolean(req.transferEncoding) || (length !== null && length > 0);
  if (!hasBody) return { action: "pass" };
  const encoding = (req.contentEncoding ?? "identity").trim().toLowerCase();
  if (encoding !== "identity" && encoding !== "")
    return { action: "refuse", status: 415, message: BODY_MESSAGES.encoded };

  const api = API_ROUTES.some((re) => re.test(req.path));
  const type = mediaType(req.contentType);
  if (!api && !FORM_TYPES.includes(type))
    return { action: "refuse", status: 415, message: BODY_MESSAGES.notAForm };
  if (type === "multipart/form-data" && !/boundary=/i.test(req.contentType ?? ""))
    return { action: "refuse", status: 400, message: BODY_MESSAGES.unreadable };

  const upload =
    !api && type === "multipart/form-data" && UPLOAD_ROUTES.some((re) => re.test(req.path));
  const limit = api ? API_BODY_LIMIT : upload ? UPLOAD_BODY_LIMIT : FORM_BODY_LIMIT;
  if (length !== null && Number.isFinite(length) && length > limit)
    return { action: "refuse", status: 413, message: BODY_MESSAGES.tooLarge };
  return upload ? { action: "stream", limit } : { action: "buffer", limit };
}
