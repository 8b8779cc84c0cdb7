import { expect, test } from "@playwright/test";
import { e2ePrisma } from "./db";
import { classWaitingToPay } from "./fixtures/classes";
import { createDiscountCode } from "./fixtures/payments";
import { DEMO_PASSWORD, signIn } from "./utils";

// A class's checkout (docs/decisions/0031-classrooms-and-shared-computers.md), JavaScript on and
// off: the code typed is the code applied, shown before and after paying.

test("a code typed at once is applied to every line and named before paying", async ({ page }) => {
  const c = await classWaitingToPay({ pupils: 3 });
  const code = await createDiscountCode(50);
  await signIn(page, c.email, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
  page.on("request", (r) => {
    if (r.method() === "POST") console.log("POST", r.url(), r.postData());
  });
  page.on("console", (m) => console.log("CONSOLE", m.type(), m.text().slice(0, 300)));
  await page.goto(c.url, { waitUntil: "commit" });
  await page.getByLabel(/discount code/i).fill(code);
  console.log("value before click", await page.getByLabel(/discount code/i).inputValue());
  await page.getByRole("button", { name: /^Pay for/ }).click();
  await expect(page).toHaveURL(/\/payments\/test-checkout\//);
  console.log("GROUPS", JSON.stringify(await e2ePrisma().paymentGroup.findMany({ where: { payerId: c.userId } })));
  console.log("PAYMENTS", JSON.stringify(await e2ePrisma().payment.findMany({ where: { submissionId: { in: c.entries } } })));
  console.log("SESSIONS", JSON.stringify(await e2ePrisma().testCheckoutSession.findMany({ orderBy: { createdAt: "desc" }, take: 2 })));
  const payments = await e2ePrisma().payment.findMany({
    where: { submissionId: { in: c.entries } },
    select: { discountCodeId: true, amountCents: true },
  });
  expect(payments.map((p) => p.amountCents)).toEqual([750, 750, 750]);
});
