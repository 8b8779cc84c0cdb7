import { render } from "@react-email/render";
import type { ReactElement } from "react";
import { Resend } from "resend";
import { prisma } from "./db.server";
import { env, siteOrigin, testMailbox } from "./env.server";
import { logLine } from "./access-log";
import { redactTokens } from "./redact-tokens";

/**
 * The project's one e-mail module. Resend when RESEND_API_KEY is set; otherwise the message is
 * logged (the embedded default). Every message is recorded in EmailLog with its delivery status.
 * It never throws: callers decide what a failed send means for them.
 */
export type EmailResult =
  { ok: true; id: string | null; logId: string } | { ok: false; error: string; logId: string };

let resend: Resend | undefined;

const DEV_INBOX_SIZE = 200;
/** Outside production without a provider: the newest messages with their live links, newest first. */
export const devInbox: { to: string; subject: string; text: string }[] = [];

export async function sendEmail(message: {
  to: string;
  subject: string;
  /** A name for the log, e.g. "submission-confirmation". */
  template: string;
  react: ReactElement;
}): Promise<EmailResult> {
  const { RESEND_API_KEY, EMAIL_FROM } = env();
  let html: string;
  let text: string;
  try {
    [html, text] = await Promise.all([
      render(message.react),
      render(message.react, { plainText: true }),
    ]);
  } catch (error) {
    return record(message, {
      status: "failed",
      error: `render failed: ${(error as Error).message}`,
    });
  }

  if (!RESEND_API_KEY) {
    // The log (and the admin's e-mail log) never holds a live one-time link
    // (docs/decisions/0025-accounts-and-tokens.md). In test mode the whole message, links
    // working, goes to the marked test mailbox (/test-mailbox, docs/decisions/0043-test-mailbox.md),
    // and outside production also to this process's memory (the integration tests' inbox).
    const mailbox = testMailbox();
    if (env().NODE_ENV !== "production") {
      devInbox.unshift({ to: message.to, subject: message.subject, text });
      devInbox.length = Math.min(devInbox.length, DEV_INBOX_SIZE);
    }
    if (mailbox) await keepInTestMailbox(message, text);
    // In production the log is JSON lines (docs/decisions/0036-health-and-logs.md): the
    // e-mail's template only, never its address, subject or body. The console copy in
    // development has its one-time links redacted too: they are read in the test mailbox.
    if (!env().QUIET_LOGS) {
      if (env().NODE_ENV !== "production")
        console.log(
          `[email] to=${message.to} subject=${JSON.stringify(message.subject)} (read it at ${siteUrl("/test-mailbox")})\n${redactTokens(text)}`,
        );
      else logLine({ type: "email", template: message.template, status: "logged" });
    }
    return record(message, { status: "logged", body: redactTokens(text) });
  }
  try {
    resend ??= new Resend(RESEND_API_KEY);
    const { data, error } = await resend.emails.send({
      from: EMAIL_FROM,
      to: message.to,
      subject: message.subject,
      html,
      text,
    });
    if (error || !data)
      return record(message, {
        status: "failed",
        error: error?.message ?? "no response from Resend",
      });
    return record(message, { status: "sent", providerId: data.id });
  } catch (error) {
    return record(message, { status: "failed", error: (error as Error).message });
  }
}

/** How many messages the test mailbox keeps (the oldest go first). */
const TEST_MAILBOX_SIZE = 500;

async function keepInTestMailbox(
  message: { to: string; subject: string; template: string },
  text: string,
) {
  try {
    await prisma.testMailMessage.create({
      data: { to: message.to, subject: message.subject, template: message.template, text },
    });
    const old = await prisma.testMailMessage.findMany({
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: TEST_MAILBOX_SIZE,
      select: { id: true },
    });
    if (old.length)
      await prisma.testMailMessage.deleteMany({ where: { id: { in: old.map((m) => m.id) } } });
  } catch (error) {
    // The message is still recorded in the e-mail log; the mailbox is a convenience.
    console.error("could not keep a message in the test mailbox", (error as Error).message);
  }
}

async function record(
  message: { to: string; subject: string; template: string },
  outcome: {
    status: "sent" | "logged" | "failed";
    providerId?: string;
    error?: string;
    body?: string;
  },
): Promise<EmailResult> {
  const row = await prisma.emailLog.create({
    data: {
      to: message.to,
      subject: message.subject,
      template: message.template,
      status: outcome.status,
      providerId: outcome.providerId ?? null,
      error: outcome.error ?? null,
      body: outcome.body ?? null,
    },
    select: { id: true },
  });
  if (outcome.status === "failed") {
    // The provider's error can name the address: it stays in the e-mail log, not in this line.
    logLine({ type: "email", template: message.template, status: "failed" }, process.stderr);
    return { ok: false, error: outcome.error ?? "failed", logId: row.id };
  }
  return { ok: true, id: outcome.providerId ?? null, logId: row.id };
}

/** Absolute URL for links in e-mails: always on the configured origin, never the request's. */
export function siteUrl(path: string) {
  return new URL(path, siteOrigin()).toString();
}
