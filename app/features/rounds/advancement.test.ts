import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decideAdvancement, ruleTakes, type RankedEntry } from "./advancement";

/** Ranks as the SQL does: ties share a rank, unscored last and unranked. */
function rank(averages: (number | null)[]): RankedEntry[] {
  const scored = averages
    .map((average, i) => ({ id: `e${i}`, average }))
    .filter((e) => e.average !== null)
    .sort((a, b) => b.average! - a.average!);
  const out: RankedEntry[] = scored.map((e) => ({
    ...e,
    rank: scored.filter((o) => o.average! > e.average!).length + 1,
  }));
  averages.forEach((a, i) => a === null && out.push({ id: `e${i}`, average: null, rank: null }));
  return out;
}

describe("advancement rules", () => {
  it("takes the top N, with ties at the cut", () => {
    const entries = rank([90, 80, 80, 70, null]);
    expect([...ruleTakes(entries, "top", 2)].sort()).toEqual(["e0", "e1", "e2"]);
    expect([...ruleTakes(entries, "top", 1)]).toEqual(["e0"]);
    expect(ruleTakes(entries, "top", 10).size).toBe(4);
  });
  it("takes the top X %, rounded up", () => {
    const entries = rank([90, 80, 70, 60, 50]);
    expect([...ruleTakes(entries, "percent", 25)].sort()).toEqual(["e0", "e1"]);
    expect(ruleTakes(entries, "percent", 100).size).toBe(5);
    expect(ruleTakes(entries, "percent", 20).size).toBe(1);
  });
  it("takes every entry with an average of at least X", () => {
    expect([...ruleTakes(rank([90, 75, 74.9, null]), "score", 75)].sort()).toEqual(["e0", "e1"]);
  });
  it("never takes an unscored entry by rule, but the admin may", () => {
    const entries = rank([null, 50]);
    const d = decideAdvancement(entries, "top", 5, [{ submissionId: "e0", include: true }]);
    expect(d.find((x) => x.id === "e0")).toMatchObject({
      byRule: false,
      goesOn: true,
      choice: "include",
    });
  });
  it("lets the admin leave out an entry the rule takes", () => {
    const d = decideAdvancement(rank([90, 80]), "top", 2, [{ submissionId: "e0", include: false }]);
    expect(d.filter((x) => x.goesOn).map((x) => x.id)).toEqual(["e1"]);
  });

  const averages = fc.array(fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }), {
    maxLength: 40,
  });
  it("top N: at least min(N, scored) go on; no unscored; closed under better ranks", () => {
    fc.assert(
      fc.property(averages, fc.integer({ min: 1, max: 45 }), (avgs, n) => {
        const entries = rank(avgs);
        const taken = ruleTakes(entries, "top", n);
        const scored = entries.filter((e) => e.rank !== null);
        expect(taken.size).toBeGreaterThanOrEqual(Math.min(n, scored.length));
        for (const e of entries) {
          if (e.rank === null) expect(taken.has(e.id)).toBe(false);
          if (taken.has(e.id))
            for (const o of scored) if (o.rank! <= e.rank!) expect(taken.has(o.id)).toBe(true);
        }
        // Only ties push past N: dropping the worst taken rank leaves fewer than N.
        if (taken.size > n) {
          const worst = Math.max(
            ...[...taken].map((id) => entries.find((e) => e.id === id)!.rank!),
          );
          expect(scored.filter((e) => e.rank! < worst).length).toBeLessThan(n);
        }
      }),
    );
  });
  it("percent: at least ceil(X% of scored) go on", () => {
    fc.assert(
      fc.property(averages, fc.integer({ min: 1, max: 100 }), (avgs, x) => {
        const entries = rank(avgs);
        const scored = entries.filter((e) => e.rank !== null).length;
        expect(ruleTakes(entries, "percent", x).size).toBeGreaterThanOrEqual(
          Math.ceil((x * scored) / 100),
        );
      }),
    );
  });
  it("admin choices always win", () => {
    fc.assert(
      fc.property(averages, fc.array(fc.tuple(fc.nat(40), fc.boolean())), (avgs, picks) => {
        const entries = rank(avgs);
        const choices = picks
          .filter(([i]) => i < entries.length)
          .map(([i, include]) => ({ submissionId: `e${i}`, include }));
        const last = new Map(choices.map((c) => [c.submissionId, c.include]));
        for (const d of decideAdvancement(entries, "top", 3, choices)) {
          if (last.has(d.id)) expect(d.goesOn).toBe(last.get(d.id));
          else expect(d.goesOn).toBe(d.byRule);
        }
      }),
    );
  });
});
