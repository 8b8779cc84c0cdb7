// The visitor page cache (docs/decisions/0021-performance.md). A signed-out visitor's public
// pages are the same for everyone, so each server process keeps the rendered HTML of a few of
// them for a few seconds. The CSP nonce stays per response: these pages are rendered with a
// placeholder (random per process, never sent) that is replaced by the request's own nonce on
// every answer. An ETag of the page without its nonce lets a browser revalidate (304).
import crypto from "node:crypto";

/** Public pages a visitor sees alike (paths only; the query string is part of the key). */
const VISITOR_PAGES = [
  /^\/$/,
  /^\/contests\/?$/,
  /^\/contests\/[^/]+\/?$/,
  /^\/contests\/[^/]+\/results\/?$/,
  /^\/legal\/(privacy|terms)\/?$/,
];
/** Headers of the rendered response that are not kept (set per answer, or by other middleware). */
const DROPPED = new Set(["content-length", "etag", "cache-control", "date", "set-cookie"]);

/** What the cache reads of a request (Express's, or a test's stand-in). */
type PageRequest = {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
};
/** What the cache calls on a response (Express's, or a test's stand-in). */
type PageResponse = {
  status(code: number): { end(): unknown };
  setHeader(name: string, value: string): unknown;
  append(name: string, value: string): unknown;
  removeHeader(name: string): unknown;
  send(body: string): unknown;
  end(): unknown;
};
type CachedPage = {
  status: number;
  headers: [string, string][];
  html: string;
  etag: string;
  expires: number;
  setCookies: string[];
};
/** A page read from a response: kept in the cache, or to be sent once. */
type TakenPage = CachedPage & { kept?: boolean };

export function createVisitorPageCache({
  ttlMs = 5_000,
  maxEntries = 200,
  maxBytes = 512 * 1024,
  now = Date.now,
}: { ttlMs?: number; maxEntries?: number; maxBytes?: number; now?: () => number } = {}) {
  const placeholder = crypto.randomBytes(24).toString("hex");
  const pages = new Map<string, CachedPage>();

  /** A GET for a public page from someone with no cookie at all (no session, no toast). */
  function applies(req: PageRequest) {
    return (
      req.method === "GET" &&
      !req.headers.cookie &&
      !req.headers.authorization &&
      VISITOR_PAGES.some((re) => re.test(req.path))
    );
  }

  function lookup(key: string): TakenPage | undefined {
    const page = pages.get(key);
    if (page && page.expires > now()) return page;
    if (page) pages.delete(key);
    return undefined;
  }

  /**
   * Reads a response rendered with `placeholder` as nonce. HTML 200 answers without cookies are
   * kept; any other HTML is returned once (for its nonce to be replaced) and not kept; non-HTML
   * answers give null and are sent as they are.
   */
  async function take(key: string, response: Response): Promise<TakenPage | null> {
    const type = response.headers.get("content-type") ?? "";
    if (!type.startsWith("text/html")) return null;
    const html = await response.text();
    const headers = [...response.headers.entries()].filter(([k]) => !DROPPED.has(k));
    const page: CachedPage = {
      status: response.status,
      headers,
      html,
      // Without the placeholder, so every process gives the same page the same tag.
      etag: `W/"${crypto.createHash("sha1").update(html.replaceAll(placeholder, "")).digest("base64url")}"`,
      expires: now() + ttlMs,
      setCookies: response.headers.getSetCookie(),
    };
    const keep =
      response.status === 200 &&
      page.setCookies.length === 0 &&
      Buffer.byteLength(html) <= maxBytes;
    if (keep) {
      pages.delete(key);
      const oldest = pages.keys().next();
      if (pages.size >= maxEntries && !oldest.done) pages.delete(oldest.value);
      pages.set(key, page);
    }
    return { ...page, kept: keep };
  }

  /** Sends a page with this answer's nonce; 304 when the browser's copy is the same page. */
  function send(req: PageRequest, res: PageResponse, page: TakenPage, nonce: string) {
    res.status(page.status);
    for (const [k, v] of page.headers) res.setHeader(k, v);
    for (const c of page.setCookies) res.append("Set-Cookie", c);
    if (page.kept !== false) {
      res.setHeader("ETag", page.etag);
      res.setHeader("Cache-Control", "private, no-cache");
      if (req.headers["if-none-match"] === page.etag) {
        // The browser keeps its stored page and the headers that came with it, its CSP (and
        // nonce) included: a new nonce here would not match the page it already has.
        res.removeHeader("Content-Security-Policy");
        res.status(304).end();
        return;
      }
    }
    res.send(page.html.replaceAll(placeholder, nonce));
  }

  return { placeholder, applies, lookup, take, send, clear: () => pages.clear() };
}

/** The message a worker sends to the cluster's primary, which passes it to every worker. */
export const PURGE_MESSAGE = "inkwell:purge-visitor-pages";
/** The key the app calls (app/utils/visitor-pages.server.ts). */
const PURGE_KEY = Symbol.for("inkwell.purgeVisitorPages");

/**
 * Lets the app empty the visitor page cache when a public page must change at once (a writer's
 * name taken back, docs/decisions/0042-a-childs-words-and-name.md): this process's cache at
 * once, and in a cluster every worker's through the primary (server/cluster.ts).
 */
export function registerVisitorPagePurge(clear: () => void) {
  (globalThis as Record<symbol, unknown>)[PURGE_KEY] = () => {
    clear();
    if (process.send) process.send({ type: PURGE_MESSAGE });
  };
  process.on("message", (message: unknown) => {
    if ((message as { type?: unknown } | null)?.type === PURGE_MESSAGE) clear();
  });
}
