/**
 * Lifecycle e-mails, one per recipient, each recorded under a key naming its step and recipient
 * (LifecycleEmail, claimed before sending), so a retry sends only the messages that have not gone
 * out and two senders at once send one
 * (docs/decisions/0017-contest-lifecycle.md).
 */
import { LifecycleEmail, lifecycleSubject, type LifecycleMail } from "~/emails/lifecycle";
import { prisma, isUniqueViolation } from "~/utils/db.server";
import { sendEmail, type EmailResult } from "~/utils/email.server";

export type MailJob = LifecycleMail & { key: string };

export type SendOutcome = "sent" | "already-sent" | "nothing-to-send";

/** How long a claim on a key holds before another sender may take it over (a crashed sender). */
export const CLAIM_MS = 2 * 60_000;

/**
 * Claims the key (a LifecycleEmail row without an e-mail log id), so two senders at the same moment
 * (the workflow and the payment return, say) never both send. A claim older than CLAIM_MS was left
 * by a sender that died mid-send and is taken over.
 */
async function claim(key: string, now: Date) {
  try {
    await prisma.lifecycleEmail.create({ data: { key, emailLogId: null, sentAt: now } });
    return true;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const { count } = await prisma.lifecycleEmail.updateMany({
    where: { key, emailLogId: null, sentAt: { lt: new Date(now.getTime() - CLAIM_MS) } },
    data: { sentAt: now },
  });
  return count === 1;
}

const release = (key: string) =>
  prisma.lifecycleEmail.deleteMany({ where: { key, emailLogId: null } });

/**
 * Sends at most once per key: the key is claimed first, and a second sender finds it taken
 * ("already-sent"). A failed send throws and gives the claim back, so the caller retries it.
 */
export async function sendOnce(
  key: string,
  send: () => Promise<EmailResult | null>,
): Promise<SendOutcome> {
  if (!(await claim(key, new Date()))) return "already-sent";
  let result: EmailResult | null;
  try {
    result = await send();
  } catch (error) {
    await release(key);
    throw error;
  }
  if (!result) {
    await release(key);
    return "nothing-to-send";
  }
  if (!result.ok) {
    await release(key);
    throw new Error(`e-mail ${key} failed: ${result.error}`);
  }
  await prisma.lifecycleEmail.update({
    where: { key },
    data: { emailLogId: result.logId, sentAt: new Date() },
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
