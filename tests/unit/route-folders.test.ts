import { UNSAFE_defineRoutes as defineRoutes } from "@remix-run/dev";
import { expect, test } from "vitest";
import { routeManifest } from "../../route-folders";

/**
 * Every page sits in the folder of who it is for (docs/decisions/0049-route-folders-and-one-refusal-reply.md):
 * only the 404 for any other path (`$.tsx`) stays at the root of app/routes.
 */
test("every route sits in a folder named for who it is for", () => {
  const files = Object.values(routeManifest(defineRoutes)).map((r) => r.file);
  const atRoot = files.filter((f) => !f.slice("routes/".length).includes("/"));
  expect(atRoot).toEqual(["routes/$.tsx"]);
  const folders = new Set(files.map((f) => f.split("/")[1]).filter((f) => f.endsWith("+")));
  expect([...folders].sort()).toEqual([
    "_account+",
    "_auth+",
    "_ops+",
    "_public+",
    "_test-mode+",
    "admin+",
    "api+",
    "educator+",
    "judge+",
  ]);
});
