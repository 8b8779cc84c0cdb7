/**
 * Comparison rounds (docs/decisions/0056-comparison-rounds.md), on both engines: pairs handed to
 * concurrent judges (never the same pair at once), a choice and its double submit, conflicts and
 * own entries left out, a closed round refused, reservations that expire, and the ranking by
 * measure. A class of 30 entries.
 */
import { describe, expect, test } from "vitest";
import { prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { decide, deskRound, nextPair } from "~/features/comparison/desk.server";
import { pairingFitCount } from "~/features/comparison/pairing.server";
import { RESERVATION_MS } from "~/features/comparison/desk";
import { pairKey } from "~/features/comparison/pairing";
import { stageRanking } from "~/features/judging/ranking.server";
import { comparisonNotesFor, comparisonScales } from "~/features/comparison/scale.server";
import { seededRandom, spearman } from "~/features/comparison/simulation";
import { entry, lifecycleContest, person } from "./lifecycle-fixtures";
import { seatPanel } from "./panel-fixtures";
import { judgePanelContests } from "~/features/panel/panel-invitation.server";

const HOUR = 3_600_000;

async function comparisonContest(entries = 30, judgeCount = 3) {
  const { contest } = await lifecycleContest();
  const now = Date.now();
  const round = await prisma.judgingRound.create({
    data: {
      contestId: contest.id,
      number: 1,
      name: "First read",
      method: "comparison",
      comparisonsPerEntry: 4,
      judgingOpen: new Date(now - HOUR),
      judgingClose: new Date(now + 24 * HOUR),
    },
  });
  const ids: string[] = [];
  const writers: string[] = [];
  for (let i = 0; i < entries; i++) {
    const e = await entry(contest.id);
    ids.push(e.submission.id);
    writers.push(e.writer.id);
  }
  const judges: string[] = [];
  for (let i = 0; i < judgeCount; i++) judges.push((await person("cjudge", ["judge"])).id);
  await seatPanel(contest.id, judges);
  return { contest, round, ids, writers, judges };
}

describe("the comparison desk", () => {
  test("concurrent judges never hold the same pair; a judge holds one pair at a time", async () => {
    const { contest, judges } = await comparisonContest(30, 3);
    const rounds = await Promise.all(judges.map((j) => deskRound(j, contest.id)));
    // Every judge asks twice at once (two tabs): one pair each, never another judge's.
    const held = await Promise.all(
      judges.flatMap((j, i) => [nextPair(j, rounds[i]!), nextPair(j, rounds[i]!)]),
    );
    for (let i = 0; i < judges.length; i++) expect(held[2 * i]!.id).toBe(held[2 * i + 1]!.id);
    const keys = judges.map((_, i) => {
      const p = held[2 * i]!;
      return [p.entryAId, p.entryBId].sort().join(":");
    });
    expect(new Set(keys).size).toBe(judges.length);
    const pending = await prisma.comparison.count({
      where: { contestId: contest.id, decidedAt: null },
    });
    expect(pending).toBe(judges.length);
  });

  test("a choice is saved once; the double submit changes nothing; the next pair is new", async () => {
    const { contest, judges } = await comparisonContest(30, 2);
    const [j] = judges;
    const round = (await deskRound(j!, contest.id))!;
    const pair = (await nextPair(j!, round))!;
    expect(await decide(j!, { comparisonId: pair.id, winner: "B", noteA: "Slow start" })).toBe(
      "saved",
    );
    expect(await decide(j!, { comparisonId: pair.id, winner: "A" })).toBe("already");
    const row = await prisma.comparison.findUniqueOrThrow({ where: { id: pair.id } });
    expect(row).toMatchObject({
      winnerId: pair.entryBId,
      noteA: "Slow start",
      openKey: null,
      openJudgeId: null,
    });
    // Another judge cannot decide this judge's pair.
    expect(await decide(judges[1]!, { comparisonId: pair.id, winner: "A" })).toBeNull();
    const next = (await nextPair(j!, round))!;
    expect(next.id).not.toBe(pair.id);
    expect([next.entryAId, next.entryBId].sort()).not.toEqual(
      [pair.entryAId, pair.entryBId].sort(),
    );
  });

  test("the scale is fitted at most once per ranking version, and then once per 5 % of new choices", async () => {
    const { contest, round: row, ids, judges } = await comparisonContest(30, 4);
    const [a, b, c, seeder] = judges;
    // 120 choices already made (each entry against its next four): a fit rests on them. Each
    // entry has 8 comparisons; the round asks for 12.
    await prisma.judgingRound.update({ where: { id: row.id }, data: { comparisonsPerEntry: 12 } });
    let n = 0;
    for (let i = 0; i < ids.length; i++)
      for (let k = 1; k <= 4; k++) {
        const [x, y] = [ids[i]!, ids[(i + k) % ids.length]!];
        await prisma.comparison.create({
          data: {
            contestId: contest.id,
            roundId: row.id,
            judgeId: seeder!,
            entryAId: x,
            entryBId: y,
            pairKey: pairKey(x, y),
            winnerId: n++ % 3 ? x : y,
            handedOutAt: new Date(),
            decidedAt: new Date(),
          },
        });
      }
    const round = (await deskRound(a!, contest.id))!;
    const before = pairingFitCount();
    // Three judges handed a pair one after the other, no choice between: one fit.
    const pairA = (await nextPair(a!, round))!;
    await nextPair(b!, round);
    await nextPair(c!, round);
    expect(pairingFitCount() - before).toBe(1);
    // Each choice moves the ranking version on; the pairs handed out next reuse the measures until
    // 5 % of the choices (6 of 120) are new, then one refit.
    let pair = pairA;
    for (let i = 1; i <= 5; i++) {
      expect(await decide(a!, { comparisonId: pair.id, winner: "A" })).toBe("saved");
      pair = (await nextPair(a!, round))!;
    }
    expect(pairingFitCount() - before).toBe(1);
    expect(await decide(a!, { comparisonId: pair.id, winner: "B" })).toBe("saved");
    await nextPair(a!, round);
    expect(pairingFitCount() - before).toBe(2);
  });

  test("a judge never receives an entry they have a conflict with, or wrote", async () => {
    const { contest, ids, writers, judges } = await comparisonContest(30, 2);
    const [j] = judges;
    // A conflict with the writer of entry 0; the judge wrote entry 1 themselves.
    await prisma.conflict.create({
      data: {
        judgeId: j!,
        contestId: contest.id,
        kind: "entrant",
        entrantId: writers[0]!,
        source: "admin",
      },
    });
    await prisma.submission.update({ where: { id: ids[1]! }, data: { entrantId: j! } });
    const round = (await deskRound(j!, contest.id))!;
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const pair = await nextPair(j!, round);
      if (!pair) break;
      seen.add(pair.entryAId).add(pair.entryBId);
      await decide(j!, { comparisonId: pair.id, winner: "A" });
    }
    expect(seen.size).toBeGreaterThan(20);
    expect(seen.has(ids[0]!)).toBe(false);
    expect(seen.has(ids[1]!)).toBe(false);
  });

  test("a closed round is refused at the moment of the write; an abandoned pair returns", async () => {
    const { contest, round: row, judges } = await comparisonContest(30, 2);
    const [a, b] = judges;
    const round = (await deskRound(a!, contest.id))!;
    const pair = (await nextPair(a!, round))!;
    // Half an hour later the pair is given back when another judge asks.
    const later = new Date(Date.now() + RESERVATION_MS + 60_000);
    const roundB = (await deskRound(b!, contest.id, later))!;
    await nextPair(b!, roundB, later);
    expect(await prisma.comparison.findUnique({ where: { id: pair.id } })).toBeNull();
    // The round closes; a choice sent afterwards is refused and writes nothing.
    const fresh = (await nextPair(a!, round))!;
    await prisma.judgingRound.update({
      where: { id: row.id },
      data: { judgingClose: new Date(Date.now() - 1000) },
    });
    await expect(decide(a!, { comparisonId: fresh.id, winner: "A" })).rejects.toThrow(DomainError);
    expect(
      (await prisma.comparison.findUniqueOrThrow({ where: { id: fresh.id } })).decidedAt,
    ).toBeNull();
    const closed = (await deskRound(a!, contest.id))!;
    expect(closed.open).toBe(false);
    await expect(nextPair(a!, closed)).rejects.toThrow("Judging is closed for this round.");
  });

  test("the round's ranking is by measure, with its standard error; reliability, fit and notes", async () => {
    const { contest, round: row, ids, judges } = await comparisonContest(30, 4);
    // The fourth judge always chooses the weaker piece: the panel's misfit.
    const contrarian = judges[3]!;
    const strength = new Map(ids.map((id, i) => [id, i])); // entry 29 is the best
    const random = seededRandom(39);
    for (let step = 0; step < 30; step++)
      for (const j of judges) {
        const round = (await deskRound(j, contest.id))!;
        const pair = await nextPair(j, round, new Date(), random);
        if (!pair) continue;
        const aWins = strength.get(pair.entryAId)! > strength.get(pair.entryBId)!;
        const right = j === contrarian ? !aWins : aWins;
        await decide(j, {
          comparisonId: pair.id,
          winner: right ? "A" : "B",
          noteA: pair.entryAId === ids[29] ? "A wonderful final line." : undefined,
        });
      }
    const rows = await stageRanking(contest.id, { round: 1, divisionId: null });
    expect(rows).toHaveLength(30);
    const ranked = rows.filter((r) => r.rank !== null);
    expect(ranked.length).toBeGreaterThan(20);
    expect(ranked[0]!.rank).toBe(1);
    expect(ranked.every((r) => typeof r.se === "number" && r.se! > 0)).toBe(true);
    // The scale recovers the true order, though a quarter of the choices are the wrong way round
    // and only eight or so fall to each entry: a rank correlation well above chance (Spearman's
    // rho; 0 is chance, its spread about 0.19 for 30 entries), the best entry in the top half and
    // the weakest in the bottom half. (The strict "top third" once asserted here failed one run
    // in two: the order inside each half is what eight noisy choices cannot settle.)
    const rankOf = (id: string) => ranked.findIndex((r) => r.id === id);
    const n = ranked.length;
    const rho = spearman(
      ranked.map((_, i) => -i),
      ranked.map((r) => strength.get(r.id)!),
    );
    expect(rho).toBeGreaterThan(0.3);
    expect(rankOf(ids[29]!)).toBeGreaterThanOrEqual(0);
    expect(rankOf(ids[29]!)).toBeLessThan(n / 2);
    if (rankOf(ids[0]!) >= 0) expect(rankOf(ids[0]!)).toBeGreaterThanOrEqual(n / 2);

    const [scale] = await comparisonScales(contest.id, { id: row.id, number: 1 });
    expect(scale!.reliability).toBeGreaterThan(0);
    expect(scale!.judges).toHaveLength(4);
    // Judges are listed worst fit first: the contrarian judge leads.
    expect(scale!.judges[0]!.judgeId).toBe(contrarian);
    const notes = await comparisonNotesFor(ids[29]!);
    expect(notes.every((n) => n.note === "A wonderful final line." && n.round === 1)).toBe(true);
  });
});

describe("the queue's panel contests (ADR 0081)", () => {
  test("a comparison round's judge gets the desk's contest, an invited one the judging window", async () => {
    const { contest, judges } = await comparisonContest(2, 1);
    const other = await lifecycleContest();
    await seatPanel(other.contest.id, judges, { status: "invited" });
    const { comparing, invitations } = await judgePanelContests(judges[0]!);
    // The desk's link: the contest's id and title, nothing more.
    expect(comparing).toEqual([{ id: contest.id, title: contest.title }]);
    const row = await prisma.contest.findUniqueOrThrow({ where: { id: other.contest.id } });
    expect(invitations).toEqual([
      {
        id: row.id,
        title: row.title,
        timeZone: row.timeZone,
        judgingOpen: row.judgingOpen,
        judgingClose: row.judgingClose,
      },
    ]);
    // A closed comparison round gives no link.
    await prisma.judgingRound.updateMany({
      where: { contestId: contest.id },
      data: { judgingClose: new Date(Date.now() - HOUR) },
    });
    expect((await judgePanelContests(judges[0]!)).comparing).toEqual([]);
  });
});
