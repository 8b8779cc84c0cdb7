/**
 * The admin's review and adjustment of the awards before results_at
 * (docs/decisions/0019-results.md): the ranked top with each entry's award, the places and
 * honourable mentions, the admin's own choices (with a note when they differ from the ranking),
 * and the reset back to the computed awards.
 */
import { resultsOut, type ResultsRelease } from "~/features/contests/results-release";
import { DomainError } from "~/utils/domain-error";
import { prisma } from "~/utils/db.server";
import { adminWriterLabel, adminWriterSelect } from "~/features/judging/writer";
import { ordinal, parseAwardChoice, placeClash, type Award } from "./awards";
import {
  computedAwards,
  contestForResults,
  currentAwards,
  rankedTop,
} from "./current-awards.server";
import { contestStage } from "./stage.server";

export class ResultsError extends DomainError {}

const MAX_PLACES = 20;
const MAX_MENTIONS = 50;

/** The admin's review: the ranked top with each entry's award, and the settings. */
export async function awardsReview(contestId: string, now = new Date()) {
  const contest = await contestForResults({ id: contestId });
  if (!contest) return null;
  const stage = await contestStage(contest.id);
  const [top, { awards, adjusted }] = await Promise.all([
    rankedTop(contest, stage),
    currentAwards(contest),
  ]);
  const byId = new Map(awards.map((a) => [a.submissionId, a]));
  const computed = new Map(computedAwards(top, contest, stage).map((a) => [a.submissionId, a]));
  const divisionName = new Map(stage.divisions.map((d) => [d.id, d.name]));
  // Who wrote each listed entry, for the admin: "Mia R. (sent by Grace Hopkins, Maple Grove Primary)".
  const writers = new Map(
    (
      await prisma.submission.findMany({
        where: { id: { in: top.map((r) => r.id) } },
        select: { id: true, ...adminWriterSelect },
      })
    ).map((w) => [w.id, adminWriterLabel(w)]),
  );
  return {
    contest,
    published: resultsOut(contest, now),
    adjusted,
    /** A contest with divisions lists its awards division by division. */
    divisions: stage.divisions,
    finalRound: stage.rounds.length > 1 ? stage.finalRound : null,
    rows: top.map((r) => ({
      id: r.id,
      divisionId: r.divisionId ?? null,
      division: r.divisionId ? (divisionName.get(r.divisionId) ?? null) : null,
      title: r.title,
      writer: writers.get(r.id) ?? "",
      rank: r.rank,
      average: r.average,
      scored: r.scored,
      award: byId.get(r.id) ?? null,
      computed: computed.get(r.id) ?? null,
    })),
  };
}

function assertBeforeResults(contest: ResultsRelease, now: Date) {
  if (resultsOut(contest, now)) {
    throw new ResultsError("Results are already published; the awards can no longer change.");
  }
}

/** Places and honourable mentions, before results_at. Saved awards are cleared (recomputed). */
export async function saveAwardSettings(
  contestId: string,
  settings: { places: number; honourableMentions: number },
  now = new Date(),
) {
  const contest = await contestForResults({ id: contestId });
  if (!contest) throw new ResultsError("Contest not found");
  assertBeforeResults(contest, now);
  if (settings.places < 1 || settings.places > MAX_PLACES) {
    throw new ResultsError(`Places must be between 1 and ${MAX_PLACES}.`, "places");
  }
  if (settings.honourableMentions < 0 || settings.honourableMentions > MAX_MENTIONS) {
    throw new ResultsError(
      `Honourable mentions must be between 0 and ${MAX_MENTIONS}.`,
      "honourableMentions",
    );
  }
  await prisma.$transaction([
    prisma.contest.update({ where: { id: contestId }, data: settings }),
    prisma.contestAward.deleteMany({ where: { contestId } }),
  ]);
}

/**
 * Saves the admin's awards (a choice per listed entry: a place, "hm" or "none"), before
 * results_at. Only submitted entries of this contest can be awarded; a choice that differs from
 * the computed ranking needs a note saying why (e.g. how a tie was broken).
 */
export async function saveAwards(
  contestId: string,
  input: { choices: Record<string, string>; note?: string },
  now = new Date(),
) {
  const contest = await contestForResults({ id: contestId });
  if (!contest) throw new ResultsError("Contest not found");
  assertBeforeResults(contest, now);
  const stage = await contestStage(contest.id);
  const top = await rankedTop(contest, stage);
  const computedList = computedAwards(top, contest, stage);
  const computed = new Map(computedList.map((a) => [a.submissionId, a]));
  const listed = new Set(top.map((r) => r.id));
  const awards: Award[] = [];
  let changed = false;
  for (const [submissionId, value] of Object.entries(input.choices)) {
    if (!listed.has(submissionId)) continue;
    const choice = parseAwardChoice(value, contest.places);
    const before = computed.get(submissionId);
    if (
      (choice?.kind ?? null) !== (before?.kind ?? null) ||
      (choice?.place ?? null) !== (before?.place ?? null)
    ) {
      changed = true;
    }
    if (choice) awards.push({ submissionId, ...choice });
  }
  const note = input.note?.trim() || null;
  if (changed && !note) {
    throw new ResultsError("Say in a note why the awards differ from the ranking.", "note");
  }
  if (stage.staged) {
    // Places are given per division: 1st place in each, but each place once in a division
    // unless the ranking tied the entries on it (docs/decisions/0032-divisions-and-rounds.md).
    const division = new Map(top.map((r) => [r.id, r.divisionId ?? null]));
    const clash = placeClash(
      awards.map((a) => ({ ...a, divisionId: division.get(a.submissionId) ?? null })),
      computedList,
    );
    if (clash) {
      const name = stage.divisions.find((d) => d.id === clash.divisionId)?.name;
      throw new ResultsError(
        `Two entries${name ? ` in ${name}` : ""} have ${ordinal(clash.place)} place. Give each place to one entry${name ? " in a division" : ""}, unless the ranking tied them.`,
      );
    }
  }
  await prisma.$transaction([
    prisma.contestAward.deleteMany({ where: { contestId } }),
    prisma.contestAward.createMany({
      data: awards.map((a) => ({ contestId, ...a, note: changed ? note : null })),
    }),
  ]);
  return { changed };
}

/** Back to the computed ranking, before results_at. */
export async function resetAwards(contestId: string, now = new Date()) {
  const contest = await contestForResults({ id: contestId });
  if (!contest) throw new ResultsError("Contest not found");
  assertBeforeResults(contest, now);
  await prisma.contestAward.deleteMany({ where: { contestId } });
}
