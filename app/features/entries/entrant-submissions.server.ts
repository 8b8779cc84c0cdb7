/**
 * The entrant's own entries: the dashboard list, one entry, released results, withdrawing, and
 * the confirmation e-mail. Every query is scoped to the entrant.
 */
import { releaseUnscoredAssignments } from "~/features/assignment/release.server";
import { paymentFactsSelect } from "~/features/payments/payment-summary";
import {
  SubmissionConfirmationEmail,
  submissionConfirmationSubject,
} from "~/emails/submission-confirmation";
import { publishedDates, publishedDatesSelect } from "~/features/contests/contest-snapshot";
import { isSubmissionWindowOpen } from "~/features/contests/phase";
import { resultsOutWhere } from "~/features/contests/results-release";
import { publicContest } from "~/features/contests/public-contest";
import { parseCriteria } from "~/features/contests/rubric";
import { averageScore, decidingRound, judgeLabels, parseScores } from "~/features/judging/scoring";
import { formatDateTime, formatDollars } from "~/utils/dates";
import { prisma } from "~/utils/db.server";
import { sendEmail, siteUrl } from "~/utils/email.server";
import { ShowPermissionEmail, showPermissionSubject } from "~/emails/show-permission";
import { DAY, TOKEN_TYPES, issueToken } from "~/features/accounts/one-time-tokens.server";
import { needsParentalConsent } from "~/features/accounts/user";
import { readPage } from "~/utils/paged-list.server";
import { contestSelect } from "~/features/contests/public-contests.server";
import { nextStatus, TransitionRefused } from "./submission-status";
import { expireSessions, voidUnpaid } from "~/features/payments/checkout.server";

export const DASHBOARD_PAGE_SIZE = 20;

const entrantSubmissionSelect = {
  id: true,
  title: true,
  wordCount: true,
  status: true,
  createdAt: true,
  fileName: true,
  disqualifyReason: true,
  division: { select: { name: true } },
  contest: {
    select: {
      id: true,
      slug: true,
      title: true,
      timeZone: true,
      ...publishedDatesSelect,
    },
  },
  payment: { select: { status: true, amountCents: true, checkoutSessionId: true } },
} as const;

/** An entry's contest with the dates its writer was shown: the published ones (ADR 0022, 0045). */
function withPublishedDates<
  T extends { contest: Parameters<typeof publishedDates>[0] & Record<string, unknown> },
>(row: T): T {
  return { ...row, contest: { ...row.contest, ...publishedDates(row.contest) } };
}

/**
 * The entrant's own writing: entries they sent for themselves. Class entries an educator sent for
 * pupils are the pupils' writing (docs/decisions/0031-classrooms-and-shared-computers.md): they
 * are counted apart (`classEntriesSent`) and shown on the educator's class pages.
 */
export async function listEntrantSubmissions(
  entrantId: string,
  page = 1,
  pageSize = DASHBOARD_PAGE_SIZE,
) {
  const where = { entrantId, pupilId: null };
  const { rows, ...paging } = await readPage(
    page,
    pageSize,
    (window) =>
      prisma.submission.findMany({
        where,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        ...window,
        select: entrantSubmissionSelect,
      }),
    () => prisma.submission.count({ where }),
  );
  return { submissions: rows.map(withPublishedDates), ...paging };
}

/** How many entries this user sent for pupils of their classes (the educator's class entries). */
export async function classEntriesSent(entrantId: string) {
  return prisma.submission.count({ where: { entrantId, pupilId: { not: null } } });
}

/**
 * The entries an educator sent for this user as a pupil of a class (a Pupil row linked to the
 * account), newest first, one page: read-only, the educator manages them.
 */
export async function listSentForPupil(userId: string, page = 1, pageSize = DASHBOARD_PAGE_SIZE) {
  const where = { pupil: { userId } };
  const { rows, ...paging } = await readPage(
    page,
    pageSize,
    (window) =>
      prisma.submission.findMany({
        where,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        ...window,
        select: { ...entrantSubmissionSelect, entrant: { select: { displayName: true } } },
      }),
    () => prisma.submission.count({ where }),
  );
  return { submissions: rows.map(withPublishedDates), ...paging };
}

/** One entry an educator sent for this user as a pupil; null for any other (the caller answers 404). */
export async function getSentForPupil(userId: string, id: string) {
  return prisma.submission.findFirst({
    where: { id, pupil: { userId } },
    select: {
      ...entrantSubmissionSelect,
      body: true,
      fileSize: true,
      contentRemovedAt: true,
      contest: { select: { ...contestSelect } },
      payment: { select: paymentFactsSelect },
      entrant: { select: { displayName: true } },
    },
  });
}

/**
 * One of the entrant's own submissions (for an educator, a class entry they sent: `pupil` names
 * its writer); null for anyone else's (the caller answers 404).
 */
export async function getEntrantSubmission(entrantId: string, id: string) {
  return prisma.submission.findFirst({
    where: { id, entrantId },
    select: {
      ...entrantSubmissionSelect,
      body: true,
      fileSize: true,
      contentRemovedAt: true,
      contest: { select: { ...contestSelect } },
      payment: { select: paymentFactsSelect },
      pupil: { select: { firstName: true, lastInitial: true } },
    },
  });
}

/**
 * The entrant's released results: for each of their judged entries whose contest's results_at
 * has passed, the submitted scores (criterion scores, total, comment). Judges are never named.
 * A pupil's results include the entries sent for them; an educator's leave out class entries
 * (they are the pupils', read on the class pages).
 */
export async function entrantResults(entrantId: string, now = new Date(), take = 10) {
  const submissions = await prisma.submission.findMany({
    where: {
      OR: [{ entrantId, pupilId: null }, { pupil: { userId: entrantId } }],
      status: "submitted",
      contest: resultsOutWhere(now),
      scores: { some: { submittedAt: { not: null } } },
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: {
      id: true,
      title: true,
      contest: { select: { slug: true, title: true } },
      scores: {
        where: { submittedAt: { not: null } },
        orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
        select: {
          id: true,
          scores: true,
          comment: true,
          total: true,
          rubric: { select: { criteria: true } },
          assignment: { select: { round: true } },
        },
      },
    },
  });
  return submissions.map((s) => {
    const rounds = s.scores.map((score) => ({ round: score.assignment.round, total: score.total }));
    const labels = judgeLabels(rounds);
    const reviews = s.scores.map((score, i) => {
      const criteria = parseCriteria(score.rubric.criteria);
      const values = parseScores(score.scores);
      return {
        id: score.id,
        label: labels[i],
        total: score.total,
        comment: score.comment,
        criteria: criteria.map((c) => ({
          key: c.key,
          label: c.label,
          maxPoints: c.maxPoints,
          score: Number(values[c.key] ?? 0),
        })),
      };
    });
    // The one rounding rule (docs/decisions/0016): the same average as the ranking shows, of the
    // round that decided the entry (docs/decisions/0032).
    const average = averageScore(decidingRound(rounds).map((r) => r.total));
    return { id: s.id, title: s.title, contest: s.contest, average, reviews };
  });
}

/**
 * Withdraws the entrant's own submitted or unpaid entry while the window is open; the window is checked
 * at the moment of the write and the update only applies to a still-submitted row.
 */
export async function withdrawSubmission(entrantId: string, id: string, now = new Date()) {
  const outcome = await prisma.$transaction(async (tx) => {
    const row = await tx.submission.findFirst({
      where: { id, entrantId },
      select: { status: true, contest: { select: contestSelect } },
    });
    if (!row) return null;
    const to = nextStatus(row.status, "withdraw");
    if (!to) throw new TransitionRefused(WITHDRAW_REFUSED);
    if (!isSubmissionWindowOpen(publicContest(row.contest), now)) {
      throw new TransitionRefused("Entries can only be withdrawn while submissions are open.");
    }
    const { count } = await tx.submission.updateMany({
      where: { id, entrantId, status: row.status },
      data: { status: to },
    });
    if (count !== 1) throw new TransitionRefused(WITHDRAW_REFUSED);
    // Its unscored assignments go with it; submitted scores stay (docs/decisions/0016).
    await releaseUnscoredAssignments(tx, { submissionIds: [id] });
    // An unpaid entry's code use goes back and its checkout can no longer be paid (ADR 0020).
    const sessions = await voidUnpaid(tx, [id]);
    return { to, sessions };
  });
  if (!outcome) return null;
  await expireSessions(outcome.sessions);
  return outcome.to;
}

const WITHDRAW_REFUSED = "Only a submitted or unpaid entry can be withdrawn.";

/**
 * To the parent of an under-13 writer whose entry says "may be shown": a link that takes it back
 * at any time (docs/decisions/0042-a-childs-words-and-name.md). Never throws.
 */
async function sendShowPermissionLink(s: {
  id: string;
  title: string;
  showIfAwarded: boolean;
  pupilId: string | null;
  entrant: {
    id: string;
    displayName: string;
    dateOfBirth: Date | null;
    parentEmail: string | null;
  };
  contest: { title: string };
}) {
  const child = s.entrant;
  if (!s.showIfAwarded || s.pupilId || !child.parentEmail) return;
  if (!needsParentalConsent(child.dateOfBirth)) return;
  try {
    const token = await issueToken({
      type: TOKEN_TYPES.showWithdraw,
      userId: child.id,
      target: s.id,
      perTarget: true,
      ttlMs: SHOW_LINK_DAYS * DAY,
    });
    await sendEmail({
      to: child.parentEmail,
      subject: showPermissionSubject(child.displayName),
      template: "show-permission",
      react: ShowPermissionEmail({
        childName: child.displayName,
        title: s.title,
        contestTitle: s.contest.title,
        link: siteUrl(`/show-permission/${token}`),
      }),
    });
  } catch (error) {
    console.error("could not send the parent's show-permission link", (error as Error).message);
  }
}
/** The parent's link works for well over a contest's life (results included). */
const SHOW_LINK_DAYS = 730;

/** Sends the submission confirmation (never throws; the outcome is in the e-mail log). */
export async function sendSubmissionConfirmation(submissionId: string) {
  const s = await prisma.submission.findUnique({
    where: { id: submissionId },
    select: {
      id: true,
      title: true,
      createdAt: true,
      wordCount: true,
      fileName: true,
      status: true,
      showIfAwarded: true,
      pupilId: true,
      division: { select: { name: true } },
      entrant: {
        select: {
          id: true,
          email: true,
          displayName: true,
          dateOfBirth: true,
          parentEmail: true,
        },
      },
      contest: { select: { title: true, timeZone: true, ...publishedDatesSelect } },
      payment: { select: paymentFactsSelect },
    },
  });
  if (!s || s.status !== "submitted") return null;
  await sendShowPermissionLink(s);
  const tz = s.contest.timeZone;
  // The dates the writer was shown: the published ones (ADR 0022, 0045).
  const dates = publishedDates(s.contest);
  const p = s.payment;
  return sendEmail({
    to: s.entrant.email,
    subject: submissionConfirmationSubject(s.title),
    template: "submission-confirmation",
    react: SubmissionConfirmationEmail({
      displayName: s.entrant.displayName,
      title: s.title,
      contestTitle: s.contest.title,
      submittedAt: formatDateTime(s.createdAt, s.contest.timeZone),
      wordCount: s.wordCount,
      fileName: s.fileName,
      division: s.division?.name ?? null,
      dashboardUrl: siteUrl("/dashboard"),
      judgingOpens: formatDateTime(dates.judgingOpen, tz),
      resultsAt: formatDateTime(dates.resultsAt, tz),
      payment:
        p && (p.status === "paid" || p.status === "waived")
          ? {
              fee: formatDollars(p.feeCents),
              discount: p.discountCents > 0 ? formatDollars(p.discountCents) : null,
              code: p.discountCode?.code ?? null,
              paid: formatDollars(p.status === "paid" ? p.amountCents : 0),
              how: p.status === "paid" ? "Paid" : "Fee waived",
              reference: p.paymentIntentId,
              paidAt: p.paidAt ? formatDateTime(p.paidAt, tz) : null,
            }
          : null,
    }),
  });
}
