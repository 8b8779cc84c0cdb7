import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Text } from "@react-email/text";
import { EmailLayout } from "~/emails/layout";
import { startFakeResend } from "#tests/fakes/resend.mjs";

type Fake = Awaited<ReturnType<typeof startFakeResend>>;
let fake: Fake;

beforeAll(async () => {
  fake = await startFakeResend();
  process.env.RESEND_BASE_URL = `http://127.0.0.1:${fake.port}`;
});
afterAll(() => fake.server.close());

const message = (to: string) => ({
  to,
  subject: "Hello",
  template: "test",
  react: (
    <EmailLayout preview="Hi" heading="Hello there">
      <Text>Your story has arrived.</Text>
    </EmailLayout>
  ),
});

describe("e-mail module", () => {
  test("without a key the message is logged and recorded with its text", async () => {
    const { sendEmail } = await import("~/utils/email.server");
    const { prisma } = await import("~/utils/db.server");
    const result = await sendEmail(message("a@example.com"));
    expect(result.ok).toBe(true);
    const row = await prisma.emailLog.findUniqueOrThrow({ where: { id: result.logId } });
    expect(row).toMatchObject({
      status: "logged",
      to: "a@example.com",
      template: "test",
      subject: "Hello",
    });
    expect(row.body).toContain("Your story has arrived.");
    expect(fake.messages).toHaveLength(0);
  });
});
