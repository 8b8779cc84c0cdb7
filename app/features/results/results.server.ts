/**
 * Results and recognition (docs/decisions/0019-results.md): the admin's review of the awards
 * before results_at, the public results page after it, and one entry's award. Awards come from
 * the stored ContestAward rows when an admin has saved them, otherwise from the ranking.
 */
import { parseCriteria, round2 } from "~/features/contests/rubric";
import { ranking } from "~/features/judging/ranking.server";
import { averageScore, decidingRound, judgeLabels, parseScores } from "~/features/judging/scoring";
import { prisma, isUniqueViolation } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import {
  awardLabel,
  compareAwards,
  defaultAwards,
  defaultAwardsByDivision,
  ordinal,
  parseAwardChoice,
  placeClash,
  withDivision,
  type Award,
} from "./awards";
import { progressLabels } from "./entry-progress.server";
import { contestStage, roundRanking, stagedFrozenRows, type ContestStage } from "./stage.server";
import {
  adminWriterLabel,
  adminWriterSelect,
  writerName,
  writerSelect,
} from "~/features/judging/writer";

export class ResultsError extends DomainError {}

const MAX_PLACES = 20;
const MAX_MENTIONS = 50;

async function contestForResults(where: { id: string } | { slug: string }) {
  return prisma.contest.findFirst({
    where: { ...where, isPublished: true },
    select: {
      id: true,
      slug: true,
      title: true,
      timeZone: true,
      resultsAt: true,
      places: true,
      honourableMentions: true,
    },
  });
}

/**
 * The ranked top of a contest, enough rows to cover its places, mentions and ties. A staged
 * contest (docs/decisions/0032-divisions-and-rounds.md): the final round's ranking, the top of
 * each division (ranked within it).
 */
async function rankedTop(
  contest: { id: string; places: number; honourableMentions: number },
  stage?: ContestStage,
) {
  const take = contest.places + contest.honourableMentions + 20;
  if (stage?.staged) {
    const rows = await roundRanking(contest.id, stage, { round: stage.finalRound });
    const seen = new Map<string | null, number>();
    return rows.filter((r) => {
      const key = r.divisionId ?? null;
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      return n <= take;
    });
  }
  const rows = await ranking(contest.id, { mode: "raw", take });
  return rows;
}

/** The default awards of ranked rows: per division for a staged contest, else contest-wide. */
function computedAwards(
  rows: { id: string; rank: number | null; divisionId?: string | null }[],
  contest: { places: number; honourableMentions: number },
  stage?: ContestStage,
) {
  const ranked = rows.map((r) => ({
    submissionId: r.id,
    rank: r.rank,
    divisionId: r.divisionId ?? null,
  }));
  return stage?.staged ? defaultAwardsByDivision(ranked, contest) : defaultAwards(ranked, contest);
}

/**
 * The rows to freeze for a staged contest (rank within the entry's division in the final round),
 * or null for a contest that is not staged (it freezes its one ranking, as before).
 */
export async function stagedResultRows(contestId: string) {
  const stage = await contestStage(contestId);
  return stage.staged ? stagedFrozenRows(contestId, stage) : null;
}

/** The awards as they stand: the saved list when there is one, otherwise computed. */
async function currentAwards(contest: { id: string; places: number; honourableMentions: number }) {
  const saved = await prisma.contestAward.findMany({
    where: { contestId: contest.id },
    select: { submissionId: true, kind: true, place: true, note: true },
  });
  if (saved.length) {
    return { awards: saved as Award[], saved: true, adjusted: saved.some((a) => a.note) };
  }
  const stage = await contestStage(contest.id);
  const ranked = await rankedForAwards(contest, stage);
  return {
    awards: stage.staged
      ? defaultAwardsByDivision(ranked, contest)
      : defaultAwards(ranked, contest),
    saved: false,
    adjusted: false,
  };
}

/** The ranking awards are computed from: the frozen one once results are out, else live. */
async function rankedForAwards(
  contest: {
    id: string;
    places: number;
    honourableMentions: number;
  },
  stage: ContestStage,
) {
  const take = contest.places + contest.honourableMentions + 20;
  if (stage.staged) {
    // Frozen ranks are within each division: the top of every division.
    const frozen = await prisma.frozenResult.findMany({
      where: { contestId: contest.id, rank: { not: null, lte: take } },
      orderBy: [{ rank: "asc" }, { submissionId: "asc" }],
      select: { submissionId: true, rank: true },
    });
    if (frozen.length) {
      const divisions = new Map(
        (
          await prisma.submission.findMany({
            where: { id: { in: frozen.map((f) => f.submissionId) } },
            select: { id: true, divisionId: true },
          })
        ).map((d) => [d.id, d.divisionId]),
      );
      return frozen.map((f) => ({ ...f, divisionId: divisions.get(f.submissionId) ?? null }));
    }
    const live = await rankedTop(contest, stage);
    return live.map((r) => ({
      submissionId: r.id,
      rank: r.rank,
      divisionId: r.divisionId ?? null,
    }));
  }
  const frozen = await prisma.frozenResult.findMany({
    where: { contestId: contest.id, rank: { not: null } },
    orderBy: [{ rank: "asc" }, { submissionId: "asc" }],
    select: { submissionId: true, rank: true },
    take,
  });
  if (frozen.length) return frozen.map((f) => ({ ...f, divisionId: null }));
  const live = await rankedTop(contest);
  return live.map((r) => ({ submissionId: r.id, rank: r.rank, divisionId: null }));
}

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
    published: contest.resultsAt <= now,
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

function assertBeforeResults(contest: { resultsAt: Date }, now: Date) {
  if (contest.resultsAt <= now) {
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

/**
 * Once results are out, the awards are stored if they were not already (the computed ones), so
 * later score edits never change published results. The lifecycle's results step calls this;
 * the pages call it too, so a missed step changes nothing for readers.
 */
export async function freezeAwards(
  contest: {
    id: string;
    places: number;
    honourableMentions: number;
  },
  now = new Date(),
) {
  const { awards, saved } = await currentAwards(contest);
  if (!saved && awards.length > 0) {
    try {
      await prisma.$transaction(async (tx) => {
        if (await tx.contestAward.count({ where: { contestId: contest.id } })) return;
        await tx.contestAward.createMany({
          data: awards.map((a) => ({ contestId: contest.id, ...a, note: null })),
        });
      });
    } catch (error) {
      // Two first readers at once: the other one stored the same awards.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  await freezePublicNames(contest.id, now);
}

/**
 * The names the public sees, frozen at publication (docs/decisions/0023-privacy-and-links.md):
 * the writer's display name at that moment, and only when they agreed when entering
 * (showIfAwarded); otherwise none ("Anonymous writer"). A later rename changes nothing here. For
 * a class entry the writer is the pupil ("Mia R."), never the educator who sent it (ADR 0031).
 */
async function freezePublicNames(contestId: string, now: Date) {
  const open = await prisma.contestAward.findMany({
    where: { contestId, nameFrozenAt: null },
    select: {
      submissionId: true,
      submission: { select: { showIfAwarded: true, ...writerSelect } },
    },
  });
  for (const a of open) {
    // The first reader to freeze a row wins; a concurrent one updates nothing.
    await prisma.contestAward.updateMany({
      where: { contestId, submissionId: a.submissionId, nameFrozenAt: null },
      data: {
        publicName: a.submission.showIfAwarded ? writerName(a.submission) : null,
        nameFrozenAt: now,
      },
    });
  }
}

/**
 * The awards with what the public may see: the title, and only where the writer agreed when
 * entering, the story and their name (as frozen at publication; null shows "Anonymous writer").
 */
async function awardsWithEntries(contest: {
  id: string;
  places: number;
  honourableMentions: number;
}) {
  const { awards } = await currentAwards(contest);
  const frozen = new Map(
    (
      await prisma.contestAward.findMany({
        where: { contestId: contest.id, nameFrozenAt: { not: null } },
        select: { submissionId: true, publicName: true },
      })
    ).map((a) => [a.submissionId, a.publicName]),
  );
  const entries = await prisma.submission.findMany({
    where: { id: { in: awards.map((a) => a.submissionId) }, status: "submitted" },
    select: {
      id: true,
      title: true,
      showIfAwarded: true,
      body: true,
      divisionId: true,
      ...writerSelect,
    },
  });
  const byId = new Map(entries.map((e) => [e.id, e]));
  return awards
    .filter((a) => byId.has(a.submissionId))
    .sort(compareAwards)
    .map((a) => {
      const e = byId.get(a.submissionId)!;
      return {
        submissionId: a.submissionId,
        kind: a.kind,
        place: a.place,
        divisionId: e.divisionId,
        title: e.title,
        // Before publication (an admin's preview) the name it would freeze now.
        writer: frozen.has(a.submissionId)
          ? (frozen.get(a.submissionId) ?? null)
          : e.showIfAwarded
            ? writerName(e)
            : null,
        text: e.showIfAwarded ? e.body : null,
      };
    });
}

/** The public results page: before results_at only when they will be published. */
export async function publicResults(
  slug: string,
  now = new Date(),
  opts: { preview?: boolean } = {},
) {
  const contest = await contestForResults({ slug });
  if (!contest) return null;
  if (contest.resultsAt > now) {
    // An admin's preview: the awards as they stand, nothing stored (the caller checks the role).
    const awards = opts.preview ? await awardsWithEntries(contest) : [];
    return {
      contest,
      published: false as const,
      awards,
      groups: await byDivision(contest, awards),
    };
  }
  await freezeAwards(contest, now);
  const awards = await awardsWithEntries(contest);
  return { contest, published: true as const, awards, groups: await byDivision(contest, awards) };
}

/**
 * The awards grouped by division, in division order (docs/decisions/0032-divisions-and-rounds.md);
 * entries left without a division last ("Other entries"). A contest without divisions: one group
 * named null (no heading).
 */
async function byDivision<T extends { divisionId: string | null }>(
  contest: { id: string },
  awards: T[],
): Promise<{ division: string | null; awards: T[] }[]> {
  const divisions = await prisma.division.findMany({
    where: { contestId: contest.id },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
    select: { id: true, name: true },
  });
  if (divisions.length === 0) return [{ division: null, awards }];
  const groups = divisions.map((d) => ({
    division: d.name as string | null,
    awards: awards.filter((a) => a.divisionId === d.id),
  }));
  const known = new Set(divisions.map((d) => d.id));
  groups.push({
    division: "Other entries",
    awards: awards.filter((a) => !a.divisionId || !known.has(a.divisionId)),
  });
  return groups.filter((g) => g.awards.length > 0);
}

/** An entry's award once results are out (null before, or when it won nothing). */
export async function entryAward(submissionId: string, now = new Date()) {
  const entry = await prisma.submission.findUnique({
    where: { id: submissionId },
    select: {
      status: true,
      division: { select: { name: true } },
      contest: { select: { id: true, places: true, honourableMentions: true, resultsAt: true } },
    },
  });
  if (!entry || entry.status !== "submitted" || entry.contest.resultsAt > now) return null;
  await freezeAwards(entry.contest, now);
  const { awards } = await currentAwards(entry.contest);
  const award = awards.find((a) => a.submissionId === submissionId);
  // The division it was won in, for "1st place, Grades 6-8" (docs/decisions/0032-divisions-and-rounds.md).
  return award ? { ...award, division: entry.division?.name ?? null } : null;
}

/**
 * The entries a user may read the results of: those they sent (the writer alone, or the educator
 * of a class entry) and those sent for them as a pupil of a class (ADR 0031).
 */
export const readerOf = (userId: string) => ({
  OR: [{ entrantId: userId }, { pupil: { userId } }],
});

/**
 * What an entrant reads about their own entry once results are out: the award, the average
 * with its scale, each criterion's average, and the judges' comments as "Judge 1", "Judge 2".
 * Null before results_at or for someone else's entry (a pupil reads the entries sent for them).
 * No judge identity is selected.
 */
export async function entryResults(userId: string, submissionId: string, now = new Date()) {
  const entry = await prisma.submission.findFirst({
    where: {
      id: submissionId,
      ...readerOf(userId),
      status: "submitted",
      contest: { resultsAt: { lte: now } },
    },
    select: {
      scores: {
        where: { submittedAt: { not: null } },
        orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
        select: {
          scores: true,
          comment: true,
          total: true,
          rubric: { select: { criteria: true } },
          assignment: { select: { round: true } },
        },
      },
    },
  });
  if (!entry) return null;
  const award = await entryAward(submissionId, now);
  // The average and the criteria are the round that decided the entry's place; every judge's
  // comment is kept, named by round when there were several (docs/decisions/0032).
  const scored = entry.scores.map((s) => ({ ...s, round: s.assignment.round }));
  const deciding = decidingRound(scored);
  const labels = judgeLabels(scored);
  const criteria = deciding.length ? parseCriteria(deciding[0].rubric.criteria) : [];
  const values = deciding.map((s) => parseScores(s.scores));
  const mean = averageScore;
  return {
    award: award
      ? {
          label: withDivision(awardLabel(award), award.division),
          kind: award.kind,
          place: award.place,
        }
      : null,
    progress: (await progressLabels([submissionId], now))[submissionId] ?? null,
    average: mean(deciding.map((s) => s.total)),
    outOf: round2(criteria.reduce((n, c) => n + c.maxPoints * c.weight, 0)),
    criteria: criteria.map((c) => ({
      label: c.label,
      outOf: c.maxPoints,
      average: mean(values.map((v) => Number(v[c.key] ?? 0))),
    })),
    comments: entry.scores
      .map((s, i) => ({ judge: labels[i], comment: s.comment?.trim() || null }))
      .filter((c) => c.comment),
  };
}

/**
 * The awards of several entries whose results are out, by entry id (the contests' awards frozen
 * first): one query for the contests, one for the awards. Unawarded entries are absent.
 */
export async function awardsOf(submissionIds: string[], now = new Date()) {
  const out = new Map<string, Pick<Award, "kind" | "place"> & { division: string | null }>();
  if (submissionIds.length === 0) return out;
  const contests = await prisma.contest.findMany({
    where: { resultsAt: { lte: now }, submissions: { some: { id: { in: submissionIds } } } },
    select: { id: true, places: true, honourableMentions: true },
  });
  for (const contest of contests) await freezeAwards(contest, now);
  const awards = await prisma.contestAward.findMany({
    where: {
      submissionId: { in: submissionIds },
      contestId: { in: contests.map((c) => c.id) },
      submission: { status: "submitted" },
    },
    select: {
      submissionId: true,
      kind: true,
      place: true,
      submission: { select: { division: { select: { name: true } } } },
    },
  });
  for (const a of awards) {
    out.set(a.submissionId, {
      kind: a.kind as Award["kind"],
      place: a.place,
      division: a.submission.division?.name ?? null,
    });
  }
  return out;
}

/** The award labels of several of an entrant's entries (results out), by entry id. */
export async function awardLabelsFor(submissionIds: string[], now = new Date()) {
  const awards = await awardsOf(submissionIds, now);
  return Object.fromEntries(
    [...awards].map(([id, a]) => [id, withDivision(awardLabel(a), a.division)]),
  ) as Record<string, string>;
}
