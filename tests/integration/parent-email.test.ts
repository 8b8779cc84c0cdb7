/**
 * A parent's mistyped e-mail, corrected by the child while consent is pending
 * (docs/decisions/0026-entry-flow.md). The e-mails are read as sent, from a local Resend.
 */
import { afterAll, describe, expect, test } from "vitest";
import { startFakeResend } from "#tests/fakes/resend.mjs";

const fake = await startFakeResend({ apiKey: "re_parent" });
process.env.RESEND_API_KEY = "re_parent";
process.env.RESEND_BASE_URL = `http://127.0.0.1:${fake.port}`;
afterAll(() => fake.server.close());

const { prisma } = await import("~/utils/db.server");
const { HOUR } = await import("~/features/accounts/one-time-tokens.server");
const { answerConsent, changeParentEmail, sendConsentRequest } =
  await import("~/features/privacy/parental-consent.server");

const DAY = 86_400_000;
const user = (extra: Record<string, unknown> = {}) =>
  prisma.user.create({
    data: { email: `child-${Date.now()}@example.com`, displayName: "Writer", ...extra },
  });

describe("a mistyped parent's e-mail", () => {
  test("can be corrected while consent is pending: the old link dies, the new address gets a new one, within the resend limit", async () => {
    const wrong = `wrong-parent-${Date.now()}@example.com`;
    const right = `right-parent-${Date.now()}@example.com`;
    const child = await user({
      dateOfBirth: new Date(Date.now() - 9 * 365 * DAY),
      parentEmail: wrong,
    });
    const start = new Date();
    await sendConsentRequest(child.id, { now: start });
    const linkIn = async (to: string) => {
      const mail = fake.messages.filter((m) => m.to.includes(to)).at(-1);
      return mail?.text.match(/\/consent\/([A-Za-z0-9_-]+)/)?.[1] ?? "";
    };
    const oldLink = await linkIn(wrong);
    expect(oldLink).not.toBe("");

    // Within the resend limit: refused with the time to wait, nothing changed.
    await expect(
      changeParentEmail(child.id, right, { now: new Date(start.getTime() + 30_000) }),
    ).rejects.toThrow("You can send another in 5 minutes.");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: child.id } })).parentEmail).toBe(
      wrong,
    );

    // Not the writer's own address.
    await expect(
      changeParentEmail(child.id, child.email, { now: new Date(start.getTime() + HOUR) }),
    ).rejects.toMatchObject({ field: "parentEmail" });

    const later = new Date(start.getTime() + HOUR);
    expect((await changeParentEmail(child.id, right, { now: later })).sent).toBe(true);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: child.id } })).parentEmail).toBe(
      right,
    );
    // The link sent to the mistyped address no longer works; the new one does.
    await expect(answerConsent(oldLink, "agree", later)).rejects.toThrow(
      /expired or was already used/,
    );
    const newLink = await linkIn(right);
    expect(newLink).not.toBe(oldLink);
    expect(await answerConsent(newLink, "agree", later)).toBe("agreed");

    // Once the parent has agreed there is nothing to change.
    await expect(
      changeParentEmail(child.id, `third-${Date.now()}@example.com`, {
        now: new Date(later.getTime() + HOUR),
      }),
    ).rejects.toThrow(/already agreed/);
  });
});
