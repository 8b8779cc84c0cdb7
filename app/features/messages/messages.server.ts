/**
 * "Write to entrants" / "Write to judges" (docs/decisions/0033-judging-panel.md): who a message
 * reaches, the preview, and the send, which records a ContestMessage and its outbox event in one
 * transaction; the lifecycle delivers the event and e-mails each recipient exactly once
 * (lifecycle/contest-message.server.ts).
 *
 * Who gets it:
 * - Entrants: the account behind each entry of the contest (withdrawn entries left unless that
 *   status is chosen), once per account however many entries it has. An entry an educator sent
 *   for a pupil is the educator's (Submission.entrantId), so the educator is written to, never
 *   the pupil (docs/decisions/0031-classrooms-and-shared-computers.md). A writer under 13 whose
 *   parent agreed to the account (parentEmail and parentConsentAt) is written to, and the parent
 *   gets a copy.
 * - Judges: the contest's panel, accepted members only; "with entries left to score" keeps those
 *   with an assignment (not released) to a counted entry without their submitted score; a division
 *   keeps those with such an assignment in it, or restricted to it.
 */
import { needsParentalConsent } from "~/features/accounts/user";
import type { Prisma } from "~/utils/db.server";
import { prisma, withBusyRetry } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { enqueueEvent } from "~/utils/outbox.server";
import { UNSCORED, type MessageForm } from "./messages";

type Filters = { audience: string; status: string | null; divisionId: string | null };

export type Recipient = {
  userId: string;
  email: string;
  name: string;
  /** A parent who gets a copy (a writer under 13 whose parent agreed). */
  parentEmail: string | null;
};

class MessageRefused extends DomainError {}

function entrantWhere(contestId: string, f: Filters): Prisma.SubmissionWhereInput {
  return {
    contestId,
    status: f.status ? (f.status as Prisma.SubmissionWhereInput["status"]) : { not: "withdrawn" },
    ...(f.divisionId ? { divisionId: f.divisionId } : {}),
  };
}

function judgeWhere(contestId: string, f: Filters): Prisma.PanelMemberWhereInput {
  const assignment: Prisma.JudgeAssignmentWhereInput = {
    contestId,
    releasedAt: null,
    submissionId: { not: null },
    submission: { status: "submitted", ...(f.divisionId ? { divisionId: f.divisionId } : {}) },
    ...(f.status === UNSCORED ? { OR: [{ score: null }, { score: { submittedAt: null } }] } : {}),
  };
  const filtered = f.status === UNSCORED || f.divisionId;
  return {
    contestId,
    status: "accepted",
    ...(filtered
      ? {
          judge: {
            OR: [
              { assignments: { some: assignment } },
              // Restricted to the division, though nothing is assigned yet (not with "unscored").
              ...(f.divisionId && f.status !== UNSCORED
                ? [{ judgeDivisions: { some: { divisionId: f.divisionId } } }]
                : []),
            ],
          },
        }
      : {}),
  };
}

/** How many people a message with these filters reaches (parents' copies not counted). */
export async function countRecipients(contestId: string, f: Filters) {
  if (f.audience === "judges") return prisma.panelMember.count({ where: judgeWhere(contestId, f) });
  const groups = await prisma.submission.groupBy({
    by: ["entrantId"],
    where: entrantWhere(contestId, f),
  });
  return groups.length;
}

/** Everyone a message reaches, in a stable order (by account id), each once. */
export async function recipientsOf(
  contestId: string,
  f: Filters,
  now = new Date(),
): Promise<Recipient[]> {
  const ids =
    f.audience === "judges"
      ? (
          await prisma.panelMember.findMany({
            where: judgeWhere(contestId, f),
            select: { judgeId: true },
          })
        ).map((m) => m.judgeId)
      : (
          await prisma.submission.groupBy({
            by: ["entrantId"],
            where: entrantWhere(contestId, f),
          })
        ).map((g) => g.entrantId);
  const out: Recipient[] = [];
  const sorted = [...ids].sort();
  for (let i = 0; i < sorted.length; i += 500) {
    const users = await prisma.user.findMany({
      where: { id: { in: sorted.slice(i, i + 500) } },
      select: {
        id: true,
        email: true,
        displayName: true,
        dateOfBirth: true,
        parentEmail: true,
        parentConsentAt: true,
      },
      orderBy: { id: "asc" },
    });
    for (const u of users)
      out.push({
        userId: u.id,
        email: u.email,
        name: u.displayName,
        parentEmail:
          f.audience === "entrants" &&
          u.parentEmail &&
          u.parentConsentAt &&
          needsParentalConsent(u.dateOfBirth, now)
            ? u.parentEmail
            : null,
      });
  }
  return out;
}

async function checkDivision(contestId: string, divisionId: string | null) {
  if (!divisionId) return null;
  const d = await prisma.division.findFirst({
    where: { id: divisionId, contestId },
    select: { name: true },
  });
  if (!d) throw new MessageRefused("Choose a division of this contest", "divisionId");
  return d.name;
}

/** The preview: how many it reaches and nothing written. */
export async function previewMessage(contestId: string, form: MessageForm) {
  const divisionName = await checkDivision(contestId, form.divisionId);
  const recipients = await countRecipients(contestId, form);
  return { recipients, divisionName };
}

/**
 * Sends: the message row and its outbox event in one transaction (the e-mails go out from the
 * outbox, each once). Refused when nobody would get it.
 */
export async function sendMessage(
  contestId: string,
  createdById: string,
  form: MessageForm,
  now = new Date(),
) {
  await checkDivision(contestId, form.divisionId);
  const recipients = await countRecipients(contestId, form);
  if (recipients === 0)
    throw new MessageRefused("Nobody matches these choices, so there is no one to write to.");
  return withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const message = await tx.contestMessage.create({
        data: {
          contestId,
          audience: form.audience,
          status: form.status,
          divisionId: form.divisionId,
          subject: form.subject,
          body: form.body,
          createdById,
          recipients,
          createdAt: now,
        },
        select: { id: true },
      });
      await enqueueEvent(tx, "contest/message.send", { messageId: message.id }, now);
      return { id: message.id, recipients };
    }),
  );
}

/** A message with its contest, for the send (null when it is gone). */
export async function messageToSend(messageId: string) {
  return prisma.contestMessage.findUnique({
    where: { id: messageId },
    select: {
      id: true,
      contestId: true,
      audience: true,
      status: true,
      divisionId: true,
      subject: true,
      body: true,
      sentAt: true,
      contest: { select: { title: true, slug: true } },
    },
  });
}

/** Marks a message sent (every recipient e-mailed), with how many it reached. */
export async function markSent(messageId: string, recipients: number, now = new Date()) {
  await prisma.contestMessage.updateMany({
    where: { id: messageId, sentAt: null },
    data: { sentAt: now, recipients },
  });
}

/** The LifecycleEmail key of one recipient's e-mail, and of their parent's copy. */
export const messageKey = (messageId: string, userId: string, parent = false) =>
  parent ? `message:${messageId}:parent:${userId}` : `message:${messageId}:${userId}`;

/** The contest's sent messages, newest first, with how many e-mails have gone out so far. */
export async function messageHistory(contestId: string) {
  const rows = await prisma.contestMessage.findMany({
    where: { contestId },
    select: {
      id: true,
      audience: true,
      status: true,
      divisionId: true,
      subject: true,
      recipients: true,
      sentAt: true,
      createdAt: true,
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 50,
  });
  const delivered = await Promise.all(
    rows.map((r) =>
      r.sentAt
        ? Promise.resolve(r.recipients)
        : prisma.lifecycleEmail.count({
            where: {
              key: { startsWith: `message:${r.id}:` },
              NOT: { key: { contains: ":parent:" } },
              emailLogId: { not: null },
            },
          }),
    ),
  );
  return rows.map((r, i) => ({ ...r, delivered: delivered[i]! }));
}
