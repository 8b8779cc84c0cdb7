/**
 * Delivers a contest message (the outbox's contest/message.send; docs/decisions/0033-judging-panel.md):
 * the recipients are worked out now, and each gets one e-mail under the key
 * `message:<messageId>:<userId>` (a parent's copy `message:<messageId>:parent:<userId>`), claimed
 * before sending (mail.server.ts), so a retry after a failure halfway, or a second delivery of the
 * event, sends only what has not gone out. Every e-mail is in the e-mail log.
 */
import { ContestMessageEmail } from "~/emails/contest-message";
import {
  markSent,
  messageKey,
  messageToSend,
  recipientsOf,
} from "~/features/messages/messages.server";
import { messageSubject, paragraphs } from "~/features/messages/messages";
import { sendEmail, siteUrl } from "~/utils/email.server";
import { sendOnce } from "./mail.server";

export async function sendContestMessage(messageId: string, now = new Date()) {
  const m = await messageToSend(messageId);
  if (!m) return { sent: 0, skipped: "gone" as const };
  const recipients = await recipientsOf(m.contestId, m, now);
  const subject = messageSubject(m.contest.title, m.subject);
  const text = paragraphs(m.body);
  const judges = m.audience === "judges";
  const link = siteUrl(judges ? "/judge" : `/contests/${m.contest.slug}`);
  const linkLabel = judges ? "Open your judging queue" : "See the contest";
  const mail = (to: string, name: string | null, childName?: string) => () =>
    sendEmail({
      to,
      subject,
      template: "contest-message",
      react: ContestMessageEmail({
        name,
        childName,
        contestTitle: m.contest.title,
        subject: m.subject,
        paragraphs: text,
        link: childName ? siteUrl(`/contests/${m.contest.slug}`) : link,
        linkLabel: childName ? "See the contest" : linkLabel,
      }),
    });
  let sent = 0;
  for (const r of recipients) {
    if ((await sendOnce(messageKey(m.id, r.userId), mail(r.email, r.name))) === "sent") sent++;
    if (r.parentEmail)
      await sendOnce(messageKey(m.id, r.userId, true), mail(r.parentEmail, null, r.name));
  }
  await markSent(m.id, recipients.length, new Date());
  return { sent, recipients: recipients.length };
}
