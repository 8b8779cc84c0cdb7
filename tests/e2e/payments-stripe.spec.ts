import { expect, test } from "@playwright/test";
import { CONFIRMATIONS } from "../../app/features/entries/entry-schema";
import { startFakeStripe } from "../fakes/stripe.mjs";
import type { PrismaClient } from "~/generated/prisma/client";
import { privatePrisma } from "./fixtures/private-db";
import { startPrivateServer, type PrivateServer } from "./private-server";
import { uniqueEmail } from "./utils";

// With Stripe configured: the built site talks to a local fake that speaks Stripe's HTTP API, the
// browser pays on the fake's hosted page, and the fake sends the signed webhook over HTTP
// (docs/decisions/0020-payments.md).
const PAID = "young-voices-short-story-2027";

let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
let server: PrivateServer;
let db: PrismaClient;

test.beforeEach(async () => {
  stripe = await startFakeStripe({ apiKey: "sk_test_e2e", webhookSecret: "whsec_e2e" });
  server = await startPrivateServer({
    STRIPE_SECRET_KEY: "sk_test_e2e",
    STRIPE_WEBHOOK_SECRET: "whsec_e2e",
    STRIPE_API_BASE_URL: stripe.baseUrl,
    // Test mode: the server reads the fake's address at all (app/utils/settings).
    PAYMENTS_TEST_MODE: "1",
  });
  stripe.setWebhookUrl(`${server.baseURL}/api/webhooks/stripe`);
  db = privatePrisma(server.dbFile);
});
test.afterEach(async () => {
  await db?.$disconnect();
  await server?.stop();
  stripe?.server.close();
});

async function statusOf(title: string) {
  const row = await db.submission.findFirstOrThrow({
    // Entries with a payment only: the copied database may hold a free entry of the same title.
    where: { title, payment: { isNot: null } },
    select: { status: true, payment: { select: { status: true, paymentIntentId: true } } },
  });
  if (!row.payment) throw new Error(`no payment for ${title}`);
  return {
    status: row.status,
    paymentStatus: row.payment.status,
    paymentIntentId: row.payment.paymentIntentId,
  };
}

test("paid on Stripe's page: the signed webhook confirms the entry and the return says so", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const base = server.baseURL;
  const email = uniqueEmail("stripe");
  await page.goto(`${base}/login?tab=signup`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password").fill("secret-pass");
  await page.getByLabel("Date of birth").fill("2006-02-02");
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(page.getByTestId("toast")).toContainText("Account created!");
  await page.goto(`${base}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("secret-pass");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`${base}/contests/${PAID}/enter`);
  await page.getByLabel("Story title").fill("Harbour Lights");
  await page.getByLabel("Story text").fill(Array.from({ length: 510 }, () => "tide").join(" "));
  for (const c of CONFIRMATIONS) await page.getByLabel(c.label).check();
  await page.getByRole("button", { name: /^Submit Entry/ }).click();

  // Stripe's hosted page (the fake's), then back to the dashboard.
  await expect(page).toHaveURL(new RegExp(`^${stripe.baseUrl}/pay/cs_test_`));
  await expect(page.getByText("Amount: 15.00 usd")).toBeVisible();
  expect(await statusOf("Harbour Lights")).toMatchObject({
    status: "pending_payment",
    paymentStatus: "open",
  });
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(`${base}/dashboard`);
  await expect(page.getByTestId("toast")).toContainText("Payment Successful");
  const row = await statusOf("Harbour Lights");
  expect(row).toMatchObject({ status: "submitted", paymentStatus: "paid" });
  const [session] = [...stripe.sessions.values()];
  expect(row.paymentIntentId).toBe(session.payment_intent);
  expect(session.metadata.submissionId).toBeTruthy();

  // A replayed webhook over HTTP changes nothing; a forged one is refused.
  const event = stripe.event("checkout.session.completed", session);
  const signed = stripe.signedWebhook(event);
  const post = (payload: string, header: string) =>
    page.request.post(`${base}/api/webhooks/stripe`, {
      data: payload,
      headers: { "Content-Type": "application/json", "Stripe-Signature": header },
    });
  expect((await post(signed.payload, signed.header)).status()).toBe(200);
  expect((await post(signed.payload, signed.header)).status()).toBe(200);
  const forged = stripe.signedWebhook(event, "whsec_forged");
  expect((await post(forged.payload, forged.header)).status()).toBe(400);
  expect(await statusOf("Harbour Lights")).toMatchObject({
    status: "submitted",
    paymentStatus: "paid",
  });
});
