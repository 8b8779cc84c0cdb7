import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Download, type Page } from "@playwright/test";
import { CONFIRMATIONS } from "../../app/features/entries/entry-schema";
import { createJudge } from "./judging-fixtures";
import {
  assignTo,
  createReadingContest,
  entryOf,
  typedEntry,
  unpublish,
} from "./reading-desk-fixtures";
import { pdfStory } from "../fixtures/reading-documents";
import { signIn, signUp, uniqueEmail } from "./utils";

/**
 * The judge's reading desk (docs/decisions/0034-reading-desk.md): a PDF sent through the entry
 * form is read in the page, beside the score, without any download; the text size is raised and
 * kept; the page passes axe and fits 320 px. With JavaScript on and off.
 */
const STORY = [
  "The lighthouse keeper counted ships the way other people counted sheep, one after another, until the sea went quiet and the lamp turned slowly above her small white room.",
  "Every evening she climbed the iron stairs with a kettle in one hand and a notebook in the other, and every evening she wrote down the names of the boats that passed the point.",
  "Some nights there were no boats at all. On those nights she wrote the names of the stars instead, and the names of her brothers, who had gone to sea and not written back.",
  "When the letter finally came it was short and smelled of salt. It said only that they were well, that the harbour was crowded, and that they could see her light from very far away.",
  "She read it twice by the lamp, folded it into her notebook between two lists of ships, and went on counting until morning turned the water grey and gold.",
];
const POEM_LINES = "Lamp on the rock,\nlamp on the water,\nkeep the light for me.";

const pressed = (page: Page, name: string) =>
  page.getByRole("button", { name: `Set the text size to ${name}`, exact: true });

test("a judge reads a PDF entry in the page, raises the text size and scores it, downloading nothing", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const contest = await createReadingContest(javaScriptEnabled ? "js" : "nojs");

  // An entrant sends the story as a PDF through the entry form.
  const writer = uniqueEmail("reader-entrant");
  await signUp(page, writer);
  await expect(page.getByTestId("toast")).toContainText("Account created!");
  await signIn(page, writer, "secret-pass");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/contests/${contest.slug}/enter`);
  await page.getByLabel("Story title").fill("The Keeper's Count");
  for (const c of CONFIRMATIONS) await page.getByLabel(c.label).check();
  await page.getByLabel("Or upload your story").setInputFiles({
    name: "keeper.pdf",
    mimeType: "application/pdf",
    buffer: await pdfStory([...STORY, POEM_LINES.replace(/\n/g, " ")]),
  });
  await page.getByRole("button", { name: /^Submit Entry/ }).click();
  await expect(page.getByTestId("toast")).toContainText("Your submission has been received!");
  const entry = await entryOf(contest, writer);
  expect(entry.filePath).toMatch(/\.pdf$/);
  await unpublish(contest);

  const judge = await createJudge("reading");
  await assignTo(contest, judge.email, [entry.id]);
  await page.context().clearCookies();
  const downloads: Download[] = [];
  page.on("download", (d) => downloads.push(d));
  await signIn(page, judge.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/judge/review/${entry.id}`);

  // The story's own words, paragraph after paragraph, in the page.
  const article = page.getByRole("article", { name: /The Keeper's Count/ });
  await expect(article).toBeVisible();
  const text = page.getByTestId("submission-text");
  for (const p of STORY) await expect(text).toContainText(p.slice(0, 60));
  // One <p> a paragraph, as the PDF laid them out (the story's five and the poem's line).
  await expect(text.locator("p")).toHaveCount(STORY.length + 1);
  await expect(text.locator("p").first()).toHaveText(STORY[0]);
  await expect(page.getByText("Read from the uploaded document.")).toBeVisible();
  // The original is still offered (layout as sent), never downloaded by reading.
  await expect(page.getByRole("link", { name: /^Download entry-.*\(the original/ })).toBeVisible();

  // The prompt and the guidelines, folded beside the text.
  const guidelines = page
    .locator("details")
    .filter({ hasText: "The prompt and judging guidelines" });
  await guidelines.getByText("The prompt and judging guidelines").click();
  await expect(guidelines.getByText(contest.prompt)).toBeVisible();
  await expect(guidelines.getByText("How well the story does voice and style.")).toBeVisible();
  await expect(guidelines.getByText("Stories must be the writer's own work.")).toBeVisible();

  // The text size: Standard to Large, kept for the next visit.
  await expect(pressed(page, "Standard")).toHaveAttribute("aria-pressed", "true");
  // The choice is kept once its post is answered (a reload before that keeps the old size).
  const saved = page.waitForResponse(
    (r) => r.url().includes("/preferences/reading") && r.request().method() === "POST",
  );
  await pressed(page, "Large").click();
  await saved;
  await expect(pressed(page, "Large")).toHaveAttribute("aria-pressed", "true");
  await expect(pressed(page, "Standard")).toHaveAttribute("aria-pressed", "false");
  await expect(text).toHaveAttribute("data-size", "large");
  await expect(page).toHaveURL(new RegExp(`/judge/review/${entry.id}$`));
  await page.reload();
  await expect(page.getByTestId("submission-text")).toHaveAttribute("data-size", "large");

  // 320 px: nothing scrolls sideways; and axe finds nothing serious.
  await page.setViewportSize({ width: 320, height: 640 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 900 });
  if (javaScriptEnabled) {
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target.join(" ")}`)).toEqual([]);
  }

  // The score, while the text is on the page.
  await page.getByLabel("Voice and style").fill("8");
  await page.getByLabel("Grammar and mechanics").fill("7");
  await page.getByLabel(/Comments/).fill("A quiet, steady story; the letter lands well.");
  await page.getByRole("button", { name: "Submit Score" }).click();
  await expect(page).toHaveURL(/\/judge$/);
  await expect(page.getByTestId("toast")).toContainText("Score saved");
  expect(downloads).toEqual([]);
});

test("the judge's reading place is kept per entry and offered, never jumped to", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the place is kept by the page's script; without it, nothing is");
  const contest = await createReadingContest("place");
  await unpublish(contest);
  const paragraphs = Array.from(
    { length: 40 },
    (_, i) => `Paragraph ${i + 1}. ${STORY[i % STORY.length]}`,
  );
  const id = await typedEntry(contest, paragraphs);
  const judge = await createJudge("place");
  await assignTo(contest, judge.email, [id]);
  await signIn(page, judge.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/judge/review/${id}`);
  await expect(page.locator("#p-39")).toBeVisible();
  await expect(page.getByRole("link", { name: /Continue where you stopped/ })).toHaveCount(0);
  await page.evaluate(() => document.getElementById("p-30")!.scrollIntoView({ block: "start" }));
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(localStorage).filter((k) => k.startsWith("inkwell:reading:")),
      ),
    )
    .toHaveLength(1);
  // Another account's place on this computer is forgotten when the page loads.
  await page.evaluate(() =>
    localStorage.setItem("inkwell:reading:someone-else:x", JSON.stringify({ p: 4 })),
  );
  // Back later (a new visit, not a reload the browser would restore the scroll of).
  await page.goto("/judge");
  await page.goto(`/judge/review/${id}`);
  const resume = page.getByRole("link", { name: /Continue where you stopped/ });
  await expect(resume).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(400);
  expect(
    await page.evaluate(() => localStorage.getItem("inkwell:reading:someone-else:x")),
  ).toBeNull();
  await resume.click();
  await expect(page.locator(":focus")).toHaveAttribute("id", /^p-(29|30|31)$/);
});
