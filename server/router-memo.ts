// Remix's route matching, remembered (docs/decisions/0052-per-request-work.md). @remix-run/router
// matches a URL against the route table three times per document request (the server's match,
// the static handler's query, React Router's render), and each time it flattens and ranks every
// route of the table and compiles a regular expression per route path it tries. With 97 routes
// that was about a tenth of a signed-in page's CPU (55 routes before the contest workspace). The
// route table of a running server never changes, so:
//  - a path's compiled expression is kept (compilePath is a pure function of its arguments; the
//    expression has no global flag, so sharing it keeps no state between matches);
//  - a routes array's ranked branches are kept for that array (the server's two matches use the
//    arrays built once per build; the render's array is new per request and is ranked anew).
// The router ships as one CommonJS file: its source is changed as it loads, by exact text. When an
// upgrade changes that text the file loads unchanged (the site is only slower), and
// server/router-memo.test.ts fails.
import Module from "node:module";
import path from "node:path";

const ROUTER_FILE = path.join("@remix-run", "router", "dist", "router.cjs.js");

const BRANCHES = `  let branches = flattenRoutes(routes);
  rankRouteBranches(branches);
`;
const BRANCHES_MEMO = `  let branches = rankedBranchesOf.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranchesOf.set(routes, branches);
  }
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

type Compile = (this: unknown, content: string, filename: string) => unknown;

/** Changes @remix-run/router's source as it loads, in this process (before Remix is imported). */
export function installRouterMemo() {
  const proto = Module.prototype as unknown as { _compile: Compile };
  const compile = proto._compile;
  proto._compile = function (content: string, filename: string) {
    if (filename.endsWith(ROUTER_FILE)) {
      const memoized = memoizeRouterSource(content);
      if (memoized) return compile.call(this, memoized, filename);
    }
    return compile.call(this, content, filename);
  };
}
