/**
 * A parent's mistyped e-mail, corrected by the child while consent is pending
 * (docs/decisions/0026-entry-flow.md). The e-mails are read as sent, from a local Resend.
 * Correcting the address always works; only sending again to the same address waits.
 */
import { afterAll, describe, expect, test } from "vitest";
import { startFakeResend } from "#tests/fakes/resend.mjs";

const fake = await startFakeResend({ apiKey: "re_parent" });
process.env.RESEND_API_KEY = "re_parent";
process.env.RESEND_BASE_URL = `http://127.0.0.1:${fake.port}`;
afterAll(() => fake.server.close());

const { prisma } = await import("~/utils/db.server");
const { HOUR } = await import("~/features/accounts/one-time-tokens.server");
const { startSession } = await import("~/features/accounts/session.server");
const { getToast } = await import("~/utils/toast.server");
const { action: accountAction } = await import("~/routes/_account+/account");
const { answerConsent, changeParentEmail, sendConsentRequest, MAX_CONSENT_EMAILS_PER_DAY } =
  await import("~/features/privacy/parental-consent.server");

const DAY = 86_400_000;
let n = 0;
const user = (extra: Record<string, unknown> = {}) =>
  prisma.user.create({
    data: { email: `child-${++n}-${Date.now()}@example.com`, displayName: "Writer", ...extra },
  });
const address = (name: string) => `${name}-${++n}-${Date.now()}@example.com`;
const linkIn = (to: string) => {
  const mail = fake.messages.filter((m) => m.to.includes(to)).at(-1);
  return mail?.text.match(/\/consent\/([A-Za-z0-9_-]+)/)?.[1] ?? "";
};
const mailsTo = (to: string) => fake.messages.filter((m) => m.to.includes(to)).length;
const parentOf = async (id: string) =>
  (await prisma.user.findUniqueOrThrow({ where: { id } })).parentEmail;

describe("a mistyped parent's e-mail", () => {
  test("can be corrected right after sign-up: saved, sent to the new address, the old link dead", async () => {
    const wrong = address("wrong-parent");
    const right = address("right-parent");
    const child = await user({
      dateOfBirth: new Date(Date.now() - 9 * 365 * DAY),
      parentEmail: wrong,
    });
    const start = new Date();
    await sendConsentRequest(child.id, { now: start });
    const oldLink = linkIn(wrong);
    expect(oldLink).not.toBe("");

    // Thirty seconds after sign-up: the correction is not held back by the e-mail just sent.
    const soon = new Date(start.getTime() + 30_000);
    expect(await changeParentEmail(child.id, right, { now: soon })).toEqual({
      sent: true,
      changed: true,
    });
    expect(await parentOf(child.id)).toBe(right);
    const newLink = linkIn(right);
    expect(newLink).not.toBe("");
    expect(newLink).not.toBe(oldLink);
    // The link sent to the mistyped address no longer works; the new one does (checked below).
    await expect(answerConsent(oldLink, "agree", soon)).rejects.toThrow(
      /expired or was already used/,
    );
    expect(mailsTo(wrong)).toBe(1);

    // Sending again to the same address waits, whether asked as a re-send or typed again.
    const again = new Date(start.getTime() + 60_000);
    await expect(sendConsentRequest(child.id, { now: again, resend: true })).rejects.toThrow(
      "We have just sent the e-mail. You can send another in 5 minutes.",
    );
    await expect(changeParentEmail(child.id, right.toUpperCase(), { now: again })).rejects.toThrow(
      "You can send another in 5 minutes.",
    );
    // Back to the address that got one a minute ago: that is sending it again too.
    await expect(changeParentEmail(child.id, wrong, { now: again })).rejects.toThrow(
      /You can send another in \d minutes?\./,
    );
    expect(await parentOf(child.id)).toBe(right);
    expect(mailsTo(right)).toBe(1);
    expect(mailsTo(wrong)).toBe(1);
    // A second correction, to a third address, works at once too.
    const third = address("third-parent");
    expect((await changeParentEmail(child.id, third, { now: again })).sent).toBe(true);
    expect(await parentOf(child.id)).toBe(third);
    await expect(answerConsent(newLink, "agree", again)).rejects.toThrow(
      /expired or was already used/,
    );

    // Not the writer's own address.
    await expect(
      changeParentEmail(child.id, child.email, { now: new Date(start.getTime() + HOUR) }),
    ).rejects.toMatchObject({ field: "parentEmail" });

    // The same address after the wait: sent again, and that link works.
    const later = new Date(start.getTime() + HOUR);
    expect(await changeParentEmail(child.id, third, { now: later })).toEqual({
      sent: true,
      changed: false,
    });
    expect(mailsTo(third)).toBe(2);
    expect(await answerConsent(linkIn(third), "agree", later)).toBe("agreed");

    // Once the parent has agreed there is nothing to change.
    await expect(
      changeParentEmail(child.id, address("fourth"), { now: new Date(later.getTime() + HOUR) }),
    ).rejects.toThrow(/already agreed/);
  });

  test("one account sends a few consent e-mails a day, whichever addresses it types", async () => {
    const child = await user({
      dateOfBirth: new Date(Date.now() - 9 * 365 * DAY),
      parentEmail: address("first"),
    });
    const start = new Date();
    await sendConsentRequest(child.id, { now: start });
    const typed: string[] = [];
    for (let i = 1; i < MAX_CONSENT_EMAILS_PER_DAY; i++) {
      typed.push(address(`cycle${i}`));
      const at = new Date(start.getTime() + i * 60_000);
      expect((await changeParentEmail(child.id, typed.at(-1)!, { now: at })).sent).toBe(true);
    }
    // One more address the same day: refused, nothing changed, nothing sent.
    const extra = address("one-too-many");
    const soon = new Date(start.getTime() + HOUR);
    await expect(changeParentEmail(child.id, extra, { now: soon })).rejects.toThrow(
      `We have sent this e-mail ${MAX_CONSENT_EMAILS_PER_DAY} times today. You can send another in 23 hours.`,
    );
    expect(await parentOf(child.id)).toBe(typed.at(-1));
    expect(mailsTo(extra)).toBe(0);
    // A day after the first one, it goes.
    const tomorrow = new Date(start.getTime() + DAY + 1000);
    expect((await changeParentEmail(child.id, extra, { now: tomorrow })).sent).toBe(true);
    expect(await parentOf(child.id)).toBe(extra);
    expect(mailsTo(extra)).toBe(1);
  });

  test("on /account, the form corrects it right after sign-up, without JavaScript", async () => {
    const wrong = address("typo-parent");
    const right = address("fixed-parent");
    const child = await user({
      dateOfBirth: new Date(Date.now() - 10 * 365 * DAY),
      parentEmail: wrong,
    });
    await sendConsentRequest(child.id);
    const cookie = (await startSession(new Request("http://localhost/account"), child.id)).split(
      ";",
    )[0];
    const response = (await accountAction({
      request: new Request("http://localhost/account", {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "parent-email", parentEmail: right }),
      }),
      params: {},
      context: { clientAddress: "203.0.113.9" },
    } as never)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/account");
    const toastCookie = response.headers.get("Set-Cookie")!.split(";")[0];
    const { toast } = await getToast(
      new Request("http://localhost/account", { headers: { Cookie: toastCookie } }),
    );
    expect(toast).toMatchObject({
      type: "success",
      title: "E-mail sent",
      description: `We e-mailed ${right}. The link sent to ${wrong} no longer works.`,
    });
    expect(await parentOf(child.id)).toBe(right);
    expect(mailsTo(right)).toBe(1);
  });
});
