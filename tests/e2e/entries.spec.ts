import { expect, test, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { formatSubmissionDate } from "../../app/utils/dates";
import { CONFIRMATIONS } from "../../app/features/entries/entry-schema";
import { exeBytes, pdfBytes, textBytes } from "../fixtures/entry-files";
import { ADMIN, DEMO_PASSWORD, E2E_PORT, emailsTo, signIn, signUp, uniqueEmail } from "./utils";
import { e2ePrisma } from "./db";
import { userIdOf } from "./fixtures/accounts";
import { createContest, deleteContest, setSubmissionsClose } from "./fixtures/contests";

const FLASH = "flash-fiction-free-for-all"; // free, 100-1000 words, open
const PAID = "young-voices-short-story-2027"; // $15.00, 500-2500 words, open
const dataDir = path.resolve(`tests/.data/e2e-${E2E_PORT}`);

const words = (n: number, word = "lantern") =>
  Array.from({ length: n }, (_, i) => `${word}${i % 7 ? "" : "s"}`).join(" ");

/** A new adult account, signed in. */
async function newWriter(page: Page, prefix = "entrant") {
  const email = uniqueEmail(prefix);
  await signUp(page, email);
  await expect(page.getByTestId("toast")).toContainText("Account created!");
  await signIn(page, email, "secret-pass");
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

async function fillEntry(page: Page, { title, body }: { title: string; body?: string }) {
  await page.getByLabel("Story title").fill(title);
  if (body !== undefined) await page.getByLabel("Story text").fill(body);
  for (const c of CONFIRMATIONS) await page.getByLabel(c.label).check();
}

const submitButton = (page: Page) => page.getByRole("button", { name: /^Submit Entry/ });

async function submissionsOf(email: string) {
  return e2ePrisma().submission.findMany({
    where: { entrant: { email } },
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      title: true,
      status: true,
      wordCount: true,
      filePath: true,
      fileName: true,
    },
  });
}

/** Files stored for a user, anywhere under the e2e upload root. */
async function storedFilesOf(email: string) {
  const dir = path.join(dataDir, "uploads", await userIdOf(email));
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true })
        .map(String)
        .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    : [];
}

test("browse the published contests and open one", async ({ page }) => {
  await page.goto("/contests");
  await expect(page.getByRole("heading", { level: 1, name: "Writing Contests" })).toBeVisible();
  const flash = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Flash Fiction Free-for-All" }) });
  await expect(flash.getByText("Open for Submissions")).toBeVisible();
  await expect(flash.getByText("Free", { exact: true })).toBeVisible();
  await expect(flash.getByText("100–1000 words")).toBeVisible();
  await expect(flash.getByText(/E[SD]T/).first()).toBeVisible(); // the window names its zone
  await expect(flash.getByRole("link", { name: /^Submit Entry/ })).toBeVisible();
  const winter = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Winter Tales 2026" }) });
  await expect(winter.getByText("Closed", { exact: true })).toBeVisible();
  await expect(winter.getByRole("link", { name: /^View Details/ })).toBeVisible();
  await expect(winter.getByRole("link", { name: /^Submit Entry/ })).toHaveCount(0);
  const paid = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Young Voices Short Story Prize 2027" }) });
  await expect(paid.getByText("$15.00")).toBeVisible();
  await expect(page.getByText("Summer Mystery Challenge")).toHaveCount(0); // drafts are not listed

  await flash.getByRole("link", { name: /^View Details/ }).click();
  await expect(page).toHaveURL(new RegExp(`/contests/${FLASH}$`));
  await expect(
    page.getByRole("heading", { level: 1, name: "Flash Fiction Free-for-All" }),
  ).toBeVisible();
  await expect(page.getByText("Published", { exact: true })).toBeVisible();
  for (const card of ["Deadline", "Word Count", "Entry Fee", "Results"]) {
    await expect(page.getByRole("heading", { name: card, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Weather report" })).toBeVisible();
  const voice = page.getByRole("row").filter({ hasText: "Voice and style" });
  await expect(voice).toContainText("30%");
  await expect(voice).toContainText("10 pts");
  await expect(page.getByRole("link", { name: "Submit Your Entry" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
});

test("an unknown contest answers 404 with 'Contest not found' and a way home; drafts are hidden from the public", async ({
  page,
}) => {
  const res = await page.goto("/contests/no-such-contest");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("alert")).toContainText("Contest not found");
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.goto("/contests/summer-mystery-draft"))?.status()).toBe(404);
});

test("a visitor can read the entry form but must sign in to submit", async ({ page }) => {
  await page.goto(`/contests/${FLASH}/enter`);
  await expect(page.getByText("You must be logged in to submit").first()).toBeVisible();
  await fillEntry(page, { title: "Visitor story", body: words(150) });
  await submitButton(page).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await expect(page.getByTestId("toast")).toContainText("You must be logged in to submit");
});

test("submit a text entry: received, on the dashboard with its badge and date, and confirmed by e-mail", async ({
  page,
}) => {
  const email = await newWriter(page);
  await page.goto("/contests");
  const flash = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Flash Fiction Free-for-All" }) });
  await flash.getByRole("link", { name: /^Submit Entry/ }).click();
  await expect(page).toHaveURL(new RegExp(`/contests/${FLASH}/enter$`));
  await expect(page.getByText("0 / 1000")).toBeVisible();
  await fillEntry(page, { title: "The Weathervane", body: words(150) });
  await expect(submitButton(page)).toHaveText("Submit Entry");
  await submitButton(page).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("toast")).toContainText("Your submission has been received!");

  const rows = await submissionsOf(email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    title: "The Weathervane",
    status: "submitted",
    wordCount: 150,
    filePath: null,
  });
  const entry = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "The Weathervane" }) });
  await expect(entry.getByText("Submitted", { exact: true })).toBeVisible();
  await expect(entry.getByText(formatSubmissionDate(new Date(), "America/New_York"))).toBeVisible();
  await expect(entry.getByText("150 words")).toBeVisible();
  await expect(entry.getByRole("link", { name: "Flash Fiction Free-for-All" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Upcoming Deadlines" })).toBeVisible();

  await expect
    .poll(async () => (await emailsTo(email)).map((m) => m.subject))
    .toContain("Submission received: The Weathervane");
});

test("the live word count and the server's count; over-long text is refused", async ({
  page,
  javaScriptEnabled,
}) => {
  const email = await newWriter(page);
  await page.goto(`/contests/${FLASH}/enter`);
  await fillEntry(page, { title: "Too long", body: words(1001) });
  if (javaScriptEnabled) await expect(page.getByText("1001 / 1000")).toBeVisible();
  await submitButton(page).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Your entry was not sent" }),
  ).toContainText("Word count must be between 100 and 1000");
  // The server's count shows after the round trip, with or without JavaScript.
  await expect(page.getByText("1001 / 1000")).toBeVisible();
  await expect(page.getByLabel("Story title")).toHaveValue("Too long");
  expect(await submissionsOf(email)).toHaveLength(0);
});

test("submit a PDF and a TXT file; download your own file; another entrant gets 404", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const email = await newWriter(page);
  // Documents are held to the contest's range like typed text (docs/decisions/0034-reading-desk.md).
  const pdf = pdfBytes(`The glass orchard.\n\n${words(110)}`);
  await page.goto(`/contests/${FLASH}/enter`);
  await fillEntry(page, { title: "Glass Orchard" });
  await page
    .getByLabel("Or upload your story")
    .setInputFiles({ name: "glass-orchard.pdf", mimeType: "application/pdf", buffer: pdf });
  await submitButton(page).click();
  await expect(page.getByTestId("toast")).toContainText("Your submission has been received!");

  await page.goto(`/contests/${FLASH}/enter`);
  await fillEntry(page, { title: "Plain Words" });
  await page.getByLabel("Or upload your story").setInputFiles({
    name: "plain.txt",
    mimeType: "text/plain",
    buffer: textBytes(`A small story. ✍️\n${words(110)}\n`),
  });
  await submitButton(page).click();
  await expect(page.getByTestId("toast")).toContainText("Your submission has been received!");

  const rows = await submissionsOf(email);
  expect(rows.map((r) => [r.title, r.fileName, r.wordCount])).toEqual([
    ["Glass Orchard", "glass-orchard.pdf", 113], // a document's words are read from its text
    ["Plain Words", "plain.txt", 114], // a text file's words are counted from its decoded text
  ]);
  const uid = await userIdOf(email);
  expect(rows[0].filePath).toMatch(new RegExp(`^${uid}/[a-z0-9]+/\\d+\\.pdf$`));
  expect(await storedFilesOf(email)).toHaveLength(2);

  const entry = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Glass Orchard" }) });
  // A document shows its counted words, as a typed story does.
  await expect(entry.getByText("113 words, glass-orchard.pdf")).toBeVisible();
  await entry.getByRole("link", { name: "Glass Orchard" }).click();
  const link = page.getByRole("link", { name: "Download glass-orchard.pdf" });
  await expect(link).toBeVisible();
  const res = await page.request.get((await link.getAttribute("href"))!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-disposition"]).toContain("glass-orchard.pdf");
  expect(Buffer.from(await res.body()).equals(pdf)).toBe(true);
  // Following the link downloads the file and stays on the page; where JavaScript runs, the page
  // then says so in its live region (the spec's words).
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("glass-orchard.pdf");
  await expect(page.getByTestId("download-status")).toHaveText(
    javaScriptEnabled ? "File downloaded successfully" : "",
  );

  // Another entrant: the file and the submission page do not exist for them.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await signIn(otherPage, "writer2@inkwell.test", DEMO_PASSWORD);
  await expect(otherPage).toHaveURL(/\/dashboard$/);
  expect(
    (await otherPage.request.get(`/files/submissions/${rows[0].id}`, { maxRedirects: 0 })).status(),
  ).toBe(404);
  expect(
    (
      await otherPage.request.get(`/dashboard/submissions/${rows[0].id}`, { maxRedirects: 0 })
    ).status(),
  ).toBe(404);
  await other.close();
});

test("a renamed executable (.pdf) and text renamed .pdf are refused, and nothing is stored", async ({
  page,
}) => {
  const email = await newWriter(page);
  for (const [name, buffer] of [
    ["story.pdf", exeBytes()],
    ["notes.pdf", textBytes("just words, not a pdf")],
  ] as const) {
    await page.goto(`/contests/${FLASH}/enter`);
    await fillEntry(page, { title: "Sneaky" });
    await page
      .getByLabel("Or upload your story")
      .setInputFiles({ name, mimeType: "application/pdf", buffer });
    await submitButton(page).click();
    const alert = page.getByRole("alert").filter({ hasText: "Your entry was not sent" });
    await expect(alert).toContainText("Only PDF, DOC, DOCX, and TXT files are allowed");
  }
  expect(await submissionsOf(email)).toHaveLength(0);
  expect(await storedFilesOf(email)).toEqual([]);
});

test("an entry sent after close is refused even though the form was loaded before close", async ({
  page,
}) => {
  const email = await newWriter(page);
  const slug = `closing-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const now = Date.now();
  const DAY = 86_400_000;
  const id = await createContest({
    slug,
    title: `Closing ${slug}`,
    description: "A contest that closes during the test.",
    submissionsOpen: new Date(now - DAY),
    submissionsClose: new Date(now + DAY),
  });
  try {
    await page.goto(`/contests/${slug}/enter`);
    await fillEntry(page, { title: "Just in time?", body: words(20) });
    await page
      .getByLabel("Or upload your story")
      .setInputFiles({ name: "late.txt", mimeType: "text/plain", buffer: textBytes(words(20)) });
    await expect(submitButton(page)).toBeEnabled();
    await setSubmissionsClose(id, new Date(Date.now() - 1000));
    await submitButton(page).click();
    await expect(page.getByRole("alert").filter({ hasText: "not sent" })).toContainText(
      "Submissions are not currently open for this contest.",
    );
    await expect(page.getByLabel("Story title")).toBeDisabled();
    expect(await submissionsOf(email)).toHaveLength(0);
    expect(await storedFilesOf(email)).toEqual([]);
  } finally {
    await deleteContest(id);
  }
});

test("withdraw a submitted entry after confirming", async ({ page }) => {
  const email = await newWriter(page);
  await page.goto(`/contests/${FLASH}/enter`);
  await fillEntry(page, { title: "Second Thoughts", body: words(120) });
  await submitButton(page).click();
  await expect(page.getByTestId("toast")).toContainText("Your submission has been received!");
  await page.getByRole("link", { name: "Second Thoughts" }).click();
  await page.getByRole("link", { name: "Withdraw entry" }).click();
  await expect(page.getByText("Withdraw this entry?")).toBeVisible();
  await page.getByRole("button", { name: "Yes, withdraw entry" }).click();
  await expect(page.getByTestId("toast")).toContainText("Entry withdrawn");
  await expect(page.getByText("Withdrawn", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Withdraw entry" })).toHaveCount(0);
  expect((await submissionsOf(email))[0].status).toBe("withdrawn");
  await page.goto("/dashboard");
  const entry = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Second Thoughts" }) });
  await expect(entry.getByText("Withdrawn", { exact: true })).toBeVisible();
});

test("a paid contest's entry waits for payment, visibly", async ({ page }) => {
  const email = await newWriter(page);
  await page.goto(`/contests/${PAID}/enter`);
  await fillEntry(page, { title: "Turning Point", body: words(500) });
  await expect(submitButton(page)).toHaveText("Submit Entry ($15.00)");
  await submitButton(page).click();
  // The entry is saved, then the writer is sent to pay; leaving the payment page keeps it pending.
  await expect(page).toHaveURL(/\/payments\/test-checkout\//);
  expect((await submissionsOf(email))[0]).toMatchObject({
    status: "pending_payment",
    wordCount: 500,
  });
  await page.getByRole("button", { name: "Cancel and go back" }).click();
  await expect(page.getByText("Payment not completed")).toBeVisible();
  await page.goto("/dashboard");
  const entry = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Turning Point" }) });
  await expect(entry.getByText("Pending payment", { exact: true })).toBeVisible();
  await expect(entry.getByText(/Awaiting payment/)).toBeVisible();
  // Not "Submitted <date>" above "not yet submitted": when it was created, and what to do next.
  await expect(entry).toContainText(
    `Created ${formatSubmissionDate(new Date(), "America/New_York")}`,
  );
  await expect(entry).not.toContainText("Submitted");
  await expect(entry).toContainText("Next: pay the entry fee before submissions close");
  await entry.getByRole("link", { name: "Turning Point" }).click();
  await expect(page.getByText(/Created .* 500 words/)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Payment pending" })).toContainText(
    "Next: pay the entry fee",
  );
  await page.goto("/dashboard");
  expect(
    (await emailsTo(email)).filter((m) => m.subject.startsWith("Submission received")),
  ).toHaveLength(0);
});

test("an account under 13 cannot submit until a parent confirms", async ({ page }) => {
  const email = uniqueEmail("young");
  await signUp(page, email, "secret-pass", "2017-04-02", { parentEmail: uniqueEmail("parent") });
  // Wait for the sign-up to finish before leaving the page (a busy machine is slow to answer).
  await expect(page.getByTestId("toast")).toContainText("Account created!");
  await signIn(page, email, "secret-pass");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/contests/${FLASH}/enter`);
  await expect(page.getByText(/Because you are under 13/)).toBeVisible();
  await expect(page.getByLabel("Story title")).toBeDisabled();
  // A crafted post is refused on the server too.
  const res = await page.request.post(`/contests/${FLASH}/enter`, {
    multipart: {
      title: "x",
      body: words(150),
      confirmOriginal: "on",
      confirmEligible: "on",
      confirmRules: "on",
      confirmAnonymous: "on",
    },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(403);
  expect(await submissionsOf(email)).toHaveLength(0);
});

test("admin: list, filter, preview, disqualify with a reason the entrant reads, CSV export, e-mail log", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  // Two sessions and a confirmed disqualification: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  const email = await newWriter(page);
  const title = `Rule Breaker ${Date.now().toString(36)}`;
  await page.goto(`/contests/${FLASH}/enter`);
  await fillEntry(page, { title, body: words(130) });
  await submitButton(page).click();
  await expect(page.getByTestId("toast")).toContainText("Your submission has been received!");
  const [row] = await submissionsOf(email);

  const admin = await browser.newContext({ baseURL, javaScriptEnabled });
  const a = await admin.newPage();
  await signIn(a, ADMIN);
  await expect(a).toHaveURL(/\/dashboard$/);
  await a.goto("/admin/submissions");
  await a.getByLabel("Contest").selectOption({ label: "Flash Fiction Free-for-All" });
  await a.getByLabel("Status").selectOption({ label: "Submitted" });
  await a.getByRole("button", { name: "Filter" }).click();
  // A chosen contest's entries are its workspace's Entries (docs/decisions/0050).
  await expect(a).toHaveURL(/\/admin\/contests\/[^/]+\/entries\?.*status=submitted/);
  const contestId = new URL(a.url()).pathname.split("/")[3];
  const tableRow = a.getByRole("row").filter({ hasText: title });
  await expect(tableRow).toContainText("130");
  await expect(tableRow).toContainText("Submitted");
  await expect(a.getByRole("row").filter({ hasText: "The Lantern Promise" })).toHaveCount(0); // another contest

  const csv = await a.request.get(
    `/admin/submissions/export.csv?contest=${contestId}&${new URL(a.url()).searchParams}`,
  );
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const text = await csv.text();
  expect(text).toContain("Submission ID,Title,Contest");
  expect(text).toContain(`${row.id},${title},Flash Fiction Free-for-All`);
  expect(text).not.toContain("The Lantern Promise");

  await tableRow.getByRole("link", { name: `Preview ${title}` }).click();
  await expect(a.getByRole("heading", { name: "Text preview" })).toBeVisible();
  await expect(a.getByText(words(130))).toBeVisible();
  await a.getByRole("button", { name: "Disqualify submission" }).click();
  await expect(a.getByText("Please give a reason the entrant can read")).toBeVisible();
  await a.getByLabel("Reason").fill("The story includes the author's full name.");
  await a.getByRole("button", { name: "Disqualify submission" }).click();
  await a.getByRole("button", { name: "Yes, disqualify" }).click();
  await expect(a.getByTestId("toast")).toContainText("Submission disqualified");
  await expect(a.getByText("Reason: The story includes the author's full name.")).toBeVisible();

  await a.goto("/admin/emails");
  await expect(a.getByRole("row").filter({ hasText: email }).first()).toContainText(
    "submission-confirmation",
  );
  await admin.close();

  await page.goto("/dashboard");
  const entry = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title }) });
  await expect(entry.getByText("Disqualified", { exact: true })).toBeVisible();
  await entry.getByRole("link", { name: title }).click();
  await expect(page.getByRole("alert")).toContainText("The story includes the author's full name.");
});

test("the dashboard shows released results with scores and feedback, never judges' names, and real deadlines", async ({
  page,
}) => {
  await signIn(page, "entrant@inkwell.test");
  await expect(page).toHaveURL(/\/dashboard$/);
  const winter = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "The Lantern Promise" }) });
  await expect(winter.getByText("Results available")).toBeVisible();
  await expect(winter.getByRole("link", { name: "Winter Tales 2026" })).toBeVisible();
  const autumn = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Leaves Like Letters" }) });
  await expect(autumn.getByText("Results available")).toHaveCount(0);

  const results = page.getByRole("region", { name: "Results", exact: true });
  await expect(results).toContainText("The Lantern Promise");
  await expect(results).toContainText(/Average score \d+\.\d\d/);
  await expect(results).toContainText("Judge 1:");
  await expect(results).toContainText("Voice and style:");
  await expect(results).toContainText("Vivid imagery");
  await expect(results).not.toContainText("Leaves Like Letters"); // results not yet released
  for (const name of ["Jordan Judge", "Morgan Reed", "Sam Okafor", "judge@inkwell.test"]) {
    await expect(page.getByRole("main")).not.toContainText(name);
  }

  const deadlines = page.getByRole("region", { name: "Upcoming Deadlines" });
  await expect(
    deadlines.getByRole("link", { name: "Young Voices Short Story Prize 2027" }),
  ).toBeVisible();
  // Soonest first: Flash Fiction closes before Young Voices. (A contest another spec publishes
  // meanwhile, closing within minutes, may come before both.)
  const names = await deadlines.getByRole("link").allTextContents();
  expect(names.indexOf("Flash Fiction Free-for-All")).toBeGreaterThanOrEqual(0);
  expect(names.indexOf("Flash Fiction Free-for-All")).toBeLessThan(
    names.indexOf("Young Voices Short Story Prize 2027"),
  );
  await expect(deadlines.getByRole("link", { name: "Winter Tales 2026" })).toHaveCount(0);
});
