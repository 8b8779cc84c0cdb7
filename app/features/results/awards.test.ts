import { describe, expect, test } from "vitest";
import {
  awardLabel,
  compareAwards,
  defaultAwards,
  defaultAwardsByDivision,
  ordinal,
  parseAwardChoice,
  placeClash,
  withDivision,
} from "./awards";

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

describe("awards per division (docs/decisions/0032-divisions-and-rounds.md)", () => {
  const rows = [
    { submissionId: "a1", rank: 1, divisionId: "A" },
    { submissionId: "a2", rank: 2, divisionId: "A" },
    { submissionId: "a3", rank: 3, divisionId: "A" },
    { submissionId: "b1", rank: 1, divisionId: "B" },
    { submissionId: "b2", rank: 1, divisionId: "B" },
    { submissionId: "b3", rank: 3, divisionId: "B" },
    { submissionId: "c1", rank: null, divisionId: "C" },
  ];

  test("each division gets its own places and mentions: a 1st place in each", () => {
    const awards = defaultAwardsByDivision(rows, { places: 1, honourableMentions: 1 });
    expect(awards.map((a) => [a.submissionId, a.kind, a.place])).toEqual([
      ["a1", "place", 1],
      ["a2", "honourable", null],
      ["b1", "place", 1],
      ["b2", "place", 1],
      ["b3", "honourable", null],
    ]);
  });

  test("rows of divisions mixed in any order are grouped; one group is defaultAwards", () => {
    const mixed = [rows[3], rows[0], rows[4], rows[1]];
    expect(
      defaultAwardsByDivision(mixed, { places: 2, honourableMentions: 0 }).map((a) => [
        a.submissionId,
        a.place,
      ]),
    ).toEqual([
      ["b1", 1],
      ["b2", 1],
      ["a1", 1],
      ["a2", 2],
    ]);
    const one = ranked([1, 2, 3, 4]).map((r) => ({ ...r, divisionId: null }));
    expect(defaultAwardsByDivision(one, { places: 2, honourableMentions: 1 })).toEqual(
      defaultAwards(one, { places: 2, honourableMentions: 1 }),
    );
  });

  test("a place is unique within its division, not the contest", () => {
    const computed = defaultAwardsByDivision(rows, { places: 3, honourableMentions: 0 });
    const place = (submissionId: string, divisionId: string, p: number) => ({
      submissionId,
      divisionId,
      kind: "place" as const,
      place: p,
    });
    // 1st place in A and in B: fine.
    expect(placeClash([place("a1", "A", 1), place("b3", "B", 1)], computed)).toBeNull();
    // Two 1st places in A that the ranking did not tie: refused.
    expect(placeClash([place("a1", "A", 1), place("a2", "A", 1)], computed)).toEqual({
      divisionId: "A",
      place: 1,
    });
    // The ranking tied b1 and b2 on 1st: they may share it.
    expect(placeClash([place("b1", "B", 1), place("b2", "B", 1)], computed)).toBeNull();
    // Honourable mentions are never a clash.
    expect(
      placeClash(
        [
          { submissionId: "a1", divisionId: "A", kind: "honourable", place: null },
          { submissionId: "a2", divisionId: "A", kind: "honourable", place: null },
        ],
        computed,
      ),
    ).toBeNull();
  });

  test("an award reads with its division", () => {
    expect(withDivision(awardLabel({ kind: "place", place: 1 }), "Grades 6-8")).toBe(
      "1st place, Grades 6-8",
    );
    expect(withDivision("Honourable mention", null)).toBe("Honourable mention");
  });
});
