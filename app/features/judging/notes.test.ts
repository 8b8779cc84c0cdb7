import { describe, expect, it } from "vitest";
import { judgeLetter, noteAuthorLabel, noteSchema, NOTE_MAX } from "./notes";

describe("entry notes", () => {
  it("letters judges A, B, … Z, AA", () => {
    expect([0, 1, 25, 26, 27].map(judgeLetter)).toEqual([
      "Judge A",
      "Judge B",
      "Judge Z",
      "Judge AA",
      "Judge AB",
    ]);
  });

  it("labels authors without names", () => {
    const order = ["j1", "j2", "j3"];
    expect(noteAuthorLabel({ authorId: "a", authorRole: "admin" }, order, "j2")).toBe(
      "Contest admin",
    );
    expect(noteAuthorLabel({ authorId: "j2", authorRole: "judge" }, order, "j2")).toBe("You");
    expect(noteAuthorLabel({ authorId: "j3", authorRole: "judge" }, order, "j2")).toBe("Judge C");
    expect(noteAuthorLabel({ authorId: "j1", authorRole: "judge" }, order, null)).toBe("Judge A");
    expect(noteAuthorLabel({ authorId: "gone", authorRole: "judge" }, order, "j2")).toBe(
      "A judge no longer on this entry",
    );
  });

  it("a note is 1 to 2,000 characters", () => {
    expect(noteSchema.safeParse({ intent: "note", body: "  " }).success).toBe(false);
    expect(noteSchema.safeParse({ intent: "note", body: "x".repeat(NOTE_MAX + 1) }).success).toBe(
      false,
    );
    expect(noteSchema.safeParse({ intent: "note", body: " Fine. " })).toMatchObject({
      success: true,
      data: { body: "Fine." },
    });
  });
});
