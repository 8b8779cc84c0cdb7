import fs from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  memoizeRemixServerSource,
  memoizeRouterSource,
  memoizeStaticRouterSource,
  skipNeedlessRequestCopies,
} from "./router-memo";

// The router's memos (docs/decisions/0052-per-request-work.md): the installed router's text is
// the one they were written for, and the memoized router matches every URL as the original does.
const file = createRequire(import.meta.url).resolve("@remix-run/router");
const source = fs.readFileSync(file, "utf8");

type Router = {
  matchRoutes(
    routes: unknown[],
    location: string,
  ): { route: { id: string }; params: object; pathname: string }[] | null;
  matchPath(pattern: string, pathname: string): object | null;
};
function load<T = Router>(text: string, at = file): T {
  const m = new Module(at) as Module & { _compile(content: string, filename: string): void };
  m.filename = at;
  m.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(
    path.dirname(at),
  );
  m._compile(text, at);
  return m.exports as T;
}
const requireHere = createRequire(import.meta.url);
const staticFile = requireHere.resolve("react-router-dom/server");
const remixServerFile = path.join(
  path.dirname(requireHere.resolve("@remix-run/react")),
  "server.js",
);

/** A route table of the site's shapes: layouts, index routes, parameters, optional segments, a splat. */
const routes = [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "contests", path: "contests" },
      { id: "contest", path: "contests/:slug" },
      { id: "division", path: "contests/:slug/:division?" },
      {
        id: "admin",
        path: "admin",
        children: [
          { id: "admin-home", index: true },
          { id: "entry", path: "submissions/:id" },
          {
            id: "workspace",
            path: "contests/:id",
            children: [
              { id: "overview", index: true },
              { id: "scoring", path: "scoring" },
              { id: "entries", path: "entries" },
              { id: "export", path: "scoring/export" },
            ],
          },
        ],
      },
      {
        id: "judge",
        path: "judge",
        children: [
          { id: "queue", index: true },
          { id: "review", path: "review/:submissionId" },
          { id: "file", path: "review/:submissionId/file" },
        ],
      },
      { id: "case", path: "Sitemap.XML", caseSensitive: true },
      { id: "files", path: "files/*" },
      { id: "lang", path: ":lang/about" },
      { id: "splat", path: "*" },
    ],
  },
];
const urls = [
  "/",
  "/contests",
  "/contests/c3",
  "/contests/c3/juniors",
  "/CONTESTS/C3",
  "/admin",
  "/admin/",
  "/admin/submissions/s1",
  "/admin/contests/big",
  "/admin/contests/big/scoring",
  "/admin/contests/big/scoring/export",
  "/admin/contests/big/entries",
  "/judge",
  "/judge/review/s20",
  "/judge/review/s20/file",
  "/judge/review/caf%C3%A9",
  "/nowhere/at/all",
  // The first segment decides which branches are tried: encoded, cased, doubled, missing.
  "/%6Audge/review/s1",
  "/Judge/Review/S1",
  "//judge",
  "/judge%2Freview/s1",
  "judge/review/s1",
  "/contests%E0%A4%A/x",
  "/admin/contests/big/scoring/export/",
  "/Sitemap.XML",
  "/sitemap.xml",
  "/files/a/b.pdf",
  "/files",
  "/fr/about",
  "/admin/about",
  "",
];

type Route = { id: string; children?: Route[] };
const routeObjects = (table: Route[]): Route[] =>
  table.flatMap((r) => [r, ...routeObjects(r.children ?? [])]);

describe("the router's memos", () => {
  test("apply to the installed @remix-run/router, each once", () => {
    const memoized = memoizeRouterSource(source);
    expect(memoized).not.toBeNull();
    expect(memoized).toContain("rankedBranchesOf.get(routes)");
    expect(memoized).toContain("ranked.forPath(pathname)");
    expect(memoized).toContain("compiledPaths.get(key)");
    expect(memoizeRouterSource("module.exports = {};")).toBeNull();
    const remixServer = memoizeRemixServerSource(fs.readFileSync(remixServerFile, "utf8"));
    expect(remixServer).toContain("serverRoutesOf.get(manifest.routes)");
    const staticRouter = memoizeStaticRouterSource(fs.readFileSync(staticFile, "utf8"));
    expect(staticRouter).toContain("dataRoutesOf.get(routes)");
    expect(memoizeStaticRouterSource("module.exports = {};")).toBeNull();
  });

  test("createStaticRouter converts a routes array once, and maps each request's matches to it", async () => {
    type StaticRouter = { routes: { id: string }[]; state: { matches: { route: object }[] } };
    type Server = {
      createStaticHandler(r: unknown[]): {
        query(req: Request): Promise<{ matches: { route: object }[] }>;
      };
      createStaticRouter(r: unknown[], context: object): StaticRouter;
    };
    const original = load<Server>(fs.readFileSync(staticFile, "utf8"), staticFile);
    const memoized = load<Server>(
      memoizeStaticRouterSource(fs.readFileSync(staticFile, "utf8"))!,
      staticFile,
    );
    const table = structuredClone(routes);
    const handler = original.createStaticHandler(table);
    const routerFor = async (server: Server, url: string) =>
      server.createStaticRouter(table, await handler.query(new Request(`http://x${url}`)));
    const first = await routerFor(memoized, "/contests/c3");
    const second = await routerFor(memoized, "/judge/review/s20");
    expect(second.routes).toBe(first.routes);
    for (const [router, url] of [
      [first, "/contests/c3"],
      [second, "/judge/review/s20"],
    ] as const) {
      const plain = await routerFor(original, url);
      const ids = (r: StaticRouter) => r.state.matches.map((m) => (m.route as { id: string }).id);
      expect(ids(router)).toEqual(ids(plain));
      // Each match's route is the kept data route of its id, as the original maps them to its own.
      const all = routeObjects(router.routes as Route[]);
      for (const m of router.state.matches) expect(all).toContain(m.route);
    }
  });

  test("the memoized router matches every URL as the original, again and again", () => {
    const original = load(source);
    const memoized = load(memoizeRouterSource(source)!);
    const summary = (m: ReturnType<Router["matchRoutes"]>) =>
      m?.map((x) => ({ id: x.route.id, params: x.params, pathname: x.pathname }));
    for (let round = 0; round < 3; round++)
      for (const url of urls) {
        // The same array each round (the server's), and a new one (the render's).
        for (const table of [routes, structuredClone(routes)])
          expect(summary(memoized.matchRoutes(table, url)), url).toEqual(
            summary(original.matchRoutes(routes, url)),
          );
        expect(memoized.matchPath("/contests/:slug", url)).toEqual(
          original.matchPath("/contests/:slug", url),
        );
      }
  });

  test("a loader is handed its request itself unless a parameter must be stripped, as Remix would strip it", async () => {
    const dataFile = path.join(
      path.dirname(requireHere.resolve("@remix-run/server-runtime")),
      "data.js",
    );
    type Data = {
      callRouteLoader(args: object): Promise<unknown>;
      callRouteAction(args: object): Promise<unknown>;
    };
    const text = fs.readFileSync(dataFile, "utf8");
    const original = load<Data>(text, dataFile);
    const memoized = load<Data>(skipNeedlessRequestCopies(text)!, dataFile);
    expect(skipNeedlessRequestCopies("module.exports = {};")).toBeNull();
    const seen = async (data: Data, request: Request, singleFetch: boolean, action = false) => {
      let got: Request | undefined;
      const fn = ({ request: r }: { request: Request }) => ((got = r), null);
      const args = { loadContext: {}, params: {}, request, routeId: "r", singleFetch };
      await (action
        ? data.callRouteAction({ ...args, action: fn })
        : data.callRouteLoader({ ...args, loader: fn }));
      return got!;
    };
    const shape = async (r: Request) => ({
      url: r.url,
      method: r.method,
      headers: [...r.headers],
      body: r.body ? await r.text() : null,
    });
    for (const url of [
      "http://x/judge/review/s20",
      "http://x/admin/contests/big/entries?page=400",
      "http://x/contests?index&_routes=root&q=a",
      "http://x/contests?index=1&index=&_data=routes%2Fx",
      "http://x/contests?ind%65x&q=%20",
    ])
      for (const singleFetch of [true, false])
        for (const action of [false, true]) {
          const make = () =>
            new Request(url, {
              method: action ? "POST" : "GET",
              headers: { cookie: "a=b" },
              body: action ? "intent=save" : undefined,
            });
          const plain = await seen(original, make(), singleFetch, action);
          const request = make();
          const kept = await seen(memoized, request, singleFetch, action);
          expect(await shape(kept), url).toEqual(await shape(plain));
          const strips = /[?&](index|_data|_routes)\b|ind%65x/.test(url);
          if (!strips) expect(kept).toBe(request);
        }
  });
});
