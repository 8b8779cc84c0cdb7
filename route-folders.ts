/**
 * Where the routes are: `app/routes/`, in folders named for who each page is for (`admin+/`,
 * `educator+/`, `judge+/`, `_auth+/`, `_public+/`, …), read with remix-flat-routes' hybrid `+`
 * folders (docs/decisions/0049-route-folders-and-one-refusal-reply.md). A file in `name+/` is
 * named as if it were the flat file `name.<file>`; a folder starting with `_` adds nothing to
 * the URL. vite.config.ts builds with it; tests/unit/authz-coverage.test.ts reads the same
 * manifest, so the authorization table is checked against the routes the build serves.
 */
import { fileURLToPath } from "node:url";
import type { UNSAFE_DefineRoutesFunction as DefineRoutes } from "@remix-run/dev";
import { flatRoutes } from "remix-flat-routes";

/** Not routes: tests, the routes' `*.server` helpers beside them (ADR 0008), dot files. */
const IGNORED = ["**/*.test.{ts,tsx}", "**/*.server.{ts,tsx}", "**/.*"];

/** The route manifest of `app/routes/` (ids `routes/<file without extension>`). */
export function routeManifest(defineRoutes: DefineRoutes) {
  return flatRoutes("routes", defineRoutes, {
    appDir: fileURLToPath(new URL("./app", import.meta.url)),
    ignoredRouteFiles: IGNORED,
  });
}
