import { describe, expect, it } from "vitest";
import { currentWorkspaceTab } from "./workspace-nav";

describe("the contest workspace's current tab", () => {
  const at = (path: string) => currentWorkspaceTab("c1", `/admin/contests/c1${path}`).tab;

  it("marks Overview only on the workspace's own address", () => {
    expect(at("")).toBe("");
    expect(at("/")).toBe("");
    expect(at("/entries")).not.toBe("");
  });

  it("keeps Entries current on the possible copies, a page of the contest's entries", () => {
    expect(at("/entries")).toBe("entries");
    expect(at("/copies")).toBe("entries");
  });

  it("keeps Setup current on each of its own pages", () => {
    for (const page of [
      "/edit",
      "/divisions",
      "/rounds",
      "/prompts",
      "/rubrics",
      "/rounds/2/advance",
    ])
      expect(at(page)).toBe("edit");
  });

  it("marks no tab for a path outside the workspace", () => {
    expect(currentWorkspaceTab("c1", "/admin/contests/c2/entries").tab).toBeNull();
    expect(currentWorkspaceTab("c1", "/admin/contests/c10").tab).toBeNull();
  });
});
