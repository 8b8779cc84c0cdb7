/**
 * Every link we send is built from the one configured origin, never from the request
 * (docs/decisions/0023-privacy-and-links.md). Here SITE_URL is unset and the site runs on port
 * 4567, as a developer's would: links must say http://localhost:4567, not :3000, and a forged
 * Host header changes nothing.
 */
import { render } from "@react-email/render";
import { describe, expect, test, vi } from "vitest";
import type * as Email from "~/utils/email.server";
import { prisma } from "~/utils/db.server";
import { confirmEntry } from "~/features/lifecycle/lifecycle.server";
import { action as forgotPassword } from "~/routes/_auth+/forgot-password";
import { entry, lifecycleContest } from "./lifecycle-fixtures";

// Before any module reads the environment.
vi.hoisted(() => {
  delete process.env.SITE_URL;
  process.env.PORT = "4567";
});
const ORIGIN = "http://localhost:4567";

/** The plain text of every e-mail sent, by recipient (read before any log redaction). */
const sent: { to: string; text: Promise<string> }[] = [];
vi.mock("~/utils/email.server", async (original) => {
  const real = await original<typeof Email>();
  return {
    ...real,
    sendEmail: async (m: Parameters<typeof real.sendEmail>[0]) => {
      sent.push({ to: m.to, text: render(m.react, { plainText: true }) });
      return real.sendEmail(m);
    },
  };
});

async function textTo(to: string) {
  // The answer may come before the e-mail is sent (sending can be asynchronous).
  for (let i = 0; i < 100 && !sent.some((m) => m.to === to); i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const found = sent.filter((m) => m.to === to);
  expect(found, `an e-mail to ${to}`).toHaveLength(1);
  return found[0].text;
}

const linksIn = (text: string) => text.match(/https?:\/\/[^\s)\]>"]+/g) ?? [];

describe("links in e-mails", () => {
  test("a reset requested with a forged Host header links to the configured origin", async () => {
    const user = await prisma.user.create({
      data: { email: `victim-${Date.now()}@example.test`, displayName: "Writer 1234" },
    });
    const request = new Request("http://evil.example/forgot-password", {
      method: "POST",
      headers: {
        Host: "evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ email: user.email }).toString(),
    });
    await forgotPassword({ request, params: {}, context: {} });
    const text = await textTo(user.email);
    const links = linksIn(text);
    expect(links.some((l) => l.startsWith(`${ORIGIN}/reset-password/`))).toBe(true);
    expect(text).not.toContain("evil.example");
    expect(text).not.toContain("localhost:3000");
  });

  test("an e-mail sent by a job (the entry confirmation) links to the configured origin", async () => {
    const { contest } = await lifecycleContest({ published: true });
    const { writer, submission } = await entry(contest.id);
    await confirmEntry(submission.id);
    const links = linksIn(await textTo(writer.email));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(new URL(link).origin, link).toBe(ORIGIN);
  });
});
