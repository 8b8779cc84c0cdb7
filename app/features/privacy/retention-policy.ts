/**
 * The data retention policy's rules (docs/decisions/0038-data-retention.md): which entries lose
 * their story text and file, which accounts are children's, and when an inactive child's account
 * is warned and then removed. Pure: the dates come in, the decisions go out.
 */
import { ageOn } from "~/features/accounts/user";

const DAY = 86_400_000;

/** The configured periods, in days (RETENTION_* settings). */
export type RetentionPeriods = {
  entryDays: number;
  inactiveChildDays: number;
  noticeDays: number;
  emailLogDays: number;
};

/** Adults are 18 and over; a younger account (or any classroom pupil's) is a child's. */
export const ADULT_AGE = 18;

export function daysBefore(now: Date, days: number) {
  return new Date(now.getTime() - days * DAY);
}

export function daysAfter(date: Date, days: number) {
  return new Date(date.getTime() + days * DAY);
}

/** Entries of contests whose results came out on or before this date have passed their period. */
export function entryContentCutoff(now: Date, periods: Pick<RetentionPeriods, "entryDays">) {
  return daysBefore(now, periods.entryDays);
}

/**
 * Whether an entry past its period keeps its story: only a winner (an award) whose writer agreed
 * when entering that it may be shown publicly. Every other entry keeps its title, scores and award.
 */
export function keepsStory(entry: { awarded: boolean; showIfAwarded: boolean }) {
  return entry.awarded && entry.showIfAwarded;
}

/** When an entry's story text is removed, if it is not kept: its contest's results plus the period. */
export function storyRemovalDate(resultsAt: Date, periods: Pick<RetentionPeriods, "entryDays">) {
  return daysAfter(resultsAt, periods.entryDays);
}

/**
 * A child's account: under 18 by date of birth today, or linked to a classroom pupil. Staff
 * (admins, judges, educators) are never treated as children here.
 */
export function isChildAccount(
  user: { dateOfBirth: Date | null; isPupil: boolean; isStaff: boolean },
  now: Date,
) {
  if (user.isStaff) return false;
  if (user.isPupil) return true;
  return !!user.dateOfBirth && ageOn(user.dateOfBirth, now) < ADULT_AGE;
}

/** The account's last sign-in, or its creation when it never signed in since this was recorded. */
export function lastActivity(user: { lastActiveAt: Date | null; createdAt: Date }) {
  return user.lastActiveAt ?? user.createdAt;
}

/** When a warned account is removed if nobody signs in: the warning plus the notice period. */
export function accountRemovalDate(warnedAt: Date, periods: Pick<RetentionPeriods, "noticeDays">) {
  return daysAfter(warnedAt, periods.noticeDays);
}

export type AccountStep = "warn" | "remove" | null;

/**
 * What the policy does with a child's account now: "warn" when it has been inactive for the
 * period and was not warned; "remove" when it was warned, the notice period passed and nobody
 * signed in since the warning; otherwise nothing.
 */
export function accountStep(
  user: { lastActiveAt: Date | null; createdAt: Date; retentionWarnedAt: Date | null },
  now: Date,
  periods: Pick<RetentionPeriods, "inactiveChildDays" | "noticeDays">,
): AccountStep {
  const active = lastActivity(user);
  const inactive = daysAfter(active, periods.inactiveChildDays) <= now;
  const warned = user.retentionWarnedAt;
  if (warned && active <= warned) {
    return accountRemovalDate(warned, periods) <= now ? "remove" : null;
  }
  return inactive ? "warn" : null;
}

/** What a reader sees where a removed entry's story would be ("Mar 14, 2027"). */
export function contentRemovedMessage(date: string) {
  return `This story's text and file were removed on ${date}, as our data retention policy says. Its title, scores and any award stay.`;
}
