/**
 * Lifecycle e-mails, one per recipient, each recorded under a key naming its step and recipient
 * (LifecycleEmail), so a retry sends only the messages that have not gone out
 * (docs/decisions/0017-contest-lifecycle.md).
 */
import { LifecycleEmail, lifecycleSubject, type LifecycleMail } from "~/emails/lifecycle";
import { prisma } from "~/utils/db.server";
import { sendEmail, type EmailResult } from "~/utils/email.server";

export type MailJob = LifecycleMail & { key: string };

export type SendOutcome = "sent" | "already-sent" | "nothing-to-send";

/**
 * Sends at most once per key. A failed send throws (and records nothing), so the caller retries it.
 */
export async function sendOnce(
  key: string,
  send: () => Promise<EmailResult | null>,
): Promise<SendOutcome> {
  const done = await prisma.lifecycleEmail.findUnique({ where: { key }, select: { key: true } });
  if (done) return "already-sent";
  const result = await send();
  if (!result) return "nothing-to-send";
  if (!result.ok) throw new Error(`e-mail ${key} failed: ${result.error}`);
  await prisma.lifecycleEmail.upsert({
    where: { key },
    create: { key, emailLogId: result.logId },
    update: {},
  });
  return "sent";
}

export function sendLifecycleMail(job: MailJob) {
  const { key, ...mail } = job;
  return sendOnce(key, () =>
    sendEmail({
      to: mail.to,
      subject: lifecycleSubject(mail),
      template: mail.template,
      react: LifecycleEmail({ mail }),
    }),
  );
}
