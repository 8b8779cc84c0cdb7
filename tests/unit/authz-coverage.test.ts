import { UNSAFE_defineRoutes as defineRoutes } from "@remix-run/dev";
import { describe, expect, test } from "vitest";
import { routeManifest } from "../../route-folders";
import { allRoutes } from "#tests/authz";
import type { AuthzContext } from "#tests/authz/types";

/**
 * The authorization table (tests/authz, walked over HTTP by tests/e2e/authz.spec.ts) must name
 * every route: a new route without a row fails here, before it ships unchecked
 * (docs/decisions/0008-layout-and-actions.md). The routes are the build's own manifest
 * (route-folders.ts: folders by audience, docs/decisions/0049-route-folders-and-one-refusal-reply.md),
 * so a route is found wherever its file sits.
 */
const manifest = routeManifest(defineRoutes);
const routes = Object.values(manifest);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A route's URL pattern (a regular expression's source): its own path after its parents'. */
function urlPattern(id: string): string {
  const route = manifest[id];
  const parent = route.parentId && route.parentId !== "root" ? urlPattern(route.parentId) : "";
  if (!route.path) return parent; // an index route or a pathless layout
  const own = route.path.split("/").map((segment) => {
    if (segment === "*") return ".*";
    if (segment.startsWith(":")) return "[^/]+";
    return escapeRegExp(segment);
  });
  return `${parent}/${own.join("/")}`;
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
  test("lists the routes it is checked against", () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(urlPattern("routes/admin+/discount-codes.$id.uses[.csv]")).toBe(
      "/admin/discount-codes/[^/]+/uses\\.csv",
    );
    expect(urlPattern("routes/_account+/dashboard_.submissions.$id")).toBe(
      "/dashboard/submissions/[^/]+",
    );
    expect(urlPattern("routes/admin+/contests+/index")).toBe("/admin/contests");
    expect(urlPattern("routes/_public+/_index")).toBe("");
  });

  test("has a row for every route in app/routes", () => {
    const patterns = routes.map(({ id }) => ({ id, pattern: urlPattern(id) || "/" }));
    const exact = (pattern: string) => new RegExp(`^${pattern}$`);
    const missing = patterns
      .filter(({ id, pattern }) => {
        if (manifest[id].path === "*") {
          // The catch-all: a row for a path no other route answers.
          return !tablePaths.some((p) =>
            patterns.every((o) => o.id === id || !exact(o.pattern).test(p)),
          );
        }
        // A layout (other routes nest in it) is covered by a row for any page in it.
        const isLayout = routes.some((other) => other.parentId === id);
        const match = isLayout ? new RegExp(`^${pattern}(/|$)`) : exact(pattern);
        return !tablePaths.some((p) => match.test(p));
      })
      .map(({ id, pattern }) => `${id} (${pattern})`);
    expect(missing, `routes with no row in tests/authz: ${missing.join(", ")}`).toEqual([]);
  });
});
