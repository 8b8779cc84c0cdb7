/**
 * The data retention policy, run once a day by the maintenance runner
 * (docs/decisions/0038-data-retention.md): story text and files of entries past their period are
 * removed (titles, scores, feedback and awards stay); children's accounts nobody used for the
 * period are warned by e-mail, then removed. Every change is written with its RetentionRecord in
 * one transaction, so a repeated run finds it done.
 */
import { resultsOutWhere } from "~/features/contests/results-release";
import { RetentionWarningEmail, RETENTION_WARNING_SUBJECT } from "~/emails/retention-warning";
import { formatDate } from "~/utils/dates";
import { prisma, withBusyRetry } from "~/utils/db.server";
import { sendEmail, siteUrl } from "~/utils/email.server";
import { env } from "~/utils/env.server";
import { getStorage } from "~/utils/storage.server";
import { deleteAccount } from "./account-deletion.server";
import {
  ADULT_AGE,
  accountRemovalDate,
  accountStep,
  daysBefore,
  entryContentCutoff,
  isChildAccount,
  keepsStory,
  type RetentionPeriods,
} from "./retention-policy";

/** At most this many entries, and this many accounts, are handled in one run. */
export const RETENTION_BATCH = 200;
const CHUNK = 20;

type Send = typeof sendEmail;

export function retentionPeriods(): RetentionPeriods {
  const e = env();
  return {
    entryDays: e.RETENTION_ENTRY_DAYS,
    inactiveChildDays: e.RETENTION_INACTIVE_CHILD_DAYS,
    noticeDays: e.RETENTION_NOTICE_DAYS,
    emailLogDays: e.RETENTION_EMAIL_LOG_DAYS,
  };
}

/** Removes the story text and file of entries past their period. */
async function removeEntryContent(runId: string, now: Date, periods: RetentionPeriods) {
  const due = await prisma.submission.findMany({
    where: {
      contentRemovedAt: null,
      contest: resultsOutWhere(entryContentCutoff(now, periods)),
      // Kept: a winner whose writer agreed to publication (keepsStory).
      OR: [{ showIfAwarded: false }, { award: { is: null } }],
    },
    orderBy: { id: "asc" },
    take: RETENTION_BATCH + 1,
    select: {
      id: true,
      contestId: true,
      filePath: true,
      showIfAwarded: true,
      award: { select: { kind: true } },
    },
  });
  const more = due.length > RETENTION_BATCH;
  const batch = due
    .slice(0, RETENTION_BATCH)
    .filter((s) => !keepsStory({ awarded: !!s.award, showIfAwarded: s.showIfAwarded }));
  const storage = getStorage();
  for (let i = 0; i < batch.length; i += CHUNK) {
    const chunk = batch.slice(i, i + CHUNK);
    const ids = chunk.map((s) => s.id);
    await withBusyRetry(() =>
      prisma.$transaction(async (tx) => {
        await tx.submission.updateMany({
          where: { id: { in: ids }, contentRemovedAt: null },
          data: {
            body: null,
            filePath: null,
            fileName: null,
            fileType: null,
            fileSize: null,
            contentRemovedAt: now,
          },
        });
        await tx.entryDocument.deleteMany({ where: { submissionId: { in: ids } } });
        await tx.identityHit.deleteMany({ where: { submissionId: { in: ids } } });
        // Its copy-detection signature goes with the text (docs/decisions/0054-copied-entries.md).
        await tx.entrySignature.deleteMany({ where: { submissionId: { in: ids } } });
        await tx.retentionRecord.createMany({
          data: chunk.map((s) => ({
            runId,
            kind: "entry-content",
            subjectId: s.id,
            contestId: s.contestId,
          })),
        });
      }),
    );
    // Files go once the rows say they are gone; a missing file is already gone.
    for (const s of chunk) {
      if (!s.filePath) continue;
      await storage
        .delete(s.filePath)
        .catch((error) => console.error(`retention: could not delete an entry file`, error));
    }
  }
  return { removed: batch.length, more };
}

/** Children's accounts that may be due: no staff role, under 18 (or a pupil), inactive or warned. */
async function childCandidates(now: Date, periods: RetentionPeriods) {
  // A superset of "under 18 today" (two days' margin); isChildAccount decides exactly.
  const adultBornBy = new Date(now);
  adultBornBy.setUTCFullYear(adultBornBy.getUTCFullYear() - ADULT_AGE);
  const inactiveSince = daysBefore(now, periods.inactiveChildDays);
  const users = await prisma.user.findMany({
    where: {
      roles: { none: {} },
      educator: { is: null },
      NOT: { email: { endsWith: "@deleted.invalid" } },
      AND: [
        {
          OR: [{ dateOfBirth: { gt: daysBefore(adultBornBy, 2) } }, { pupils: { some: {} } }],
        },
        {
          OR: [
            { retentionWarnedAt: null, lastActiveAt: { lte: inactiveSince } },
            { retentionWarnedAt: null, lastActiveAt: null, createdAt: { lte: inactiveSince } },
            { retentionWarnedAt: { lte: daysBefore(now, periods.noticeDays) } },
          ],
        },
      ],
    },
    orderBy: { id: "asc" },
    take: RETENTION_BATCH,
    select: {
      id: true,
      email: true,
      parentEmail: true,
      dateOfBirth: true,
      createdAt: true,
      lastActiveAt: true,
      retentionWarnedAt: true,
      pupils: { select: { parentEmail: true } },
    },
  });
  return users.filter((u) =>
    isChildAccount(
      { dateOfBirth: u.dateOfBirth, isPupil: u.pupils.length > 0, isStaff: false },
      now,
    ),
  );
}

type Candidate = Awaited<ReturnType<typeof childCandidates>>[number];

/** Sends the warning to the account and its parents; true only when every message went out. */
async function warn(user: Candidate, now: Date, periods: RetentionPeriods, send: Send) {
  const removalDate = formatDate(accountRemovalDate(now, periods), "UTC");
  const years = periods.inactiveChildDays / 365;
  const inactiveYears = Number.isInteger(years)
    ? `${years} year${years === 1 ? "" : "s"}`
    : `${periods.inactiveChildDays} days`;
  const link = siteUrl("/login");
  const parents = new Set(
    [user.parentEmail, ...user.pupils.map((p) => p.parentEmail)].filter(
      (e): e is string => !!e && e !== user.email,
    ),
  );
  const recipients = [
    { to: user.email, toParent: false },
    ...[...parents].map((to) => ({ to, toParent: true })),
  ];
  let ok = true;
  for (const r of recipients) {
    const result = await send({
      to: r.to,
      subject: RETENTION_WARNING_SUBJECT,
      template: "retention-warning",
      react: RetentionWarningEmail({ toParent: r.toParent, removalDate, inactiveYears, link }),
    });
    ok &&= result.ok;
  }
  return ok;
}

async function handleAccounts(runId: string, now: Date, periods: RetentionPeriods, send: Send) {
  let warned = 0;
  let removed = 0;
  let unsent = 0;
  for (const user of await childCandidates(now, periods)) {
    const step = accountStep(user, now, periods);
    if (step === "warn") {
      // No warning sent, no removal: the next run tries again (docs/decisions/0038-data-retention.md).
      if (!(await warn(user, now, periods, send))) {
        unsent++;
        continue;
      }
      await withBusyRetry(() =>
        prisma.$transaction(async (tx) => {
          await tx.user.update({ where: { id: user.id }, data: { retentionWarnedAt: now } });
          await tx.retentionRecord.create({
            data: { runId, kind: "account-warning", subjectId: user.id },
          });
        }),
      );
      warned++;
    } else if (step === "remove") {
      // Read again just before: a sign-in since the list was read cancels the removal.
      const fresh = await prisma.user.findUnique({
        where: { id: user.id },
        select: { lastActiveAt: true, createdAt: true, retentionWarnedAt: true },
      });
      if (!fresh || accountStep(fresh, now, periods) !== "remove") continue;
      await deleteAccount(user.id, now);
      await withBusyRetry(() =>
        prisma.retentionRecord.create({ data: { runId, kind: "account", subjectId: user.id } }),
      );
      removed++;
    }
  }
  return { warned, removed, unsent };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The retention job (maintenance runner): what it removed, in a plain sentence without names. */
export async function runRetention(
  { runId, now }: { runId: string; now: Date },
  send: Send = sendEmail,
): Promise<{ count: number; note: string }> {
  const periods = retentionPeriods();
  const entries = await removeEntryContent(runId, now, periods);
  const accounts = await handleAccounts(runId, now, periods, send);
  const parts = [
    `Removed the story text and files of ${plural(entries.removed, "entry", "entries")}${entries.more ? " (more remain for the next run)" : ""}.`,
    `Warned ${plural(accounts.warned, "inactive child's account", "inactive children's accounts")}; removed ${plural(accounts.removed, "account", "accounts")} after the notice period.`,
  ];
  if (accounts.unsent > 0)
    parts.push(
      `${plural(accounts.unsent, "warning", "warnings")} could not be sent and will be tried again; those accounts stay.`,
    );
  return { count: entries.removed + accounts.warned + accounts.removed, note: parts.join(" ") };
}

export const RETENTION_KINDS = ["entry-content", "account-warning", "account"] as const;

/** The latest things the policy removed or announced, newest first (ids only), for /admin/workflows. */
export async function recentRetentionRecords(take = 50) {
  const rows = await prisma.retentionRecord.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: { id: true, kind: true, subjectId: true, contestId: true, createdAt: true },
  });
  return rows.map((r) => ({
    ...r,
    kind: (RETENTION_KINDS as readonly string[]).includes(r.kind)
      ? (r.kind as (typeof RETENTION_KINDS)[number])
      : null,
  }));
}
