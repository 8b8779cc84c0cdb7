// Remix's route matching, remembered (docs/decisions/0052-per-request-work.md). @remix-run/router
// matches a URL against the route table three times per document request (the server's match,
// the static handler's query, React Router's render), and each time it flattens and ranks every
// route of the table and compiles a regular expression per route path it tries. With 97 routes
// that was about a tenth of a signed-in page's CPU (55 routes before the contest workspace). The
// route table of a running server never changes, so:
//  - a path's compiled expression is kept (compilePath is a pure function of its arguments; the
//    expression has no global flag, so sharing it keeps no state between matches);
//  - a routes array's ranked branches are kept for that array (the server's two matches use the
//    arrays built once per build), grouped by their first path segment: a branch whose first
//    segment is a word can only match a URL whose first segment is that word (ignoring case),
//    so a URL tries only those branches and the ones that start with a parameter or a splat, in
//    the same rank order (trying all 97 in turn was about 0.6 ms of a signed-in page, ADR 0052);
//  - the render's routes are built once per build too: Remix's RemixServer made its route objects
//    from the build's manifest on every request, and React Router's createStaticRouter converted
//    them to data routes on every request, so the render's match flattened and ranked the whole
//    table again (about 0.7 ms of every server-rendered page). Both depend only on the build
//    (the manifest, the route modules) and are only read while rendering, so each is kept for
//    its input: the manifest's routes object, then the routes array.
// The router, Remix's RemixServer and React Router's createStaticRouter ship as CommonJS files:
// their sources are changed as they load, by exact text. When an upgrade changes that text the
// file loads unchanged (the site is only slower), and server/router-memo.test.ts fails.
import Module from "node:module";
import path from "node:path";

const ROUTER_FILE = path.join("@remix-run", "router", "dist", "router.cjs.js");

const BRANCHES = `  let branches = flattenRoutes(routes);
  rankRouteBranches(branches);
`;
const BRANCHES_MEMO = `  let ranked = rankedBranchesOf.get(routes);
  if (!ranked) {
    let all = flattenRoutes(routes);
    rankRouteBranches(all);
    ranked = branchesByFirstSegment(all);
    rankedBranchesOf.set(routes, ranked);
  }
  let branches = ranked.forPath(pathname);
`;
const COMPILE = `function compilePath(path, caseSensitive, end) {
  if (caseSensitive === void 0) {
    caseSensitive = false;
  }
  if (end === void 0) {
    end = true;
  }
`;
const COMPILE_MEMO = `const rankedBranchesOf = new WeakMap();
function firstSegmentOf(pathname) {
  if (pathname.charAt(0) !== "/") return null;
  let end = pathname.indexOf("/", 1);
  return (end < 0 ? pathname.slice(1) : pathname.slice(1, end)).toLowerCase();
}
function branchesByFirstSegment(all) {
  let wild = [];
  let statics = new Map();
  for (let branch of all) {
    let first = firstSegmentOf(branch.path.charAt(0) === "/" ? branch.path : "/" + branch.path);
    if (first === null || first === "" || first.charAt(0) === ":" || first.includes("*")) {
      wild.push(branch);
    } else if (!statics.has(first)) {
      statics.set(first, []);
    }
  }
  let bySegment = new Map();
  for (let first of statics.keys()) {
    bySegment.set(first, all.filter((branch) => wild.includes(branch) ||
      firstSegmentOf(branch.path.charAt(0) === "/" ? branch.path : "/" + branch.path) === first));
  }
  return {
    forPath(pathname) {
      // As decodePath decodes (every segment, or none when one is malformed), without its warning.
      let decoded = pathname;
      if (pathname.includes("%")) try {
        decoded = pathname.split("/").map((v) => decodeURIComponent(v).replace(/\\//g, "%2F")).join("/");
      } catch (error) {}
      let first = firstSegmentOf(decoded);
      return (first !== null && bySegment.get(first)) || wild;
    },
  };
}
const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  if (caseSensitive === void 0) {
    caseSensitive = false;
  }
  if (end === void 0) {
    end = true;
  }
  const key = (caseSensitive ? "1" : "0") + (end ? "1" : "0") + path;
  let compiled = compiledPaths.get(key);
  if (!compiled) {
    if (compiledPaths.size >= 10000) compiledPaths.clear();
    compiled = compilePathUncached(path, caseSensitive, end);
    compiledPaths.set(key, compiled);
  }
  return compiled;
}
function compilePathUncached(path, caseSensitive, end) {
`;

/** The router's source with both memos, or null when it is not the text they were written for. */
export function memoizeRouterSource(source: string): string | null {
  const once = (text: string, part: string) => text.split(part).length === 2;
  if (!once(source, BRANCHES) || !once(source, COMPILE)) return null;
  return source.replace(BRANCHES, BRANCHES_MEMO).replace(COMPILE, COMPILE_MEMO);
}

const SERVER_FILE = path.join("@remix-run", "react", "dist", "server.js");
const SERVER_ROUTES = `  let routes$1 = routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);
`;
const SERVER_ROUTES_MEMO = `  let routes$1 = serverRoutesOf.get(manifest.routes);
  if (!routes$1) {
    routes$1 = routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);
    serverRoutesOf.set(manifest.routes, routes$1);
  }
`;
const REMIX_SERVER = "function RemixServer({";
const REMIX_SERVER_MEMO = "const serverRoutesOf = new WeakMap();\nfunction RemixServer({";

const STATIC_FILE = path.join("react-router-dom", "server.js");
const DATA_ROUTES = `  let manifest = {};
  let dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);
`;
const DATA_ROUTES_MEMO = `  let converted = dataRoutesOf.get(routes);
  if (!converted) {
    let manifest = {};
    converted = { manifest, dataRoutes: router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest) };
    dataRoutesOf.set(routes, converted);
  }
  let { manifest, dataRoutes } = converted;
`;
const STATIC_ROUTER = "function createStaticRouter(routes, context, opts = {}) {";
const STATIC_ROUTER_MEMO = "const dataRoutesOf = new WeakMap();\n" + STATIC_ROUTER;

/** Each text replaced in a source, or null when one of them is not there exactly once. */
function replaceOnce(source: string, pairs: [string, string][]): string | null {
  if (pairs.some(([part]) => source.split(part).length !== 2)) return null;
  return pairs.reduce((text, [part, memo]) => text.replace(part, () => memo), source);
}

/** RemixServer's source with its routes kept per manifest, or null when it is not that text. */
export function memoizeRemixServerSource(source: string): string | null {
  return replaceOnce(source, [
    [SERVER_ROUTES, SERVER_ROUTES_MEMO],
    [REMIX_SERVER, REMIX_SERVER_MEMO],
  ]);
}

/** createStaticRouter's source with its data routes kept per routes array, or null. */
export function memoizeStaticRouterSource(source: string): string | null {
  return replaceOnce(source, [
    [DATA_ROUTES, DATA_ROUTES_MEMO],
    [STATIC_ROUTER, STATIC_ROUTER_MEMO],
  ]);
}

const DATA_FILE = path.join("@remix-run", "server-runtime", "dist", "data.js");
const STRIPS = ["index", "_data", "_routes"].map((param): [string, string] => {
  const name = `strip${param === "index" ? "Index" : param === "_data" ? "Data" : "Routes"}Param`;
  const start = `function ${name}(request) {\n  let url = new URL(request.url);\n`;
  return [
    start,
    `function ${name}(request) {\n  if (!request.url.includes("?")) return request;\n` +
      `  let url = new URL(request.url);\n  if (!url.searchParams.has(${JSON.stringify(param)})) return request;\n`,
  ];
});

/**
 * Remix's data.js with a loader's or action's request copied only when it has a parameter to
 * strip, or null when it is not that text. Remix handed every loader of the route chain a new
 * Request with its `index` parameter removed, then another with `_routes` removed, even when the
 * URL had neither: two undici Requests a loader, each with an AbortSignal following the
 * request's (about 0.5 ms of a signed-in page of three loaders, ADR 0052). Without the parameter
 * the copy has the same URL, method, headers, body and signal as the request it copies.
 */
export function skipNeedlessRequestCopies(source: string): string | null {
  return replaceOnce(source, STRIPS);
}

const MEMOS: [string, (source: string) => string | null][] = [
  [DATA_FILE, skipNeedlessRequestCopies],
  [ROUTER_FILE, memoizeRouterSource],
  [SERVER_FILE, memoizeRemixServerSource],
  [STATIC_FILE, memoizeStaticRouterSource],
];

type Compile = (this: unknown, content: string, filename: string) => unknown;

/** Changes the three sources as they load, in this process (before Remix is imported). */
export function installRouterMemo() {
  const proto = Module.prototype as unknown as { _compile: Compile };
  const compile = proto._compile;
  proto._compile = function (content: string, filename: string) {
    const memo = MEMOS.find(([file]) => filename.endsWith(path.sep + file));
    const memoized = memo ? memo[1](content) : null;
    return compile.call(this, memoized ?? content, filename);
  };
}
