import { describe, expect, test } from "vitest";
import {
  canNudge,
  HOUR,
  judgeProgress,
  nextNudgeAt,
  NUDGE_EVERY_MS,
  overdueFrom,
  panelStatusLabel,
  reassignSummary,
  removal,
} from "./assignment-control";

const T = Date.parse("2030-03-10T12:00:00Z");
const at = (hours: number) => new Date(T + hours * HOUR);

describe("overdueFrom", () => {
  test("the reminder lead before judging closes", () => {
    expect(
      overdueFrom({ judgingOpen: at(-240), judgingClose: at(0), remindLeadHours: 48 }),
    ).toEqual(at(-48));
  });
  test("capped at half a short window, never before judging opens", () => {
    expect(overdueFrom({ judgingOpen: at(-24), judgingClose: at(0), remindLeadHours: 48 })).toEqual(
      at(-12),
    );
    expect(overdueFrom({ judgingOpen: at(0), judgingClose: at(0), remindLeadHours: 48 })).toEqual(
      at(0),
    );
  });
  test("a lead of zero: overdue only once judging has closed", () => {
    expect(overdueFrom({ judgingOpen: at(-10), judgingClose: at(0), remindLeadHours: 0 })).toEqual(
      at(0),
    );
  });
});

describe("nudges", () => {
  test("never nudged: possible now", () => {
    expect(nextNudgeAt(null)).toBeNull();
    expect(canNudge(null, at(0))).toBe(true);
  });
  test("once a day: not a moment before 24 hours", () => {
    expect(NUDGE_EVERY_MS).toBe(24 * HOUR);
    expect(nextNudgeAt(at(0))).toEqual(at(24));
    expect(canNudge(at(0), new Date(at(24).getTime() - 1))).toBe(false);
    expect(canNudge(at(0), at(24))).toBe(true);
  });
});

describe("removal", () => {
  test("unscored goes, scored is released, released stays", () => {
    expect(removal({ scored: false, releasedAt: null })).toBe("delete");
    expect(removal({ scored: true, releasedAt: null })).toBe("release");
    expect(removal({ scored: true, releasedAt: at(0) })).toBe("already-released");
  });
});

describe("judgeProgress", () => {
  const overdueAt = (round: number) => (round === 1 ? at(-1) : at(100));
  test("sums rounds; unscored entries of a round past its overdue moment are overdue", () => {
    const p = judgeProgress(
      [
        { judgeId: "a", round: 1, assigned: 4, scored: 1, unscored: 3 },
        { judgeId: "a", round: 2, assigned: 2, scored: 0, unscored: 2 },
        { judgeId: "b", round: 1, assigned: 3, scored: 3, unscored: 0 },
      ],
      overdueAt,
      at(0),
    );
    expect(p.get("a")).toEqual({
      assigned: 6,
      scored: 1,
      unscored: 5,
      overdue: 3,
      finished: false,
    });
    expect(p.get("b")).toEqual({ assigned: 3, scored: 3, unscored: 0, overdue: 0, finished: true });
  });
  test("a released assignment counts as assigned and scored, never as unscored", () => {
    // Counted in SQL: assigned 2 (one released with its score), scored 2, unscored 0.
    const p = judgeProgress(
      [{ judgeId: "a", round: 1, assigned: 2, scored: 2, unscored: 0 }],
      overdueAt,
      at(0),
    );
    expect(p.get("a")?.finished).toBe(true);
    expect(p.get("a")?.overdue).toBe(0);
  });
});

describe("words", () => {
  test("panel statuses", () => {
    expect(panelStatusLabel("accepted")).toBe("Accepted");
    expect(panelStatusLabel("invited")).toBe("Invited");
    expect(panelStatusLabel("declined")).toBe("Declined");
    expect(panelStatusLabel(null)).toBe("Not on the panel");
  });
  test("the reassign summary names the entries nobody could take", () => {
    expect(reassignSummary(0, [])).toEqual({
      title: "Nothing to reassign: this judge has no unscored entries",
      description: undefined,
    });
    expect(reassignSummary(1, [])).toEqual({
      title: "1 entry given to other judges",
      description: undefined,
    });
    expect(reassignSummary(2, ["Owl", "Moon"]).description).toBe(
      'No other judge could take these entries, so they stay with this judge for now: "Owl", "Moon".',
    );
  });
});
