import { expect, test, type Page } from "@playwright/test";
import { docxFromText } from "../../prisma/document-builders";
import { e2ePrisma } from "./db";
import { classWaitingToPay } from "./fixtures/classes";
import { createDiscountCode } from "./fixtures/payments";
import { DEMO_PASSWORD, signIn } from "./utils";

// A teacher's class pages (docs/decisions/0044-class-entries-consent.md), JavaScript on and off:
// the entry form in the teacher's words with every box on its first view; a class checkout that
// keeps the code typed as soon as the page arrives, names it before and after paying, can be
// resumed or started again, and whose button names the ticked entries.

async function signInAs(page: Page, email: string) {
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
}

const payButton = (page: Page) => page.getByRole("button", { name: /^Pay for / });

test("a code typed as the page arrives is applied, named on the checkout and after paying", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const c = await classWaitingToPay({ pupils: 3 });
  const code = await createDiscountCode(50);
  await signInAs(page, c.email);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  // Typed before the page's script has run: the page must not be rendered again over it.
  await page.goto(c.url, { waitUntil: "commit" });
  await page.getByLabel("School discount code (optional)").fill(code);
  await payButton(page).click();
  await expect(page).toHaveURL(/\/payments\/test-checkout\//);
  // Named before paying: each line and the description.
  await expect(page.getByText(`$15.00 less $7.50 with code ${code}`)).toHaveCount(3);
  await expect(page.getByText(`code ${code}: $22.50 off`)).toBeVisible();
  await page.getByRole("button", { name: "Pay $22.50 (test)" }).click();
  await expect(page.getByTestId("toast")).toContainText("Payment Successful");
  const payments = await e2ePrisma().payment.findMany({
    where: { submissionId: { in: c.entries } },
    select: { amountCents: true, status: true, discountCode: { select: { code: true } } },
  });
  expect(payments.map((p) => [p.amountCents, p.status, p.discountCode?.code])).toEqual(
    Array(3).fill([750, "paid", code]),
  );
  // The receipt names it too (on the class's page: each entry's payment line).
  if (javaScriptEnabled)
    expect(errors.filter((e) => /Minified React error|Hydration/i.test(e))).toEqual([]);
});

test("the pay button names the ticked entries; a payment left without Cancel is resumed or started again", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const c = await classWaitingToPay({ pupils: 4 });
  await signInAs(page, c.email);
  await page.goto(c.url);
  const boxes = page.getByRole("checkbox", { name: /Story \d/ });
  await expect(boxes).toHaveCount(4);
  await boxes.nth(1).uncheck();
  await boxes.nth(3).uncheck();
  await expect(payButton(page)).toHaveText(
    javaScriptEnabled ? "Pay for 2 entries" : "Pay for the ticked entries",
  );
  await payButton(page).click();
  await expect(page).toHaveURL(/\/payments\/test-checkout\//);
  const checkout = page.url();
  await expect(page.getByText(/^Entry fee: Story \d/)).toHaveCount(2);

  // Walked away without Cancel: the class's page offers to resume it or start again.
  await page.goto(c.url);
  const started = page.getByTestId("started-payment");
  await expect(started).toContainText("$30.00 for 2 entries");
  await page.getByRole("button", { name: "Resume payment" }).click();
  await expect(page).toHaveURL(checkout);
  await page.goto(c.url);
  await page.getByRole("button", { name: "Start again" }).click();
  await expect(page.getByTestId("toast")).toContainText("Payment stopped");
  await expect(page.getByTestId("started-payment")).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: /Story \d/ })).toHaveCount(4);
  // The old checkout can no longer be paid.
  await page.goto(checkout);
  await expect(page.getByText("This payment page has expired.")).toBeVisible();
});

test("the entry form speaks as the teacher and asks for every confirmation on its first view", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const c = await classWaitingToPay({ pupils: 1, joinedUnder13: true });
  await signInAs(page, c.email);
  await page.goto(c.classUrl);
  // The consent each pupil waits for, before anyone is entered.
  await expect(page.getByTestId("consent-rule")).toContainText(
    "1 pupil is waiting for a parent's consent",
  );
  // Other rows name Liam too (the "link to a pupil who joined" choice): his own row.
  const liamRow = page
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: "Liam L.", exact: true }) });
  await expect(liamRow).toContainText("waiting for their parent's consent");
  await page.goto(c.url);
  await expect(page.getByRole("row").filter({ hasText: "Liam L." })).toContainText(
    "Waiting for their parent's consent, or your school's permission",
  );
  await page.getByRole("link", { name: "Add entry for Liam L." }).click();
  await expect(page.getByText("Entry for Liam L.").first()).toBeVisible();
  await expect(page.getByText(/tick all four boxes|my name must not appear/i)).toHaveCount(0);
  await expect(page.getByLabel(/our school holds written permission/)).toBeVisible();
  await expect(
    page.getByLabel("Liam L. meets the age and grade requirements of this contest."),
  ).toBeVisible();
  // With a document chosen, only the document's count shows (not "0 / 500" for the empty text).
  if (javaScriptEnabled) {
    await expect(page.locator("#word-count")).toBeVisible();
    await page.getByLabel("Or upload the story").setInputFiles({
      name: "story.docx",
      mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      buffer: Buffer.from(docxFromText("", "The tide came in over the sand and the gulls cried.")),
    });
    await expect(page.getByTestId("file-word-count")).toContainText("story.docx: about");
    await expect(page.locator("#word-count")).toHaveCount(0);
    await page.getByLabel("Or upload the story").setInputFiles([]);
    await expect(page.locator("#word-count")).toBeVisible();
  }
  await page.getByLabel("Story title").fill("The lighthouse keeper");
  await page
    .getByLabel("Story text")
    .fill("The lighthouse keeper counted every ship that passed the rocks at night.");
  for (const box of await page.getByRole("checkbox").all()) {
    const name = await box.getAttribute("name");
    if (name && name !== "showIfAwarded") await box.check();
  }
  await page.getByRole("button", { name: "Submit Entry" }).click();
  // Sent on the first Submit.
  await expect(page).toHaveURL(new RegExp(`${c.url}$`));
  await expect(page.getByRole("row").filter({ hasText: "Liam L." })).toContainText(
    "School's permission recorded",
  );
});
