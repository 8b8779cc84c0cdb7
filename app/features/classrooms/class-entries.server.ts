/**
 * A class's entries to one contest (docs/decisions/0031-classrooms-and-shared-computers.md): the
 * roster with each pupil's entries and entries left, what the educator may pay for, and the checks
 * and attestations of an entry sent for a pupil (run inside the entry's write transaction).
 */
import { isSubmissionWindowOpen, publicPhase } from "~/features/contests/phase";
import { publicContest, type PublicContest } from "~/features/contests/public-contest";
import { contestSelect } from "~/features/contests/public-contests.server";
import { COUNTED_STATUSES, entriesLeft, entryLimitMessage } from "~/features/entries/entry-limit";
import { type PupilEntry } from "~/features/entries/receive-entry.server";
import { entriesLeftFor } from "~/features/entries/entry-limit.server";
import { prisma } from "~/utils/db.server";
import { formatDateTime } from "~/utils/dates";
import { hasParentalPermission, recordAttestation } from "./attestations.server";
import { pupilsWithPermission } from "./consent-ledger.server";
import { pupilName, type EducatorAccess } from "./educator-access.server";
import { classEntryStatus } from "./class-entry-status";
import { contestConsent, needsSchoolPermission, pupilConsentKind } from "./pupil-consent";
import { ATTESTATION_FIELDS, CLASS_ENTRY_MESSAGES } from "./class-entry-form";
import { contestDivisions } from "~/features/divisions/divisions.server";
import { divisionNotice } from "~/features/divisions/placement";

const ticked = (form: FormData, name: string) => {
  const v = form.get(name);
  return v === "on" || v === "true";
};

type Tx = Parameters<typeof hasParentalPermission>[0];

/** The consent a pupil's class entry rests on, read from their account (ADR 0044). */
async function consentKindOf(db: Tx, pupil: { userId: string | null }) {
  if (!pupil.userId) return pupilConsentKind({ account: null });
  const user = await db.user.findUnique({
    where: { id: pupil.userId },
    select: { dateOfBirth: true, parentConsentAt: true },
  });
  return pupilConsentKind({ account: user ?? { dateOfBirth: null, parentConsentAt: null } });
}

/**
 * What a pupil's entry still needs (ADR 0044): the permission box, when neither the pupil's own
 * account nor the ledger covers the entry. A roster pupil, and an under-13 who joined and whose
 * parent has not consented yet, both need it until the school's permission is recorded.
 */
export async function permissionNeeded(
  pupil: { id: string; userId: string | null },
  contestId: string,
) {
  if (!needsSchoolPermission(await consentKindOf(prisma, pupil))) return false;
  return !(await hasParentalPermission(prisma, pupil.id, contestId));
}

/**
 * The pupil entry for `receiveEntry`: the route has checked that the educator owns the pupil.
 * `check` refuses (nothing written) an unapproved educator, a pupil without consent, or a missing
 * attestation; `record` writes the originality attestation (and the permission, when ticked
 * because the ledger had none) in the entry's transaction.
 */
export function pupilEntry(
  access: EducatorAccess,
  pupil: { id: string; userId: string | null; firstName: string; lastInitial: string },
  contestId: string,
): PupilEntry {
  const name = pupilName(pupil);
  const educatorId = access.educator.userId;
  let recordPermission = false;
  return {
    pupilId: pupil.id,
    pupilUserId: pupil.userId,
    // The pupil's first name alone too: a story names its writer by it ("Mia" is too short to look for).
    names: [name, pupil.firstName, access.user.displayName, access.educator.school.name],
    // The teacher answers the AI question for the pupil, and the record says so (ADR 0053).
    declarer: { teacherName: access.user.displayName, pupilName: name },
    async check(tx, form) {
      const educator = await tx.educator.findUnique({
        where: { userId: educatorId },
        select: { status: true },
      });
      if (educator?.status !== "approved") return { message: CLASS_ENTRY_MESSAGES.notApproved };
      recordPermission = false;
      // One rule for roster pupils and pupils who joined (ADR 0044): the pupil's own account
      // covers the entry, or else the school's permission, on the ledger or ticked now.
      const needs = needsSchoolPermission(await consentKindOf(tx, pupil));
      if (needs && !(await hasParentalPermission(tx, pupil.id, contestId))) {
        if (!ticked(form, ATTESTATION_FIELDS.parental_permission))
          return {
            field: ATTESTATION_FIELDS.parental_permission,
            message: CLASS_ENTRY_MESSAGES.permission,
          };
        recordPermission = true;
      }
      if (!ticked(form, ATTESTATION_FIELDS.originality))
        return { field: ATTESTATION_FIELDS.originality, message: CLASS_ENTRY_MESSAGES.originality };
      return null;
    },
    async record(tx, submissionId) {
      const at = new Date();
      if (recordPermission)
        await recordAttestation(tx, {
          kind: "parental_permission",
          educatorId,
          pupilId: pupil.id,
          contestId,
          at,
        });
      await recordAttestation(tx, {
        kind: "originality",
        educatorId,
        pupilId: pupil.id,
        contestId,
        submissionId,
        at,
      });
    },
  };
}

/** The contests an educator may send entries to, newest first (published ones). */
export async function classContests() {
  const rows = await prisma.contest.findMany({
    where: { isPublished: true },
    orderBy: [{ submissionsClose: "desc" }, { id: "asc" }],
    take: 50,
    select: contestSelect,
  });
  return rows.map((r) => {
    const c = publicContest(r);
    return {
      slug: c.slug,
      title: c.title,
      phase: publicPhase(c),
      closes: formatDateTime(c.submissionsClose, c.timeZone),
    };
  });
}

/**
 * The class's roster for a contest: each pupil, their entries to it, their entries left (their
 * own entries and other classes' entries count too when the pupil has an account), and which
 * entries wait for payment and can be chosen for one payment.
 */
export async function classContestRoster(classroomId: string, contest: PublicContest) {
  const divisions = await contestDivisions(contest.id);
  const pupils = await prisma.pupil.findMany({
    where: { classroomId },
    orderBy: [{ lastInitial: "asc" }, { firstName: "asc" }, { id: "asc" }],
    select: {
      id: true,
      firstName: true,
      lastInitial: true,
      userId: true,
      // The division's facts: the roster grade, else the pupil's own account's (ADR 0032).
      grade: true,
      user: { select: { grade: true, dateOfBirth: true, parentConsentAt: true } },
      submissions: {
        where: { contestId: contest.id },
        orderBy: { createdAt: "asc" },
        select: {
          id: true,
          title: true,
          wordCount: true,
          status: true,
          payment: {
            select: {
              status: true,
              amountCents: true,
              group: { select: { status: true, method: true } },
            },
          },
        },
      },
    },
  });
  const permitted = await pupilsWithPermission(classroomId, contest.id);
  const linked = pupils.flatMap((p) => (p.userId ? [p.userId] : []));
  const elsewhere = linked.length
    ? await prisma.submission.findMany({
        where: {
          contestId: contest.id,
          status: { in: [...COUNTED_STATUSES] },
          OR: [
            { entrantId: { in: linked }, pupilId: null },
            { pupil: { userId: { in: linked }, classroomId: { not: classroomId } } },
          ],
        },
        select: { entrantId: true, pupilId: true, pupil: { select: { userId: true } } },
      })
    : [];
  const open = isSubmissionWindowOpen(contest);
  const limit = contest.entriesPerWriter;
  const now = new Date();
  return pupils.map((p) => {
    const placed = divisionNotice(
      divisions,
      { grade: p.grade ?? p.user?.grade ?? null, dateOfBirth: p.user?.dateOfBirth ?? null },
      now,
      { pupilName: pupilName(p), hasAccount: Boolean(p.user) },
    );
    const others = p.userId
      ? elsewhere.filter((s) =>
          s.pupilId ? s.pupil?.userId === p.userId : s.entrantId === p.userId,
        )
      : [];
    const left = entriesLeft(limit, [
      ...p.submissions.map((s) => s.status),
      ...others.map(() => "submitted"),
    ]);
    // Which consent this pupil's entry rests on, and whether it is there yet (ADR 0044).
    const consent = contestConsent(
      pupilConsentKind({
        account: p.userId
          ? {
              dateOfBirth: p.user?.dateOfBirth ?? null,
              parentConsentAt: p.user?.parentConsentAt ?? null,
            }
          : null,
      }),
      permitted.has(p.id),
    );
    return {
      id: p.id,
      name: pupilName(p),
      hasAccount: Boolean(p.userId),
      consent,
      // Their division in a contest with divisions, or why none takes them.
      division:
        placed.kind === "placed"
          ? placed.name
          : placed.kind === "refused"
            ? { problem: placed.message }
            : null,
      left,
      canAdd: open && left > 0,
      whyNot: !open
        ? "Submissions are closed."
        : left === 0
          ? entryLimitMessage(limit).replace("You have", "This pupil has")
          : null,
      entries: p.submissions.map((s) => ({
        id: s.id,
        title: s.title,
        words: s.wordCount,
        status: classEntryStatus(s.status, s.payment),
        payable:
          s.status === "pending_payment" &&
          s.payment?.status === "open" &&
          s.payment.group?.status !== "open",
        amountCents: s.payment?.amountCents ?? 0,
      })),
    };
  });
}

/** A contest's class-entry phase fields for the pages (opens, closes, fee). */
export function contestSummary(contest: PublicContest) {
  return {
    slug: contest.slug,
    title: contest.title,
    feeCents: contest.entryFeeCents,
    entriesPerWriter: contest.entriesPerWriter,
    phase: publicPhase(contest),
    wordMin: contest.wordMin,
    wordMax: contest.wordMax,
  };
}

/** The count of entries left for one pupil (the entry form's note), as the write counts them. */
export async function pupilEntriesLeft(
  pupil: { id: string; userId: string | null },
  contest: PublicContest,
) {
  return entriesLeftFor(
    { pupilId: pupil.id, userId: pupil.userId },
    contest.id,
    contest.entriesPerWriter,
  );
}
