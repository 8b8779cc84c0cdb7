import { describe, expect, test } from "vitest";
import { newId } from "./ids";

describe("newId", () => {
  test("is a ULID, unique, and sorts in the order the ids were made", () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    for (const id of ids) expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
