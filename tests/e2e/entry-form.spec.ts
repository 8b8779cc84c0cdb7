import { expect, test, type Locator, type Page } from "@playwright/test";
import { CONFIRMATIONS } from "../../app/features/entries/entry-schema";
import { e2ePrisma } from "./db";
import { createContest, deleteContest } from "./fixtures/contests";
import { signIn, signUp, uniqueEmail } from "./utils";

const FLASH = "flash-fiction-free-for-all"; // free, 100-1000 words, up to 3 entries per writer
const PAID = "young-voices-short-story-2027"; // $15.00, 500-2500 words, one entry per writer

const words = (n: number, word = "lantern") =>
  Array.from({ length: n }, (_, i) => `${word}${i % 7 ? "" : "s"}`).join(" ");

async function newWriter(page: Page, prefix = "writer") {
  const email = uniqueEmail(prefix);
  await signUp(page, email);
  await expect(page.getByTestId("toast")).toContainText("Account created!");
  await signIn(page, email, "secret-pass");
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

async function submissionsOf(email: string) {
  return e2ePrisma().submission.findMany({
    where: { entrant: { email } },
    orderBy: { createdAt: "asc" },
    select: { title: true, status: true, wordCount: true, fileName: true, fileType: true },
  });
}

const submitButton = (page: Page) => page.getByRole("button", { name: /^Submit Entry/ });
const checkAll = async (page: Page) => {
  for (const c of CONFIRMATIONS) await page.getByLabel(c.label).check();
};

/** Presses Tab until `target` has focus (keyboard only). */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

test("typing after a refused submit never sends the entry, and focus stays where the writer types", async ({
  page,
  javaScriptEnabled,
}) => {
  const email = await newWriter(page);
  await page.goto(`/contests/${FLASH}/enter`);
  await page.getByLabel("Story text").fill(words(150));
  await checkAll(page);
  await submitButton(page).click();
  await expect(page.getByRole("alert").filter({ hasText: "not sent" })).toContainText(
    "Title is required",
  );
  const title = page.getByLabel("Story title");
  await title.click();
  await page.keyboard.type("T");
  await expect(title).toBeFocused();
  const story = page.getByLabel("Story text");
  await story.click();
  await story.press("End");
  await page.keyboard.type(" more words");
  await expect(story).toBeFocused();
  if (javaScriptEnabled) await page.waitForLoadState("networkidle");
  expect(await submissionsOf(email)).toEqual([]);
  for (const c of CONFIRMATIONS) await expect(page.getByLabel(c.label)).toBeChecked();

  await submitButton(page).click();
  await expect(page.getByTestId("toast")).toContainText("Your submission has been received!");
  expect((await submissionsOf(email)).map((r) => r.title)).toEqual(["T"]);
});

test("every problem is listed at once, in plain words, at 16 px", async ({ page }) => {
  await newWriter(page);
  await page.goto(`/contests/${FLASH}/enter`);
  await page.getByLabel("Story text").fill(words(20));
  await submitButton(page).click();
  const list = page.getByRole("alert").filter({ hasText: "Please check your entry" });
  await expect(list).toContainText("Your entry was not sent yet. Fix these, then press Submit:");
  await expect(list).toContainText("Title is required");
  await expect(list).toContainText("Word count must be between 100 and 1000");
  await expect(list).toContainText("Please confirm this statement");
  await expect(page.getByText("Validation Error")).toHaveCount(0);
  await expect(page.getByText("Eligibility")).toHaveCount(0);
  const sizes = await page.evaluate(() =>
    [...document.querySelectorAll("main label, main legend, [id$='-hint'], #word-count p")].map(
      (el) => [el.textContent?.trim().slice(0, 30), getComputedStyle(el).fontSize],
    ),
  );
  expect(sizes.length).toBeGreaterThanOrEqual(6);
  for (const [text, size] of sizes) expect(parseFloat(size!), text!).toBeGreaterThanOrEqual(16);

  await page.goto("/dashboard");
  const dashSizes = await page.evaluate(() =>
    [...document.querySelectorAll("main p, main li")].map((el) => [
      el.textContent?.trim().slice(0, 30),
      getComputedStyle(el).fontSize,
    ]),
  );
  for (const [text, size] of dashSizes) expect(parseFloat(size!), text!).toBeGreaterThanOrEqual(16);
});

test("the live word counter shows the range and says, in words, when a count is outside it", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(
    !javaScriptEnabled,
    "the live count needs JavaScript; the server's count is tested in entries.spec",
  );
  await page.goto(`/contests/${FLASH}/enter`);
  await expect(page.getByText("Allowed: 100 to 1000 words")).toBeVisible();
  const story = page.getByLabel("Story text");
  await story.fill(words(50));
  await expect(page.getByText("50 / 1000")).toBeVisible();
  await expect(page.getByTestId("word-count-status")).toHaveText(
    "⚠ Too short: add at least 50 words.",
  );
  await story.fill(words(500));
  await expect(page.getByTestId("word-count-status")).toHaveText(
    "✓ Good: between 100 and 1000 words.",
  );
  await story.fill(words(1003));
  await expect(page.getByText("1003 / 1000")).toBeVisible();
  await expect(page.getByTestId("word-count-status")).toHaveText("⚠ Too long: remove 3 words.");
});

test("one entry per writer: a second entry (Back, then Submit again) is refused with a clear message", async ({
  page,
}) => {
  await page.goto(`/contests/${PAID}`);
  await expect(page.getByText("One entry per writer.").first()).toBeVisible();
  await page.goto(`/contests/${FLASH}`);
  await expect(page.getByText("Up to 3 entries per writer.").first()).toBeVisible();

  const email = await newWriter(page);
  await page.goto(`/contests/${PAID}/enter`);
  await expect(page.getByText("One entry per writer.")).toBeVisible();
  await page.getByLabel("Story title").fill("First Try");
  await page.getByLabel("Story text").fill(words(500));
  await checkAll(page);
  await submitButton(page).click();
  // Saved, and on to the payment page (docs/decisions/0020-payments.md).
  await expect(page).toHaveURL(/\/payments\/test-checkout\//);

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/contests/${PAID}/enter$`));
  if (await submitButton(page).isEnabled()) {
    await page.getByLabel("Story title").fill("Second Try");
    if (!(await page.getByLabel("Story text").inputValue()))
      await page.getByLabel("Story text").fill(words(500));
    await checkAll(page);
    await submitButton(page).click();
  }
  await expect(page.getByText("You have already entered this contest.").first()).toBeVisible();
  expect((await submissionsOf(email)).map((r) => r.title)).toEqual(["First Try"]);

  // The server refuses a crafted post too.
  const res = await page.request.post(`/contests/${PAID}/enter`, {
    multipart: {
      entryKey: `e${"ab".repeat(12)}`,
      title: "Crafted",
      body: words(500),
      confirmOriginal: "on",
      confirmEligible: "on",
      confirmRules: "on",
      confirmAnonymous: "on",
    },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(403);
  expect(await submissionsOf(email)).toHaveLength(1);
  await page.goto(`/contests/${PAID}/enter`);
  await expect(page.getByText("You have already entered this contest.")).toBeVisible();
  await expect(submitButton(page)).toBeDisabled();
});

test("a contest that has not opened says when it opens", async ({ page }) => {
  const slug = `soon-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const opens = Date.UTC(2031, 2, 14, 16, 0); // Mar 14, 2031, 12:00 PM EDT
  const id = await createContest({
    slug,
    title: `Soon ${slug}`,
    description: "A contest that opens later.",
    submissionsOpen: new Date(opens),
  });
  try {
    await page.goto(`/contests/${slug}/enter`);
    await expect(page.getByRole("status").filter({ hasText: "Not open yet" })).toContainText(
      "submissions open Mar 14, 2031",
    );
    await expect(page.getByText("Submissions closed")).toHaveCount(0);
    await expect(page.getByLabel("Story title")).toBeDisabled();
  } finally {
    await deleteContest(id);
  }
});

test("a UTF-16 text file (Notepad's 'Unicode') is accepted and its words are counted", async ({
  page,
}) => {
  const email = await newWriter(page);
  await page.goto(`/contests/${FLASH}/enter`);
  await page.getByLabel("Story title").fill("Notepad Story");
  const text = `${words(120)}\r\nThe end.\r\n`;
  await page.getByLabel("Or upload your story").setInputFiles({
    name: "story.txt",
    mimeType: "text/plain",
    buffer: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]),
  });
  await checkAll(page);
  await submitButton(page).click();
  await expect(page.getByTestId("toast")).toContainText("Your submission has been received!");
  expect(await submissionsOf(email)).toEqual([
    {
      title: "Notepad Story",
      status: "submitted",
      wordCount: 122,
      fileName: "story.txt",
      fileType: "text/plain; charset=utf-16le",
    },
  ]);
});

test("a visitor is told to sign in before the story box; the link comes back to the form, with the unsent story kept", async ({
  page,
}) => {
  const email = uniqueEmail("visitor");
  await signUp(page, email);
  await expect(page.getByTestId("toast")).toContainText("Account created!");

  await page.goto(`/contests/${FLASH}/enter`);
  // A button of the form: what was typed is kept by the server, JavaScript on or off (ADR 0042).
  const link = page.getByRole("button", { name: "Sign in first" });
  await expect(link).toBeVisible();
  // The notice comes before the story box.
  const [linkY, boxY] = await Promise.all([
    link.evaluate((el) => el.getBoundingClientRect().top),
    page.getByLabel("Story text").evaluate((el) => el.getBoundingClientRect().top),
  ]);
  expect(linkY).toBeLessThan(boxY);

  const story = words(140, "harbour");
  await page.getByLabel("Story title").fill("Harbour Lights");
  await page.getByLabel("Story text").fill(story);
  await link.click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("secret-pass");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/contests/${FLASH}/enter$`));
  await expect(page.getByRole("heading", { name: "Is this your story?" })).toBeVisible();
  await page.getByRole("button", { name: "Yes, it is mine: keep it" }).click();
  await expect(page.getByText("We kept your story")).toBeVisible();
  await expect(page.getByLabel("Story title")).toHaveValue("Harbour Lights");
  await expect(page.getByLabel("Story text")).toHaveValue(story);
  await expect(page.getByText("140 / 1000")).toBeVisible();
  await checkAll(page);
  await submitButton(page).click();
  await expect(page.getByTestId("toast")).toContainText("Your submission has been received!");
  expect((await submissionsOf(email)).map((r) => r.title)).toEqual(["Harbour Lights"]);
  // Sent, so no longer kept.
  await page.goto(`/contests/${FLASH}/enter`);
  await expect(page.getByLabel("Story title")).toHaveValue("");
  await expect(page.getByText("We kept your story")).toHaveCount(0);
});

test("keyboard only: from the contest page to a received entry", async ({ page }) => {
  const email = await newWriter(page, "keys");
  await page.goto(`/contests/${FLASH}`);
  await tabTo(page, page.getByRole("link", { name: "Submit Your Entry" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/contests/${FLASH}/enter$`));
  await tabTo(page, page.getByLabel("Story title"));
  await page.keyboard.type("Typed by Keys");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Story text")).toBeFocused();
  await page.keyboard.insertText(words(130, "key"));
  for (const c of CONFIRMATIONS) {
    await tabTo(page, page.getByLabel(c.label), 5);
    await page.keyboard.press("Space");
    await expect(page.getByLabel(c.label)).toBeChecked();
  }
  await tabTo(page, submitButton(page), 5);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("toast")).toContainText("Your submission has been received!");
  expect((await submissionsOf(email)).map((r) => [r.title, r.wordCount])).toEqual([
    ["Typed by Keys", 130],
  ]);
});

test("a 200-letter title without spaces does not widen the dashboard", async ({ page }) => {
  const email = await newWriter(page, "long");
  const title = "A".repeat(200);
  await page.goto(`/contests/${FLASH}/enter`);
  await page.getByLabel("Story title").fill(title);
  await page.getByLabel("Story text").fill(words(120));
  await checkAll(page);
  await submitButton(page).click();
  await expect(page.getByTestId("toast")).toContainText("Your submission has been received!");
  expect(await submissionsOf(email)).toHaveLength(1);
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const url of ["/dashboard", page.url()]) {
      await page.goto(url);
      await expect(page.getByRole("heading", { name: title }).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    }
  }
  await page.getByRole("link", { name: title }).first().click();
  // Wait for the entry's page: without JavaScript the click is a whole-page load.
  await expect(page).toHaveURL(/\/dashboard\/submissions\//);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
});
