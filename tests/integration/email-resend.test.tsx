import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Text } from "@react-email/text";
import { EmailLayout } from "~/emails/layout";
import { startFakeResend } from "#tests/fakes/resend.mjs";

// Resend is configured for this file: messages go over HTTP to a local server speaking its API.
type Fake = Awaited<ReturnType<typeof startFakeResend>>;
let fake: Fake;

beforeAll(async () => {
  fake = await startFakeResend({ apiKey: "re_unit" });
  process.env.RESEND_API_KEY = "re_unit";
  process.env.RESEND_BASE_URL = `http://127.0.0.1:${fake.port}`;
});
afterAll(() => fake.server.close());

const message = (to: string) => ({
  to,
  subject: "Your entry",
  template: "test",
  react: (
    <EmailLayout preview="Hi" heading="Hello there">
      <Text>Your story has arrived.</Text>
    </EmailLayout>
  ),
});

describe("e-mail through Resend", () => {
  test("a sent message is recorded with Resend's id and carries HTML and text parts", async () => {
    const { sendEmail } = await import("~/utils/email.server");
    const { prisma } = await import("~/utils/db.server");
    const result = await sendEmail(message("writer@example.com"));
    expect(result.ok).toBe(true);
    expect(fake.messages).toHaveLength(1);
    const sent = fake.messages[0];
    expect(sent.to).toEqual(["writer@example.com"]);
    expect(sent.html).toContain("Your story has arrived.");
    expect(sent.text).toContain("Your story has arrived.");
    const row = await prisma.emailLog.findUniqueOrThrow({ where: { id: result.logId } });
    expect(row).toMatchObject({ status: "sent", providerId: sent.id, body: null });
  });

  test("a refused message is recorded as failed with the provider's error, and nothing throws", async () => {
    const { sendEmail } = await import("~/utils/email.server");
    const { prisma } = await import("~/utils/db.server");
    const result = await sendEmail(message("bounce@example.com"));
    expect(result).toMatchObject({ ok: false, error: "Recipient address is not allowed." });
    const row = await prisma.emailLog.findUniqueOrThrow({ where: { id: result.logId } });
    expect(row).toMatchObject({ status: "failed", error: "Recipient address is not allowed." });
  });
});
