import { describe, expect, test } from "vitest";
import { awardLabel, compareAwards, defaultAwards, ordinal, parseAwardChoice } from "./awards";

const ranked = (ranks: (number | null)[]) =>
  ranks.map((rank, i) => ({ submissionId: `s${i}`, rank }));

describe("default awards", () => {
  test("the top places, then honourable mentions", () => {
    expect(defaultAwards(ranked([1, 2, 3, 4, 5, 6]), { places: 3, honourableMentions: 2 })).toEqual(
      [
        { submissionId: "s0", kind: "place", place: 1 },
        { submissionId: "s1", kind: "place", place: 2 },
        { submissionId: "s2", kind: "place", place: 3 },
        { submissionId: "s3", kind: "honourable", place: null },
        { submissionId: "s4", kind: "honourable", place: null },
      ],
    );
  });

  test("ties share a place, and a tie at the last place gives every tied entry that place", () => {
    const awards = defaultAwards(ranked([1, 1, 3, 3, 5]), { places: 3, honourableMentions: 1 });
    expect(awards.map((a) => [a.submissionId, a.kind, a.place])).toEqual([
      ["s0", "place", 1],
      ["s1", "place", 1],
      ["s2", "place", 3],
      ["s3", "place", 3],
      ["s4", "honourable", null],
    ]);
  });

  test("unscored entries are never awarded", () => {
    expect(defaultAwards(ranked([1, null, null]), { places: 3, honourableMentions: 2 })).toEqual([
      { submissionId: "s0", kind: "place", place: 1 },
    ]);
  });
});

describe("labels and choices", () => {
  test("ordinals", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "101st",
    ]);
    expect(awardLabel({ kind: "place", place: 2 })).toBe("2nd place");
    expect(awardLabel({ kind: "honourable", place: null })).toBe("Honourable mention");
  });
  test("order: places by place, then mentions", () => {
    const list = [
      { kind: "honourable" as const, place: null },
      { kind: "place" as const, place: 2 },
      { kind: "place" as const, place: 1 },
    ];
    expect(list.sort(compareAwards).map(awardLabel)).toEqual([
      "1st place",
      "2nd place",
      "Honourable mention",
    ]);
  });
  test("an admin's choice is a place within the contest's places, a mention, or nothing", () => {
    expect(parseAwardChoice("2", 3)).toEqual({ kind: "place", place: 2 });
    expect(parseAwardChoice("hm", 3)).toEqual({ kind: "honourable", place: null });
    expect(parseAwardChoice("4", 3)).toBeNull();
    expect(parseAwardChoice("none", 3)).toBeNull();
    expect(parseAwardChoice("1.5", 3)).toBeNull();
  });
});
