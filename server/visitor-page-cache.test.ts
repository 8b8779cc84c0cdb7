import { describe, expect, test } from "vitest";
import { createVisitorPageCache } from "./visitor-page-cache";

type Sent = { status: number; headers: Record<string, string | string[]>; body?: string };
function fakeRes(sent: Sent, preset: Record<string, string> = {}) {
  Object.assign(sent.headers, preset);
  const res = {
    status(code: number) {
      sent.status = code;
      return res;
    },
    setHeader(k: string, v: string) {
      sent.headers[k.toLowerCase()] = v;
    },
    append(k: string, v: string) {
      const key = k.toLowerCase();
      const had = sent.headers[key];
      sent.headers[key] = had ? [...(Array.isArray(had) ? had : [had]), v] : [v];
    },
    removeHeader(k: string) {
      delete sent.headers[k.toLowerCase()];
    },
    send(body: string) {
      sent.body = body;
    },
    end() {},
  };
  return res;
}
const req = (path: string, headers: Record<string, string> = {}) => ({
  method: "GET",
  path: path.split("?")[0],
  originalUrl: path,
  headers,
});

describe("the visitor page cache", () => {
  test("applies only to cookie-less GETs of the public pages", () => {
    const cache = createVisitorPageCache();
    expect(cache.applies(req("/"))).toBe(true);
    expect(cache.applies(req("/contests"))).toBe(true);
    expect(cache.applies(req("/contests/spring"))).toBe(true);
    expect(cache.applies(req("/contests/spring/results"))).toBe(true);
    expect(cache.applies(req("/contests/spring/enter"))).toBe(false);
    expect(cache.applies(req("/dashboard"))).toBe(false);
    expect(cache.applies(req("/admin"))).toBe(false);
    expect(cache.applies(req("/", { cookie: "en_session=x" }))).toBe(false);
    expect(cache.applies({ ...req("/"), method: "POST" })).toBe(false);
  });

  test("each answer carries its own nonce; the tag is the page's, whatever the nonce", async () => {
    const cache = createVisitorPageCache();
    const html = `<script nonce="${cache.placeholder}">1</script><p>Hello</p>`;
    const page = await cache.take(
      "/",
      new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } }),
    );
    expect(page).not.toBeNull();
    const first: Sent = { status: 0, headers: {} };
    cache.send(req("/"), fakeRes(first), page!, "NONCE-ONE");
    expect(first.body).toBe(`<script nonce="NONCE-ONE">1</script><p>Hello</p>`);
    expect(first.body).not.toContain(cache.placeholder);

    const hit = cache.lookup("/")!;
    const second: Sent = { status: 0, headers: {} };
    cache.send(req("/"), fakeRes(second), hit, "NONCE-TWO");
    expect(second.body).toContain(`nonce="NONCE-TWO"`);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers["cache-control"]).toBe("private, no-cache");

    // Another process (another placeholder) tags the same page alike.
    const other = createVisitorPageCache();
    const again = await other.take(
      "/",
      new Response(html.replaceAll(cache.placeholder, other.placeholder), {
        headers: { "Content-Type": "text/html" },
      }),
    );
    expect(again!.etag).toBe(page!.etag);

    // A browser with that page gets 304 without a new CSP (its stored one matches its nonce).
    const revalidated: Sent = { status: 0, headers: {} };
    cache.send(
      req("/", { "if-none-match": page!.etag }),
      fakeRes(revalidated, { "content-security-policy": "script-src 'nonce-NEW'" }),
      hit,
      "NEW",
    );
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBeUndefined();
    expect(revalidated.headers["content-security-policy"]).toBeUndefined();
  });

  test("keeps no page that sets a cookie or is not a 200, and passes other answers through", async () => {
    let now = 0;
    const cache = createVisitorPageCache({ ttlMs: 1000, now: () => now });
    const cookie = await cache.take(
      "/contests",
      new Response(`<p nonce="${cache.placeholder}">x</p>`, {
        headers: { "Content-Type": "text/html", "Set-Cookie": "en_toast=1" },
      }),
    );
    expect(cookie!.kept).toBe(false);
    const sent: Sent = { status: 0, headers: {} };
    cache.send(req("/contests"), fakeRes(sent), cookie!, "N");
    expect(sent.body).toBe(`<p nonce="N">x</p>`);
    expect(sent.headers["set-cookie"]).toEqual(["en_toast=1"]);
    expect(sent.headers.etag).toBeUndefined();
    expect(cache.lookup("/contests")).toBeUndefined();

    const missing = await cache.take(
      "/contests/nope",
      new Response("<p>Not found</p>", { status: 404, headers: { "Content-Type": "text/html" } }),
    );
    expect(missing!.kept).toBe(false);
    expect(cache.lookup("/contests/nope")).toBeUndefined();

    expect(
      await cache.take(
        "/x",
        new Response("{}", { headers: { "Content-Type": "application/json" } }),
      ),
    ).toBeNull();

    await cache.take(
      "/",
      new Response("<p>home</p>", { headers: { "Content-Type": "text/html" } }),
    );
    expect(cache.lookup("/")).toBeDefined();
    now = 1001;
    expect(cache.lookup("/")).toBeUndefined();
  });
});
