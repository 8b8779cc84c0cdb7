import { describe, expect, test } from "vitest";
import { newId } from "./ids";

describe("newId", () => {
  test("is cuid-shaped, unique, and sorts in the order the ids were made", () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    for (const id of ids) expect(id).toMatch(/^c[0-9a-z]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
