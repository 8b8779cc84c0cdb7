import { readdirSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { allRoutes } from "#tests/authz";
import type { AuthzContext } from "#tests/authz/types";

/**
 * The authorization table (tests/authz, walked over HTTP by tests/e2e/authz.spec.ts) must name
 * every route file: a new route without a row fails here, before it ships unchecked
 * (docs/decisions/0008-layout-and-actions.md).
 */
const ROUTES_DIR = new URL("../../app/routes/", import.meta.url);
const routeFiles = readdirSync(ROUTES_DIR)
  // As vite.config.ts's ignoredRouteFiles: tests, the routes' `*.server` helpers, dot files.
  .filter((f) => /\.(tsx?|jsx?)$/.test(f) && !/\.(test|server)\.[jt]sx?$/.test(f))
  .filter((f) => !f.startsWith("."))
  .map((f) => f.replace(/\.[jt]sx?$/, ""));

/** A route file's name split at the dots that separate segments (not those inside `[...]`). */
function segments(name: string) {
  const out: string[] = [];
  let current = "";
  let escaped = false;
  for (const ch of name) {
    if (ch === "[") escaped = true;
    if (ch === "]") escaped = false;
    if (ch === "." && !escaped) {
      out.push(current);
      current = "";
    } else current += ch;
  }
  return [...out, current];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The URL pattern of a route file under Remix's flat-routes convention. */
function urlPattern(name: string) {
  const parts: string[] = [];
  for (const segment of segments(name)) {
    if (segment === "_index" || segment.startsWith("_")) continue; // index, pathless layout
    const bare = segment.endsWith("_") ? segment.slice(0, -1) : segment; // not nested in its parent's layout
    if (bare === "$") parts.push(".*");
    else if (bare.startsWith("$")) parts.push("[^/]+");
    else
      parts.push(
        bare.replace(/\[([^\]]*)\]|([^[]+)/g, (_, lit, plain) => escapeRegExp(lit ?? plain)),
      );
  }
  return `/${parts.join("/")}`;
}

/** The path a request of the table asks for, without the query and the single-fetch suffix. */
const fakeContext: AuthzContext = {
  db: undefined as unknown as AuthzContext["db"],
  id: () => "some-id",
};
const tablePaths = allRoutes.map((row) => {
  const path = typeof row.path === "function" ? row.path(fakeContext) : row.path;
  const pathname = path.split("?")[0];
  return pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "") || "/";
});

describe("the authorization table", () => {
  test("lists the route files it is checked against", () => {
    expect(routeFiles.length).toBeGreaterThan(40);
    expect(urlPattern("admin.discount-codes.$id.uses[.csv]")).toBe(
      "/admin/discount-codes/[^/]+/uses\\.csv",
    );
    expect(urlPattern("dashboard_.submissions.$id")).toBe("/dashboard/submissions/[^/]+");
    expect(urlPattern("admin.contests._index")).toBe("/admin/contests");
  });

  test("has a row for every route file in app/routes", () => {
    const patterns = routeFiles.map((name) => ({ name, pattern: urlPattern(name) }));
    const exact = (pattern: string) => new RegExp(`^${pattern}$`);
    const missing = patterns
      .filter(({ name, pattern }) => {
        if (name === "$") {
          // The catch-all: a row for a path no other route answers.
          return !tablePaths.some((p) =>
            patterns.every((o) => o.name === "$" || !exact(o.pattern).test(p)),
          );
        }
        // A layout (other files nest under its name) is covered by a row for any page in it.
        const isLayout = routeFiles.some((other) => other.startsWith(`${name}.`));
        const match = isLayout ? new RegExp(`^${pattern}(/|$)`) : exact(pattern);
        return !tablePaths.some((p) => match.test(p));
      })
      .map(({ name, pattern }) => `${name} (${pattern})`);
    expect(missing, `route files with no row in tests/authz: ${missing.join(", ")}`).toEqual([]);
  });
});
