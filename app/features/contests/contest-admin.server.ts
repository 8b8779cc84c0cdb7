/**
 * Data access for contest administration: the list, create and update, publishing with its
 * snapshot, unpublishing and deleting. Every multi-step write runs in one transaction, so nothing
 * is half-saved.
 */
import { DomainError } from "~/utils/domain-error";
// Admin writes are retried as a whole while the database is busy (docs/decisions/0010-hardening.md).
import { prisma, withBusyRetry, isUniqueViolation } from "~/utils/db.server";
import { readPage } from "~/utils/paged-list.server";
import {
  MESSAGES,
  publishProblems,
  timelineIssues,
  type ContestInput,
  type PromptInput,
  type RubricInput,
} from "./contest-schema";
import { buildSnapshot } from "./contest-snapshot";
import { judgingSummary, roundsMisfit } from "./round-fit";
import { enqueueEvent } from "~/utils/outbox.server";

/** A refusal the admin should read (shown as the toast's or form's message). */
export class ContestAdminError extends DomainError {}

type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

function contestData(input: ContestInput) {
  return {
    slug: input.slug,
    title: input.title,
    description: input.description,
    rules: input.rules,
    anonymous: input.anonymous,
    wordMin: input.wordMin,
    wordMax: input.wordMax,
    entryFeeCents: input.entryFeeCents,
    entriesPerWriter: input.entriesPerWriter,
    aiPolicy: input.aiPolicy,
    timeZone: input.timeZone,
    submissionsOpen: input.submissionsOpen,
    submissionsClose: input.submissionsClose,
    judgingOpen: input.judgingOpen,
    judgingClose: input.judgingClose,
    resultsAt: input.resultsAt,
    judgesPerSubmission: input.judgesPerSubmission,
    remindLeadHours: input.remindLeadHours,
  };
}

async function assertSlugFree(db: Tx | typeof prisma, slug: string, exceptId?: string) {
  const other = await db.contest.findUnique({ where: { slug }, select: { id: true } });
  if (other && other.id !== exceptId) throw new ContestAdminError(MESSAGES.slugTaken, "slug");
}

/** Publishes inside `tx`: checks prompts, rubrics and the timeline, then stores the snapshot. */
async function publishIn(tx: Tx, id: string, now: Date) {
  const contest = await tx.contest.findUnique({
    where: { id },
    include: {
      prompts: { orderBy: { createdAt: "asc" } },
      rubrics: { orderBy: { createdAt: "asc" } },
    },
  });
  if (!contest) throw new ContestAdminError("Contest not found");
  const problems = publishProblems({
    prompts: contest.prompts.length,
    rubrics: contest.rubrics.length,
  });
  if (problems.length) throw new ContestAdminError(problems[0]);
  // Saved rounds are checked against the dates being published, and their window is the one
  // published (ADR 0045).
  const rounds = await savedRounds(tx, id);
  const misfit = roundsMisfit(rounds, contest);
  if (misfit.length) throw new ContestAdminError(`${misfit[0]} Change the rounds or the dates.`);
  const window = rounds.length
    ? { judgingOpen: rounds[0].judgingOpen, judgingClose: rounds[rounds.length - 1].judgingClose }
    : {};
  const published = { ...contest, ...window };
  const timeline = timelineIssues(published);
  if (timeline.length) throw new ContestAdminError(timeline[0].message);
  const snapshot = buildSnapshot(published, now);
  // The lifecycle workflow starts (or restarts) with the published dates (docs/decisions/0017-contest-lifecycle.md).
  await enqueueEvent(tx, "contest/schedule.changed", { contestId: id }, now);
  const updated = await tx.contest.update({
    where: { id },
    data: {
      ...window,
      isPublished: true,
      publishedSnapshot: JSON.stringify(snapshot),
      snapshotAt: now,
      // The results date every page and step reads (ADR 0045).
      publishedResultsAt: contest.resultsAt,
    },
  });
  return { ...updated, judgingSummary: judgingSummary(rounds, published, contest.timeZone) };
}

/** The contest's saved rounds (no rows: one round on the contest's own dates). */
function savedRounds(tx: Tx, contestId: string) {
  return tx.judgingRound.findMany({
    where: { contestId },
    orderBy: { number: "asc" },
    select: { number: true, name: true, judgingOpen: true, judgingClose: true },
  });
}

export const CONTESTS_PER_PAGE = 20;

/** All contests, newest first, one page, with prompt/rubric/submission counts (one query each). */
export async function listContests(page = 1) {
  const {
    rows: contests,
    total,
    pageCount,
  } = await readPage(
    page,
    CONTESTS_PER_PAGE,
    (window) =>
      prisma.contest.findMany({
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        ...window,
        select: {
          id: true,
          slug: true,
          title: true,
          isPublished: true,
          snapshotAt: true,
          timeZone: true,
          submissionsOpen: true,
          submissionsClose: true,
          createdAt: true,
          _count: { select: { prompts: true, rubrics: true, submissions: true } },
        },
      }),
    () => prisma.contest.count(),
  );
  return { total, contests, pages: pageCount };
}

export function getContest(id: string) {
  return prisma.contest.findUnique({
    where: { id },
    include: {
      prompts: { orderBy: { createdAt: "asc" } },
      rubrics: { orderBy: { createdAt: "asc" } },
      _count: { select: { submissions: true } },
    },
  });
}

/** What the delete confirmation needs: the title and whether anyone has entered. */
export function contestForDelete(id: string) {
  return prisma.contest.findUnique({
    where: { id },
    select: { id: true, title: true, _count: { select: { submissions: true } } },
  });
}

/** The workspace's heading, on every workspace page: one raw statement (ADR 0075). */
export async function getContestTitle(id: string) {
  const [row] = await prisma.$queryRaw<{ id: string; title: string; slug: string }[]>`
    SELECT "id", "title", "slug" FROM "Contest" WHERE "id" = ${id}`;
  return row ?? null;
}

/** (id, title) for pickers, newest first. */
/** Every contest as { id, title }, newest first: the options of the admin pages' contest pickers. */
export function contestOptions() {
  return prisma.contest.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: { id: true, title: true },
  });
}

/**
 * Creates the contest with its staged prompts and rubrics (new records, also for selected existing
 * ones) in one transaction; with the publish switch on it is published in the same transaction.
 */
export async function createContest(
  input: ContestInput,
  staged: { prompts: PromptInput[]; rubrics: RubricInput[] },
  now = new Date(),
) {
  try {
    return await withBusyRetry(() =>
      prisma.$transaction(async (tx) => {
        await assertSlugFree(tx, input.slug);
        const contest = await tx.contest.create({
          data: { ...contestData(input), isPublished: false },
        });
        for (const p of staged.prompts) {
          await tx.prompt.create({ data: { contestId: contest.id, title: p.title, body: p.body } });
        }
        for (const r of staged.rubrics) {
          await tx.rubric.create({
            data: { contestId: contest.id, name: r.name, criteria: JSON.stringify(r.criteria) },
          });
        }
        if (input.isPublished) return publishIn(tx, contest.id, now);
        return contest;
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new ContestAdminError(MESSAGES.slugTaken, "slug");
    throw error;
  }
}

/**
 * Saves the form. The publish switch turned on (or `publish` from the Publish Contest button)
 * publishes with a fresh snapshot; turned off it unpublishes and keeps the snapshot. A published
 * contest saved with the switch still on keeps its snapshot: re-publishing is explicit.
 */
export async function updateContest(
  id: string,
  input: ContestInput,
  opts: { publish?: boolean } = {},
  now = new Date(),
) {
  try {
    return await withBusyRetry(() =>
      prisma.$transaction(async (tx) => {
        const existing = await tx.contest.findUnique({
          where: { id },
          select: { isPublished: true, remindLeadHours: true },
        });
        if (!existing) throw new ContestAdminError("Contest not found");
        await assertSlugFree(tx, input.slug, id);
        const wantPublished = input.isPublished || Boolean(opts.publish);
        const updated = await tx.contest.update({
          where: { id },
          data: { ...contestData(input), ...(wantPublished ? {} : { isPublished: false }) },
        });
        if (wantPublished && (opts.publish || !existing.isPublished))
          return { contest: await publishIn(tx, id, now), action: "published" as const };
        if (!wantPublished && existing.isPublished) {
          await enqueueEvent(tx, "contest/unpublished", { contestId: id }, now);
          return { contest: updated, action: "unpublished" as const };
        }
        // Saved dates are not published: the schedule keeps the snapshot's dates, the ones the
        // public sees, until Publish Contest (docs/decisions/0022-lifecycle-follows-the-public.md).
        // The reminder lead is not shown to the public, so a change moves the reminder at once.
        if (wantPublished && existing.remindLeadHours !== updated.remindLeadHours)
          await enqueueEvent(tx, "contest/schedule.changed", { contestId: id }, now);
        // Saved rounds that no longer fit the saved dates are named (ADR 0045).
        const misfit = roundsMisfit(await savedRounds(tx, id), updated);
        return { contest: updated, action: "updated" as const, roundsMisfit: misfit };
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new ContestAdminError(MESSAGES.slugTaken, "slug");
    throw error;
  }
}

export function publishContest(id: string, now = new Date()) {
  return withBusyRetry(() => prisma.$transaction((tx) => publishIn(tx, id, now)));
}

/** Unpublishing keeps the stored snapshot (and its date). */
export async function unpublishContest(id: string) {
  await withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const { count } = await tx.contest.updateMany({
        where: { id },
        data: { isPublished: false },
      });
      if (!count) throw new ContestAdminError("Contest not found");
      await enqueueEvent(tx, "contest/unpublished", { contestId: id });
    }),
  );
}

/**
 * Deletes a contest with its prompts and rubrics; refused once anyone has entered. Its panel and
 * any assignment rows go by cascade (only the assignment capability writes assignments, ADR 0051).
 */
export async function deleteContest(id: string) {
  return withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const contest = await tx.contest.findUnique({
        where: { id },
        select: { id: true, title: true, _count: { select: { submissions: true } } },
      });
      if (!contest) throw new ContestAdminError("Contest not found");
      const n = contest._count.submissions;
      if (n > 0) {
        throw new ContestAdminError(
          `"${contest.title}" has ${n} ${n === 1 ? "submission" : "submissions"} and cannot be deleted, so entrants' work is never lost. Unpublish it instead.`,
        );
      }
      await tx.prompt.deleteMany({ where: { contestId: id } });
      await tx.rubric.deleteMany({ where: { contestId: id } });
      await tx.contest.delete({ where: { id } });
      return contest;
    }),
  );
}

export const ITEMS_PER_PAGE = 25;

export async function assertContestExists(contestId: string | null | undefined) {
  if (
    contestId &&
    !(await prisma.contest.findUnique({ where: { id: contestId }, select: { id: true } }))
  ) {
    throw new ContestAdminError("Contest not found");
  }
}
