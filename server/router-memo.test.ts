import fs from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { memoizeRouterSource } from "./router-memo";

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
function load(text: string): Router {
  const m = new Module(file) as Module & { _compile(content: string, filename: string): void };
  m.filename = file;
  m.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(
    path.dirname(file),
  );
  m._compile(text, file);
  return m.exports as Router;
}

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
];

describe("the router's memos", () => {
  test("apply to the installed @remix-run/router, each once", () => {
    const memoized = memoizeRouterSource(source);
    expect(memoized).not.toBeNull();
    expect(memoized).toContain("rankedBranchesOf.get(routes)");
    expect(memoized).toContain("compiledPaths.get(key)");
    expect(memoizeRouterSource("module.exports = {};")).toBeNull();
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
});
