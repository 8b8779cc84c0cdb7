import { expect, test, type Page } from "@playwright/test";
import { CONFIRMATIONS } from "../../app/features/entries/entry-schema";
import { BASE_URL, SECOND_URL } from "../../playwright.postgres.config";
import {
  createSelfRunningContest,
  nextClose,
  seatPanelThroughSite,
} from "../e2e/self-running-contest";

/**
 * Two server instances on one PostgreSQL database and one S3-protocol store behave as one site
 * (docs/decisions/0028-postgresql.md): a contest created through one instance runs its lifecycle
 * exactly once although both run the scheduler; an entry (with a document) made through one is
 * judged through the other; sessions and the sign-in limits hold across both.
 */
const PASSWORD = "inkwell-demo";
const RESEND = `http://localhost:${Number(new URL(BASE_URL).port) + 2}`;
const STORY = "The second door was blue, and it was never locked.";

async function emailsTo(to: string): Promise<{ subject: string; text: string }[]> {
  const res = await fetch(`${RESEND}/__messages?to=${encodeURIComponent(to)}`);
  return (await res.json()) as { subject: string; text: string }[];
}

async function signIn(page: Page, origin: string, email: string, password = PASSWORD) {
  await page.goto(`${origin}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

test.beforeAll(async () => {
  // Playwright waited for the second instance; the first answers too.
  await expect
    .poll(async () => (await fetch(`${BASE_URL}/`).catch(() => null))?.status ?? 0, {
      timeout: 60_000,
    })
    .toBe(200);
});

test("one site across two instances: lifecycle once, an entry made on one judged on the other", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const slug = `pg-two-${Date.now().toString(36)}`;
  const title = `Two instances ${slug}`;
  // Two to three minutes away: time to seat the panel before judging opens.
  const close = nextClose(Date.now() + 60_000);

  // The admin creates a published contest through instance A.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, BASE_URL, "admin@inkwell.test");
  await expect(admin).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await createSelfRunningContest(admin, {
    origin: BASE_URL,
    slug,
    title,
    description: "Run by two servers.",
    close,
    judgesPerSubmission: 1,
    prompt: { title: "Two doors", text: "Write about two doors and the one you chose." },
  });
  // Its panel, seated through instance B: two demo judges accept (docs/decisions/0033-judging-panel.md).
  await seatPanelThroughSite(admin, async () => (await browser.newContext()).newPage(), {
    title,
    judges: ["judge@inkwell.test", "judge2@inkwell.test"],
    password: PASSWORD,
    origin: SECOND_URL,
  });

  // The entrant signs in on instance B and sends a document; the file goes to the shared store.
  const entrant = await (await browser.newContext()).newPage();
  await signIn(entrant, SECOND_URL, "entrant@inkwell.test");
  await expect(entrant).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await entrant.goto(`${SECOND_URL}/contests/${slug}/enter`);
  await entrant.getByLabel("Story title").fill("Two Doors");
  await entrant.getByLabel("Or upload your story").setInputFiles({
    name: "two-doors.txt",
    mimeType: "text/plain",
    buffer: Buffer.from(`${STORY}\n${Array(600).fill("door").join(" ")}\n`),
  });
  for (const c of CONFIRMATIONS) await entrant.getByLabel(c.label).check();
  await entrant.getByRole("button", { name: /^Submit Entry/ }).click();
  await expect(entrant.getByTestId("toast")).toContainText("Your submission has been received!");
  // The session made on B is good on A (one secret, sessions in the database).
  await entrant.goto(`${BASE_URL}/dashboard`);
  await expect(entrant.getByText("Two Doors").first()).toBeVisible();

  // Both instances run the scheduler; each step runs once: one judge e-mail, one receipt.
  await expect(async () => {
    await admin.goto(`${SECOND_URL}/admin/workflows`);
    await expect(
      admin.getByRole("region", { name: title }).locator('tr[data-step="assign"]'),
    ).toContainText("Done", { timeout: 1000 });
  }).toPass({ timeout: 200_000, intervals: [2000] });
  const judgeEmails = await Promise.all(
    ["judge@inkwell.test", "judge2@inkwell.test", "judge3@inkwell.test"].map(async (email) => ({
      email,
      n: (await emailsTo(email)).filter((m) => m.subject.includes(`to judge in ${title}`)).length,
    })),
  );
  const assigned = judgeEmails.filter((j) => j.n > 0);
  expect(assigned).toHaveLength(1);
  expect(assigned[0].n).toBe(1);
  await new Promise((r) => setTimeout(r, 3000)); // later scheduler rounds send nothing more
  expect(
    (await emailsTo(assigned[0].email)).filter((m) => m.subject.includes(`to judge in ${title}`)),
  ).toHaveLength(1);
  expect(
    // This contest's confirmation only (a retry's first attempt sent one for its own contest).
    (await emailsTo("entrant@inkwell.test")).filter(
      (m) => m.subject === "Submission received: Two Doors" && m.text.includes(title),
    ),
  ).toHaveLength(1);

  // The assigned judge scores it through instance A.
  const judge = await (await browser.newContext()).newPage();
  await signIn(judge, BASE_URL, assigned[0].email);
  await expect(judge).toHaveURL(/\/(dashboard|judge)/, { timeout: 20_000 });
  await judge.goto(`${BASE_URL}/judge`);
  await judge
    .getByRole("link", { name: /Two Doors/ })
    .first()
    .click();
  await expect(judge).toHaveURL(/\/judge\/review\/[^/]+$/);
  // The document uploaded through B, stored in the shared S3 store, downloads through A.
  const reviewUrl = judge.url();
  const file = await judge.request.get(`${reviewUrl}/file`);
  expect(file.status()).toBe(200);
  expect(await file.text()).toContain(STORY);
  // Typed before hydration, a score could be reset by it, and the form would refuse it as empty.
  await judge.waitForLoadState("networkidle");
  for (const field of await judge.locator('input[type="number"]').all()) await field.fill("7");
  const comments = judge.getByLabel(/Comments/);
  if (await comments.count()) await comments.first().fill("Clear and vivid.");
  await judge.getByRole("button", { name: "Submit Score" }).click();
  await expect(judge.getByTestId("toast")).toContainText("Score saved");

  // And the admin sees the score through instance B.
  const entryId = new URL(reviewUrl).pathname.split("/").pop();
  await admin.goto(`${SECOND_URL}/admin/scoring/${entryId}`);
  await expect(admin.getByText("Clear and vivid.")).toBeVisible();
});

test("failed sign-ins counted on one instance are refused on the other", async ({ page }) => {
  const email = "entrant@inkwell.test";
  for (let i = 0; i < 5; i++) {
    await signIn(page, i % 2 ? SECOND_URL : BASE_URL, email, `wrong-password-${i}`);
    await expect(page.getByText(/Invalid email or password|Too many failed/).first()).toBeVisible();
  }
  await signIn(page, SECOND_URL, email, `wrong-password-again`);
  await expect(page.getByText(/Too many failed sign-in attempts/)).toBeVisible();
});
