import { expect, test, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { CONFIRMATIONS } from "../../app/features/entries/entry-schema";
import { startPrivateServer } from "./private-server";
import { e2ePrisma } from "./db";
import { createDiscountCode } from "./fixtures/payments";
import { ADMIN, emailsTo, signIn, signUp, uniqueEmail } from "./utils";

// Entry fees through the test-mode checkout (no Stripe keys here), with JavaScript on and off
// (docs/decisions/0020-payments.md).
const PAID = "young-voices-short-story-2027"; // $15.00, 500-2500 words, open
const words = (n: number) =>
  Array.from({ length: n }, (_, i) => `river${i % 5 ? "" : "s"}`).join(" ");

async function newWriter(page: Page) {
  const email = uniqueEmail("payer");
  await signUp(page, email);
  await expect(page.getByTestId("toast")).toContainText("Account created!");
  await signIn(page, email, "secret-pass");
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

async function fillEntry(page: Page, title: string, code?: string) {
  await page.getByLabel("Story title").fill(title);
  await page.getByLabel("Story text").fill(words(520));
  if (code !== undefined) await page.getByLabel(/Discount code/).fill(code);
  for (const c of CONFIRMATIONS) await page.getByLabel(c.label).check();
}

const submit = (page: Page) => page.getByRole("button", { name: /^Submit Entry/ });

async function entryOf(email: string, title: string) {
  const rows = await e2ePrisma().submission.findMany({
    where: { entrant: { email }, title },
    select: {
      id: true,
      status: true,
      payment: { select: { status: true, amountCents: true, discountCents: true } },
    },
  });
  return rows.map((s) => ({
    id: s.id,
    status: s.status,
    paymentStatus: s.payment?.status ?? null,
    amountCents: s.payment?.amountCents ?? null,
    discountCents: s.payment?.discountCents ?? null,
  }));
}

async function confirmationsTo(email: string) {
  return (await emailsTo(email)).filter((m) => m.subject.startsWith("Submission received"));
}

test("a paid entry goes through the checkout and is confirmed once, with a receipt", async ({
  page,
}) => {
  const email = await newWriter(page);
  await page.goto(`/contests/${PAID}/enter`);
  await fillEntry(page, "Paper Cranes");
  await expect(submit(page)).toHaveText("Submit Entry ($15.00)");
  await submit(page).click();

  await expect(page).toHaveURL(/\/payments\/test-checkout\/cs_test_local_/);
  await expect(page.getByText("Test mode: no real payment")).toBeVisible();
  await expect(page.getByText("$15.00", { exact: true })).toBeVisible();
  expect(await entryOf(email, "Paper Cranes")).toMatchObject([
    { status: "pending_payment", paymentStatus: "open", amountCents: 1500 },
  ]);
  await page.getByRole("button", { name: "Pay $15.00 (test)" }).click();

  // Back on the dashboard with the parameters cleared, the entry confirmed.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("toast")).toContainText("Payment Successful");
  await expect(page.getByTestId("toast")).toContainText("Your submission has been confirmed!");
  const row = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Paper Cranes" }) });
  await expect(row.getByText("Submitted", { exact: true })).toBeVisible();
  expect(await entryOf(email, "Paper Cranes")).toMatchObject([
    { status: "submitted", paymentStatus: "paid" },
  ]);
  await expect.poll(async () => (await confirmationsTo(email)).length).toBe(1);
  const [mail] = await confirmationsTo(email);
  expect(mail.text).toContain("Paid: $15.00");
  expect(mail.text).toContain("Young Voices Short Story Prize 2027");
  // A reload of the return address changes nothing and sends nothing more.
  await page.goto(
    `/dashboard?payment=success&submission=${(await entryOf(email, "Paper Cranes"))[0].id}`,
  );
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.waitForTimeout(300);
  expect(await confirmationsTo(email)).toHaveLength(1);
});

test("an abandoned payment is completed later from the dashboard, without a second entry", async ({
  page,
}) => {
  const email = await newWriter(page);
  await page.goto(`/contests/${PAID}/enter`);
  await fillEntry(page, "Second Wind");
  await submit(page).click();
  await expect(page).toHaveURL(/\/payments\/test-checkout\//);
  await page.getByRole("button", { name: "Cancel and go back" }).click();
  await expect(page.getByText("Payment not completed")).toBeVisible();
  await expect(page.getByRole("button", { name: "Complete payment ($15.00)" })).toBeVisible();

  await page.goto("/dashboard");
  await page.getByRole("button", { name: /Complete payment \(\$15\.00\) for Second Wind/ }).click();
  await expect(page).toHaveURL(/\/payments\/test-checkout\//);
  await page.getByRole("button", { name: "Pay $15.00 (test)" }).click();
  await expect(page.getByTestId("toast")).toContainText("Payment Successful");
  expect(await entryOf(email, "Second Wind")).toMatchObject([
    { status: "submitted", paymentStatus: "paid" },
  ]);
});

test("a pending entry can be withdrawn; its checkout then cannot be paid", async ({ page }) => {
  const email = await newWriter(page);
  await page.goto(`/contests/${PAID}/enter`);
  await fillEntry(page, "Changed My Mind");
  await submit(page).click();
  await expect(page).toHaveURL(/\/payments\/test-checkout\//);
  const checkoutUrl = page.url();
  await page.getByRole("button", { name: "Cancel and go back" }).click();
  await page.getByRole("link", { name: "Withdraw entry" }).click();
  await page.getByRole("button", { name: "Yes, withdraw entry" }).click();
  await expect(page.getByTestId("toast")).toContainText("Entry withdrawn");
  expect(await entryOf(email, "Changed My Mind")).toMatchObject([
    { status: "withdrawn", paymentStatus: "void" },
  ]);
  await page.goto(checkoutUrl);
  await expect(page.getByText("This payment page has expired.")).toBeVisible();
});

test("discount codes: a refused code keeps the entry unsent, a classroom link shows the price, a waiver skips the checkout", async ({
  page,
  javaScriptEnabled,
}) => {
  const email = await newWriter(page);
  const half = await createDiscountCode(50);
  const waiver = await createDiscountCode(100, 1);
  const usedUp = await createDiscountCode(100, 3, 3);

  await page.goto(`/contests/${PAID}/enter`);
  await fillEntry(page, "Free Verse", "NOT-A-CODE");
  await submit(page).click();
  await expect(page.getByText("This discount code is not valid.").first()).toBeVisible();
  expect(await entryOf(email, "Free Verse")).toHaveLength(0);
  await page.goto(`/contests/${PAID}/enter`);
  await fillEntry(page, "Free Verse", usedUp);
  await submit(page).click();
  await expect(
    page.getByText("This discount code has been used the maximum number of times.").first(),
  ).toBeVisible();
  expect(await entryOf(email, "Free Verse")).toHaveLength(0);

  // A classroom link fills the code in and shows the price, without JavaScript too.
  await page.goto(`/contests/${PAID}/enter?code=${half.toLowerCase()}`);
  await expect(page.getByLabel(/Discount code/)).toHaveValue(half.toLowerCase());
  await expect(page.getByText(/With code .*: \$7\.50 instead of \$15\.00/)).toBeVisible();
  await expect(submit(page)).toHaveText("Submit Entry ($7.50)");
  if (javaScriptEnabled) {
    // Typed codes are priced as they are typed; nothing is sent.
    await page.getByLabel(/Discount code/).fill(waiver);
    await expect(page.getByText("no fee to pay (fee waived)")).toBeVisible();
    await expect(submit(page)).toHaveText("Submit Entry (fee waived)");
  }

  await page.goto(`/contests/${PAID}/enter`);
  await fillEntry(page, "Free Verse", waiver);
  await submit(page).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("toast")).toContainText("Your submission has been received!");
  expect(await entryOf(email, "Free Verse")).toMatchObject([
    { status: "submitted", paymentStatus: "waived", amountCents: 0, discountCents: 1500 },
  ]);
  await expect.poll(async () => (await confirmationsTo(email)).length).toBe(1);
  expect((await confirmationsTo(email))[0].text).toContain(`Fee waived: $0.00`);
});

test("a visitor's classroom link checks no code: sign in first, then the price shows (docs/decisions/0025)", async ({
  page,
}) => {
  const email = uniqueEmail("classroom");
  await signUp(page, email);
  await expect(page.getByTestId("toast")).toContainText("Account created!");
  const half = await createDiscountCode(50);
  await page.goto(`/contests/${PAID}/enter?code=${half}`);
  await expect(page.getByText("Sign in to see the price with this code.")).toBeVisible();
  await expect(page.getByText(/With code/)).toHaveCount(0);
  await page.getByRole("link", { name: "Sign in", exact: true }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("secret-pass");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/contests/${PAID}/enter\\?code=${half}$`));
  await expect(page.getByText(/With code .*: \$7\.50 instead of \$15\.00/)).toBeVisible();
});

test("an admin makes a code, sees its use and the fee, and refunds the entry", async ({ page }) => {
  test.setTimeout(60_000);
  const code = `CLASS${randomBytes(3).toString("hex").toUpperCase()}`;
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/admin/discount-codes");
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByLabel("Percent off (for a percent code)").fill("40");
  await page.getByLabel("Maximum uses (optional)").fill("5");
  await page.getByRole("button", { name: "Create code" }).click();
  await expect(page.getByTestId("toast")).toContainText(`Code ${code} created`);
  const codeRow = page.getByRole("row").filter({ hasText: code });
  await expect(codeRow).toContainText("40% off");
  await expect(codeRow).toContainText("0 of 5");
  await page.getByRole("button", { name: "Sign out" }).first().click();

  const email = await newWriter(page);
  await page.goto(`/contests/${PAID}/enter`);
  await fillEntry(page, "Refund Me", code);
  await submit(page).click();
  await expect(page).toHaveURL(/\/payments\/test-checkout\//);
  await page.getByRole("button", { name: "Pay $9.00 (test)" }).click();
  await expect(page.getByTestId("toast")).toContainText("Payment Successful");
  const [entry] = await entryOf(email, "Refund Me");
  await page.getByRole("button", { name: "Sign out" }).first().click();

  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/admin/discount-codes");
  await expect(page.getByRole("row").filter({ hasText: code })).toContainText("1 of 5");
  const csv = await page.request.get(
    (await page
      .getByRole("link", { name: `Download uses of ${code} (CSV)` })
      .getAttribute("href"))!,
  );
  expect(await csv.text()).toContain(email);
  await page.goto("/admin");
  await expect(
    page
      .getByRole("region", { name: "Entry fees collected" })
      .or(page.locator("section", { hasText: "Entry fees collected" }))
      .first(),
  ).toContainText("Young Voices Short Story Prize 2027");

  await page.goto(`/admin/submissions/${entry.id}`);
  await expect(page.getByText(`Paid $9.00 (code ${code}, $6.00 off)`)).toBeVisible();
  await page.getByRole("link", { name: "Refund entry fee" }).click();
  await page.getByRole("button", { name: "Yes, refund $9.00" }).click();
  await expect(page.getByTestId("toast")).toContainText("Entry fee refunded");
  expect(await entryOf(email, "Refund Me")).toMatchObject([
    { status: "withdrawn", paymentStatus: "refunded" },
  ]);
  await expect
    .poll(
      async () =>
        (await emailsTo(email)).filter((m) => m.subject.startsWith("Entry fee refunded")).length,
    )
    .toBe(1);
});

test("the test checkout is refused in production mode without PAYMENTS_TEST_MODE", async ({
  request,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "HTTP only; runs once");
  const server = await startPrivateServer({ PAYMENTS_TEST_MODE: "0" });
  try {
    const res = await request.get(`${server.baseURL}/payments/test-checkout/cs_test_local_x`, {
      maxRedirects: 0,
    });
    expect(res.status()).toBe(404);
  } finally {
    await server.stop();
  }
});
