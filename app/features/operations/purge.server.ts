/**
 * The purge (docs/decisions/0038-data-retention.md): expired sessions, one-time links that expired
 * or were used, visitors' entry drafts past their time and e-mail log rows older than the policy.
 * Each is a delete by date, so running it twice removes nothing more. It then refreshes SQLite's
 * query planner statistics (docs/decisions/0060-story-text-last.md).
 */
import { prisma } from "~/utils/db.server";
import { refreshPlannerStatistics } from "~/utils/planner-statistics.server";
import { env } from "~/utils/env.server";
import type { JobContext, JobResult } from "./jobs";

const DAY = 86_400_000;
/** A used link is kept a week, so "this link was already used" can still be told apart. */
const USED_LINK_DAYS = 7;

export async function runPurge({ now }: JobContext): Promise<JobResult> {
  const logBefore = new Date(now.getTime() - env().RETENTION_EMAIL_LOG_DAYS * DAY);
  const usedBefore = new Date(now.getTime() - USED_LINK_DAYS * DAY);
  const [sessions, links, drafts, emails] = await Promise.all([
    prisma.session.deleteMany({ where: { expiresAt: { lte: now } } }),
    prisma.verification.deleteMany({
      where: { OR: [{ expiresAt: { lte: now } }, { usedAt: { lte: usedBefore } }] },
    }),
    prisma.entryDraft.deleteMany({ where: { expiresAt: { lte: now } } }),
    prisma.emailLog.deleteMany({ where: { createdAt: { lt: logBefore } } }),
  ]);
  // Hourly, after the deletes: the planner's statistics follow the tables' growth (ADR 0060).
  await refreshPlannerStatistics();
  const count = sessions.count + links.count + drafts.count + emails.count;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return {
    count,
    note: `Removed ${plural(sessions.count, "expired session", "expired sessions")}, ${plural(links.count, "one-time link", "one-time links")}, ${plural(drafts.count, "entry draft", "entry drafts")} and ${plural(emails.count, "e-mail log entry", "e-mail log entries")}.`,
  };
}
