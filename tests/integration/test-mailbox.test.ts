/**
 * The test mailbox (docs/decisions/0043-test-mailbox.md): with no e-mail provider in test mode,
 * a parent's consent link can be read whole and followed; the e-mail log and the console still
 * never hold it; the setting is refused on a real site.
 */
import { describe, expect, test, vi } from "vitest";

const { prisma } = await import("~/utils/db.server");
const { parseEnv, testMailbox } = await import("~/utils/env.server");
const { sendConsentRequest, answerConsent } =
  await import("~/features/privacy/parental-consent.server");
const { loader: mailboxPage } = await import("~/routes/_test-mode+/test-mailbox._index");
const { loader: messagePage } = await import("~/routes/_test-mode+/test-mailbox.$id");
const { loader: consentPage } = await import("~/routes/_public+/consent.$token");

const DAY = 86_400_000;
const SITE_URL = "https://inkwell.example.org";

type Listed = { messages: { id: string; to: string; subject: string }[] };
type Read = { to: string; subject: string; text: string };

describe("the test mailbox", () => {
  test("a consent e-mail's link is read there in full and followed; never in a log", async () => {
    const parent = `mailbox-parent-${Date.now()}@example.com`;
    const child = await prisma.user.create({
      data: {
        email: `mailbox-child-${Date.now()}@example.com`,
        displayName: "Kit",
        dateOfBirth: new Date(Date.now() - 9 * 365 * DAY),
        parentEmail: parent,
      },
    });
    const printed: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((...a) => {
      printed.push(a.join(" "));
    });
    try {
      await sendConsentRequest(child.id, { now: new Date() });
    } finally {
      spy.mockRestore();
    }

    const list = (await mailboxPage({
      request: new Request(`http://localhost/test-mailbox?to=${encodeURIComponent(parent)}`),
      params: {},
      context: {},
    })) as Listed;
    expect(list.messages).toHaveLength(1);
    expect(list.messages[0].to).toBe(parent);
    const message = (await messagePage({
      request: new Request(`http://localhost/test-mailbox/${list.messages[0].id}`),
      params: { id: list.messages[0].id },
      context: {},
    })) as Read;
    const token = /\/consent\/([A-Za-z0-9_-]+)/.exec(message.text)?.[1] ?? "";
    expect(token.length).toBeGreaterThan(20);

    // The link works: the consent page opens for this child, and the parent can agree.
    const page = (await consentPage({
      request: new Request(`http://localhost/consent/${token}`),
      params: { token },
      context: {},
    })) as { data: { child: unknown }; init: ResponseInit | null };
    expect(page.init?.status).toBe(200);
    expect(page.data.child).toBeTruthy();
    expect(await answerConsent(token, "agree")).toBe("agreed");

    // The e-mail log keeps it redacted; nothing printed holds the token.
    const log = await prisma.emailLog.findFirstOrThrow({
      where: { to: parent },
      orderBy: { createdAt: "desc" },
    });
    expect(log.body).not.toContain(token);
    expect(log.body).toContain("/consent/[redacted]");
    expect(printed.join("\n")).not.toContain(token);
  });

  test("an unknown message is a 404, and a message to someone else is not listed", async () => {
    const missing = await messagePage({
      request: new Request("http://localhost/test-mailbox/nope"),
      params: { id: "nope" },
      context: {},
    }).catch((e: unknown) => e);
    expect((missing as Response).status).toBe(404);
    const list = (await mailboxPage({
      request: new Request("http://localhost/test-mailbox?to=nobody%40example.com"),
      params: {},
      context: {},
    })) as Listed;
    expect(list.messages).toEqual([]);
  });

  test("is refused in a deployment and with an e-mail provider, and off in production without it", () => {
    const production = { NODE_ENV: "production", SITE_URL };
    expect(testMailbox(parseEnv({ ...production, EMAIL_TEST_MODE: "1" }))).toBe(true);
    expect(testMailbox(parseEnv(production))).toBe(false);
    expect(() =>
      parseEnv({
        ...production,
        EMAIL_TEST_MODE: "1",
        FLY_APP_NAME: "inkwell",
        SESSION_SECRET: "a-session-secret-of-some-length",
      }),
    ).toThrow("EMAIL_TEST_MODE is refused in a deployment");
    expect(() => parseEnv({ ...production, EMAIL_TEST_MODE: "1", RESEND_API_KEY: "re_x" })).toThrow(
      "EMAIL_TEST_MODE is refused with RESEND_API_KEY",
    );
    // Outside production without a provider (npm run dev), as the test-mode checkout.
    expect(testMailbox(parseEnv({ NODE_ENV: "development" }))).toBe(true);
    expect(testMailbox(parseEnv({ NODE_ENV: "development", RESEND_API_KEY: "re_x" }))).toBe(false);
  });
});
