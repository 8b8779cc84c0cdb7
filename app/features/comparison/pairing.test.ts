import { describe, expect, it } from "vitest";
import { choosePair, pairKey, SWISS_COMPARISONS, type Candidate } from "./pairing";
import { seededRandom } from "./simulation";

const cand = (id: string, measure = 0, comparisons = 0, se = 1): Candidate => ({
  id,
  measure,
  se,
  comparisons,
});
const none = new Set<string>();

describe("pairKey", () => {
  it("is the same in either order and differs between pairs", () => {
    expect(pairKey("a", "b")).toBe(pairKey("b", "a"));
    expect(pairKey("a", "b")).not.toBe(pairKey("a", "c"));
    expect(pairKey("ab", "c")).not.toBe(pairKey("a", "bc"));
  });
});

describe("choosePair", () => {
  const base = { target: 10, judgedByThisJudge: none, reserved: none };

  it("null with fewer than two entries, or when every entry has reached the target", () => {
    expect(choosePair({ ...base, candidates: [] })).toBeNull();
    expect(choosePair({ ...base, candidates: [cand("a")] })).toBeNull();
    expect(choosePair({ ...base, candidates: [cand("a", 0, 10), cand("b", 0, 12)] })).toBeNull();
  });

  it("two entries: that pair, unless this judge judged it or another judge holds it", () => {
    const candidates = [cand("a"), cand("b")];
    const pair = choosePair({ ...base, candidates, random: seededRandom(1) })!;
    expect([pair.a, pair.b].sort()).toEqual(["a", "b"]);
    expect(
      choosePair({ ...base, candidates, judgedByThisJudge: new Set([pairKey("b", "a")]) }),
    ).toBeNull();
    expect(choosePair({ ...base, candidates, reserved: new Set([pairKey("a", "b")]) })).toBeNull();
  });

  it("the same entry twice in the candidates is one entry", () => {
    expect(choosePair({ ...base, candidates: [cand("a"), cand("a")] })).toBeNull();
  });

  it("starts from the entry with the fewest comparisons, then the highest uncertainty", () => {
    const candidates = [
      cand("many", 0, 8, 0.5),
      cand("few", 0.1, 4, 0.5),
      cand("few-unsure", -0.1, 4, 0.9),
      cand("other", 0.2, 6, 0.5),
    ];
    for (let seed = 1; seed <= 20; seed++) {
      const pair = choosePair({ ...base, candidates, random: seededRandom(seed) })!;
      expect([pair.a, pair.b]).toContain("few-unsure");
    }
  });

  it("after the first comparisons, pairs with the nearest measure available", () => {
    const c = SWISS_COMPARISONS;
    const candidates = [
      cand("anchor", 0, c, 1),
      cand("near", 0.2, c + 1, 0.5),
      cand("far", 3, c + 1, 0.5),
      cand("farther", -4, c + 1, 0.5),
    ];
    for (let seed = 1; seed <= 20; seed++) {
      const pair = choosePair({ ...base, candidates, random: seededRandom(seed) })!;
      expect([pair.a, pair.b].sort()).toEqual(["anchor", "near"]);
    }
    // Taken by this judge: the next nearest.
    const pair = choosePair({
      ...base,
      candidates,
      judgedByThisJudge: new Set([pairKey("anchor", "near")]),
    })!;
    expect([pair.a, pair.b].sort()).toEqual(["anchor", "far"]);
  });

  it("prefers a partner still below the target and one this judge has seen less", () => {
    const c = SWISS_COMPARISONS;
    const candidates = [
      cand("anchor", 0, c, 1),
      cand("done", 0.05, 10, 0.3),
      cand("seen", 0.1, c + 1, 0.3),
      cand("fresh", 0.4, c + 1, 0.3),
    ];
    const pair = choosePair({
      ...base,
      candidates,
      judgeSeenCounts: new Map([["seen", 3]]),
      random: seededRandom(3),
    })!;
    expect([pair.a, pair.b].sort()).toEqual(["anchor", "fresh"]);
  });

  it("at the start (no comparisons yet) pairs across the scale at random", () => {
    const candidates = Array.from({ length: 100 }, (_, i) => cand(`e${i}`, i / 10));
    const distances = new Set<number>();
    const random = seededRandom(9);
    for (let k = 0; k < 30; k++) {
      const pair = choosePair({ ...base, candidates, random })!;
      distances.add(Math.abs(Number(pair.a.slice(1)) - Number(pair.b.slice(1))));
    }
    expect(Math.max(...distances)).toBeGreaterThan(20);
  });

  it("ties in measure and counts: still a valid pair, and the same pair for the same random", () => {
    const candidates = Array.from({ length: 6 }, (_, i) => cand(`t${i}`, 0, 5, 1));
    const one = choosePair({ ...base, candidates, random: seededRandom(4) });
    const two = choosePair({
      ...base,
      candidates: [...candidates].reverse(),
      random: seededRandom(4),
    });
    expect(one).not.toBeNull();
    expect(one!.a).not.toBe(one!.b);
    expect(two).toEqual(one);
  });

  it("an entry whose every pair is taken is passed over for the next one", () => {
    const candidates = [cand("stuck", 0, 0, 3), cand("x", 0, 5), cand("y", 1, 5)];
    const judged = new Set([pairKey("stuck", "x")]);
    const reserved = new Set([pairKey("stuck", "y")]);
    const pair = choosePair({ ...base, candidates, judgedByThisJudge: judged, reserved })!;
    expect([pair.a, pair.b].sort()).toEqual(["x", "y"]);
  });

  it("one judge alone brings every entry to its target without judging a pair twice", () => {
    const target = 6;
    const counts = new Map(Array.from({ length: 30 }, (_, i) => [`e${i}`, 0]));
    const judged = new Set<string>();
    const seen = new Map<string, number>();
    const random = seededRandom(5);
    for (let k = 0; k < 1000; k++) {
      const candidates = [...counts].map(([id, n]) => cand(id, Number(id.slice(1)) / 10, n));
      const pair = choosePair({
        candidates,
        target,
        judgedByThisJudge: judged,
        reserved: none,
        judgeSeenCounts: seen,
        random,
      });
      if (!pair) break;
      const key = pairKey(pair.a, pair.b);
      expect(judged.has(key)).toBe(false);
      judged.add(key);
      for (const id of [pair.a, pair.b]) {
        counts.set(id, counts.get(id)! + 1);
        seen.set(id, (seen.get(id) ?? 0) + 1);
      }
    }
    for (const n of counts.values()) {
      expect(n).toBeGreaterThanOrEqual(target);
      expect(n).toBeLessThanOrEqual(target + 1);
    }
  });

  it("three judges at once: never the pair another judge holds, and every entry reaches the target", () => {
    const target = 5;
    const counts = new Map(Array.from({ length: 40 }, (_, i) => [`e${i}`, 0]));
    const judges = ["j1", "j2", "j3"];
    const judged = new Map(judges.map((j) => [j, new Set<string>()]));
    const held = new Map<string, string>(); // judge → the pair key it holds
    const random = seededRandom(8);
    for (let turn = 0; turn < 600; turn++) {
      const judge = judges[turn % 3];
      // The judge answers the pair they hold, then asks for the next.
      const holding = held.get(judge);
      if (holding) {
        judged.get(judge)!.add(holding);
        for (const id of holding.split("|")) counts.set(id, counts.get(id)! + 1);
        held.delete(judge);
      }
      const reserved = new Set(held.values());
      const pair = choosePair({
        candidates: [...counts].map(([id, n]) => cand(id, Number(id.slice(1)) / 8, n)),
        target,
        judgedByThisJudge: judged.get(judge)!,
        reserved,
        random,
      });
      if (!pair) continue;
      const key = pairKey(pair.a, pair.b);
      expect(reserved.has(key)).toBe(false);
      expect(judged.get(judge)!.has(key)).toBe(false);
      held.set(judge, key);
    }
    for (const n of counts.values()) expect(n).toBeGreaterThanOrEqual(target);
  });

  it("5,000 candidates: a valid pair that avoids taken pairs", () => {
    const random = seededRandom(6);
    const candidates = Array.from({ length: 5000 }, (_, i) =>
      cand(`s${i}`, (random() - 0.5) * 6, 5, 0.5 + random()),
    );
    const judged = new Set<string>();
    for (let i = 0; i < 300; i++) judged.add(pairKey(`s${i}`, `s${i + 1}`));
    const pair = choosePair({
      ...base,
      candidates,
      judgedByThisJudge: judged,
      reserved: none,
      random,
    })!;
    expect(pair.a).not.toBe(pair.b);
    expect(judged.has(pairKey(pair.a, pair.b))).toBe(false);
  });
});
