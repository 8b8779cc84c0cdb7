import { expect, test, type Locator, type Page } from "@playwright/test";
import { createComparisonContest } from "./comparison-desk-fixtures";
import { e2ePrisma } from "./db";
import { signIn } from "./utils";

/**
 * The judge's comparison desk (docs/decisions/0056-comparison-rounds.md), with JavaScript on and
 * off: the keyboard alone chooses the better piece, writes a note for a piece and presses Next;
 * the choice is stored and a new pair is shown; at 320 px the two pieces read one after the
 * other. The contest, its round, its entries and its judge are the spec's own.
 */

/** Presses Tab until the element has the focus (keyboard only; fails after 80 presses). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

const pending = (judgeId: string, roundId: string) =>
  e2ePrisma().comparison.findFirstOrThrow({
    where: { roundId, judgeId, decidedAt: null },
    select: { id: true, entryAId: true, entryBId: true, pairKey: true },
  });

test("a judge compares two pieces with the keyboard only; the choice is kept and a new pair comes", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const contest = await createComparisonContest(javaScriptEnabled ? "js" : "nojs");
  const title = new Map(contest.entries.map((e) => [e.id, e.title]));
  await signIn(page, contest.judge.email);
  // Password hashing on a loaded machine may take a while.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await page.goto(`/judge/compare/${contest.id}`);
  await expect(page.getByRole("heading", { name: "Compare two entries" })).toBeVisible();

  const first = await pending(contest.judge.id, contest.roundId);
  const question = page.getByRole("group", { name: "Which is the better piece of writing?" });
  await expect(question.getByLabel(`Piece A: ${title.get(first.entryAId)}`)).toBeVisible();
  await expect(question.getByLabel(`Piece B: ${title.get(first.entryBId)}`)).toBeVisible();
  // Both texts are in the page.
  for (const id of [first.entryAId, first.entryBId])
    await expect(page.getByRole("article", { name: title.get(id) })).toBeVisible();

  // Keyboard only: Tab into the question, the arrow key chooses piece B, Tab to piece A's note,
  // type it, Tab on to Next, Enter.
  const pieceA = question.getByRole("radio", { name: /^Piece A/ });
  await tabTo(page, pieceA);
  await page.keyboard.press("ArrowDown");
  await expect(question.getByRole("radio", { name: /^Piece B/ })).toBeChecked();
  const noteA = page.getByLabel("A note for the writer of piece A (optional)");
  await tabTo(page, noteA);
  await page.keyboard.type("A strong opening; the ending came too fast.");
  const next = page.getByRole("button", { name: "Next", exact: true });
  await tabTo(page, next);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("toast")).toContainText("Choice saved");
  await expect(page.getByText("1 comparison made")).toBeVisible();

  const stored = await e2ePrisma().comparison.findUniqueOrThrow({
    where: { id: first.id },
    select: { winnerId: true, noteA: true, noteB: true, decidedAt: true, openKey: true },
  });
  expect(stored).toMatchObject({
    winnerId: first.entryBId,
    noteA: "A strong opening; the ending came too fast.",
    noteB: null,
    openKey: null,
  });
  expect(stored.decidedAt).not.toBeNull();

  // A new pair, never the one just judged, is shown.
  const second = await pending(contest.judge.id, contest.roundId);
  expect(second.pairKey).not.toBe(first.pairKey);
  await expect(question.getByLabel(`Piece A: ${title.get(second.entryAId)}`)).toBeVisible();
  await expect(question.getByLabel(`Piece B: ${title.get(second.entryBId)}`)).toBeVisible();
  // The new pair starts afresh: no choice, no note carried over from the last pair.
  await expect(question.getByRole("radio", { name: /^Piece B/ })).not.toBeChecked();
  await expect(noteA).toHaveValue("");

  // At 320 px the pieces read one after the other, nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 640 });
  await page.reload();
  const a = page.getByRole("article", { name: title.get(second.entryAId) });
  const b = page.getByRole("article", { name: title.get(second.entryBId) });
  await a.scrollIntoViewIfNeeded();
  await expect(a).toBeVisible();
  await b.scrollIntoViewIfNeeded();
  await expect(b).toBeVisible();
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  expect(boxA!.width).toBeLessThanOrEqual(320);
  expect(boxB!.width).toBeLessThanOrEqual(320);
  // B starts below the end of A (scroll positions differ: compare in page coordinates).
  const tops = await page.evaluate(
    ([ta, tb]) =>
      [ta, tb].map((t) => {
        const el = [...document.querySelectorAll("article")].find((x) =>
          x.textContent?.includes(t!),
        )!;
        const r = el.getBoundingClientRect();
        return { top: r.top + window.scrollY, bottom: r.bottom + window.scrollY };
      }),
    [title.get(second.entryAId), title.get(second.entryBId)],
  );
  expect(tops[1]!.top).toBeGreaterThanOrEqual(tops[0]!.bottom);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
