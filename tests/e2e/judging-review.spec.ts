import { expect as baseExpect, test, type Locator, type Page } from "@playwright/test";
import { assign, createJudge, createJudgingContest, submitScoreDirect } from "./judging-fixtures";
import { e2ePrisma } from "./db";
import { ADMIN, signIn } from "./utils";

// This machine is shared and often busy: allow slower answers than the default 7 s.
const expect = baseExpect.configure({ timeout: 15_000 });

async function signInAs(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function scoreRow(entryId: string, judgeEmail: string) {
  const db = e2ePrisma();
  const score =
    (await db.score.findFirst({
      where: { submissionId: entryId, judge: { email: judgeEmail } },
      select: { id: true, total: true, scores: true },
    })) ?? undefined;
  const drafts = await db.scoreDraft.count({
    where: { assignment: { submissionId: entryId, judge: { email: judgeEmail } } },
  });
  const history = score ? await db.scoreHistory.count({ where: { scoreId: score.id } }) : 0;
  return { score, drafts, history };
}

test("a draft never changes a submitted score; the page says so, Discard undoes it, Submit keeps a history", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(60_000);
  const fixture = await createJudgingContest("draft-apart");
  const judge = await createJudge("draft");
  const entry = fixture.entries[0];
  await assign(fixture, judge.email, [entry.id]);
  await submitScoreDirect(fixture, judge.email, entry.id, 7.25, { voice: 8, mechanics: 6.5 });

  await signInAs(page, judge.email);
  await page.goto(`/judge/review/${entry.id}`);
  await expect(page.getByLabel("Voice and style")).toHaveValue("8");
  await expect(page.getByTestId("weighted-total")).toHaveText("7.25");
  await page.getByLabel("Voice and style").fill("2");
  if (javaScriptEnabled) {
    // Autosave, two seconds later: a draft only.
    await expect(page.getByTestId("save-state")).toHaveText("Draft saved (not submitted)");
  } else {
    await page.getByRole("button", { name: "Save Draft" }).click();
    await expect(page.getByTestId("save-state")).toHaveText("Draft saved (not submitted)");
  }
  await expect(page.getByText("You have unsubmitted changes")).toBeVisible();
  await expect(page.getByTestId("weighted-total")).toHaveText("4.25");
  expect(await scoreRow(entry.id, judge.email)).toMatchObject({
    score: { total: 7.25 },
    drafts: 1,
  });

  // The draft is still there on the next visit, and still marked as not submitted.
  await page.goto(`/judge/review/${entry.id}`);
  await expect(page.getByLabel("Voice and style")).toHaveValue("2");
  await expect(page.getByText("You have unsubmitted changes")).toBeVisible();
  await page.goto("/judge");
  await expect(page.getByRole("listitem").filter({ hasText: entry.title })).toContainText(
    "Scored · 7.25",
  );
  await expect(page.getByRole("listitem").filter({ hasText: entry.title })).toContainText(
    "Unsubmitted changes",
  );

  // Discard: back to the submitted values.
  await page.goto(`/judge/review/${entry.id}`);
  await page.getByRole("button", { name: "Discard changes" }).click();
  await expect(page.getByTestId("toast")).toContainText("Changes discarded");
  await expect(page.getByLabel("Voice and style")).toHaveValue("8");
  await expect(page.getByText("You have unsubmitted changes")).toHaveCount(0);
  expect(await scoreRow(entry.id, judge.email)).toMatchObject({
    score: { total: 7.25 },
    drafts: 0,
  });

  // Submit Score changes it and keeps the change.
  await page.getByLabel("Voice and style").fill("9");
  await page.getByLabel(/Comments/).fill("Reread: stronger than I thought.");
  await page.getByRole("button", { name: "Submit Score" }).click();
  await expect(page).toHaveURL(/\/judge$/);
  await expect(page.getByRole("listitem").filter({ hasText: entry.title })).toContainText(
    "Scored · 7.75",
  );
  expect(await scoreRow(entry.id, judge.email)).toMatchObject({
    score: { total: 7.75 },
    drafts: 0,
    history: 1,
  });

  await page.context().clearCookies();
  await signInAs(page, ADMIN);
  await page.goto(`/admin/scoring/${entry.id}`);
  const history = page.getByTestId("score-history");
  await expect(history).toContainText(judge.email);
  await expect(history.getByRole("row").nth(1)).toContainText("7.25");
  await expect(history.getByRole("row").nth(1)).toContainText("7.75");
});

test("a refused Submit Score keeps every typed value, lists every error in an alert and focuses the first invalid field", async ({
  page,
}) => {
  const fixture = await createJudgingContest("refused");
  const judge = await createJudge("refused");
  const entry = fixture.entries[1];
  await assign(fixture, judge.email, [entry.id]);
  await signInAs(page, judge.email);
  await page.goto(`/judge/review/${entry.id}`);

  await page.getByLabel("Voice and style").fill("8");
  const submit = page.getByRole("button", { name: "Submit Score" });
  await submit.click();
  const alert = page.getByTestId("score-errors");
  await expect(alert).toHaveAttribute("role", "alert");
  await expect(alert).toContainText("The score was not submitted");
  await expect(alert).toContainText("Grammar and mechanics: Enter a score");
  await expect(alert).toContainText(
    "Comments: A comment is required for this rubric (Grammar and mechanics)",
  );
  // Blank is not 0, and nothing typed is lost.
  await expect(page.getByLabel("Voice and style")).toHaveValue("8");
  await expect(page.getByLabel("Grammar and mechanics")).toBeFocused();
  await expect(page.getByLabel("Grammar and mechanics")).toHaveAttribute("aria-invalid", "true");
  await expect(submit).toBeEnabled();
  expect((await scoreRow(entry.id, judge.email)).score).toBeUndefined();

  await page.getByLabel(/Comments/).fill("Good pacing.");
  await submit.click();
  await expect(page.getByLabel("Voice and style")).toHaveValue("8");
  await expect(page.getByLabel(/Comments/)).toHaveValue("Good pacing.");
  await expect(alert).not.toContainText("Comments:");
  await expect(page.getByLabel("Grammar and mechanics")).toBeFocused();

  await page.getByLabel("Grammar and mechanics").fill("6");
  await submit.click();
  await expect(page).toHaveURL(/\/judge$/);
  await expect(page.getByRole("listitem").filter({ hasText: entry.title })).toContainText(
    "Scored · 7.00",
  );
});

test("with JavaScript, a corrected form that saves no longer shows the old error", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the stale error came from the JavaScript save path");
  const fixture = await createJudgingContest("stale");
  const judge = await createJudge("stale");
  const entry = fixture.entries[0];
  await assign(fixture, judge.email, [entry.id]);
  await signInAs(page, judge.email);
  await page.goto(`/judge/review/${entry.id}`);
  await page.getByLabel("Voice and style").fill("5");
  await page.getByRole("button", { name: "Submit Score" }).click();
  await expect(page.getByTestId("score-errors")).toContainText("Enter a score");
  await expect(page.locator("#score-mechanics-error")).toBeVisible();

  await page.getByLabel("Grammar and mechanics").fill("4");
  await page.getByLabel(/Comments/).fill("Fixed.");
  await expect(page.getByTestId("save-state")).toHaveText("Saved");
  await expect(page.getByTestId("score-errors")).toHaveCount(0);
  await expect(page.locator("#score-mechanics-error")).toHaveCount(0);
  await expect(page.getByLabel("Grammar and mechanics")).not.toHaveAttribute("aria-invalid");
  await expect(page.getByLabel("Grammar and mechanics")).toHaveValue("4");
});

test("the queue lists pending entries first with how many are left; Save and next opens the next one", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const fixture = await createJudgingContest("next");
  const judge = await createJudge("next");
  const [first, second, third] = fixture.entries;
  await assign(fixture, judge.email, [first.id, second.id, third.id]);
  await submitScoreDirect(fixture, judge.email, first.id, 6, { voice: 6, mechanics: 6 });

  await signInAs(page, judge.email);
  await page.goto("/judge");
  await expect(page.getByTestId("queue-left")).toHaveText("2 left");
  const items = page.getByRole("listitem");
  await expect(items).toHaveCount(3);
  // Both pending entries come before the scored one (their own order: due date, then assignment).
  const top = `${await items.nth(0).textContent()} ${await items.nth(1).textContent()}`;
  expect(top).toContain(second.title);
  expect(top).toContain(third.title);
  expect(top).not.toContain(first.title);
  await expect(items.nth(2)).toContainText(first.title);
  await expect(items.nth(2)).toContainText("Scored · 6.00");
  const [open, next] = (await items.nth(0).textContent())!.includes(second.title)
    ? [second, third]
    : [third, second];

  await items
    .nth(0)
    .getByRole("link", { name: /Review Submission/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/judge/review/${open.id}$`));
  await page.getByLabel("Voice and style").fill("7");
  await page.getByLabel("Grammar and mechanics").fill("7");
  await page.getByLabel(/Comments/).fill("Next!");
  await page.getByRole("button", { name: "Save and next" }).click();
  await expect(page).toHaveURL(new RegExp(`/judge/review/${next.id}$`));
  await expect(page.getByTestId("toast")).toContainText("Score saved");
  // A fresh form for the next entry, nothing carried over from the last one.
  await expect(page.getByLabel("Voice and style")).toHaveValue("");
  await expect(page.getByLabel(/Comments/)).toHaveValue("");

  await page.getByLabel("Voice and style").fill("5");
  await page.getByLabel("Grammar and mechanics").fill("5");
  await page.getByLabel(/Comments/).fill("Last one.");
  await page.getByRole("button", { name: "Save and next" }).click();
  await expect(page).toHaveURL(/\/judge$/);
  await expect(page.getByTestId("toast")).toContainText(
    "That was the last entry waiting for your score.",
  );
  await expect(page.getByTestId("queue-left")).toHaveText("All scored: nothing left");
});

/** Presses Tab until `target` has focus (fails when it is not reachable by keyboard). */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Not reachable with Tab: ${target}`);
}

test("keyboard only: a judge signs in, opens the queue, scores an entry and submits", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const fixture = await createJudgingContest("keys");
  const judge = await createJudge("keys");
  const entry = fixture.entries[0];
  await assign(fixture, judge.email, [entry.id]);

  await page.goto("/login");
  await tabTo(page, page.getByLabel("Email"));
  await page.keyboard.type(judge.email);
  await tabTo(page, page.getByLabel("Password"));
  await page.keyboard.type("inkwell-demo");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard$/);

  await tabTo(page, page.getByRole("link", { name: "Open Judge Portal" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/judge$/);
  await expect(page.getByTestId("queue-left")).toHaveText("1 left");

  await tabTo(page, page.getByRole("link", { name: `Review Submission: ${entry.title}` }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/judge/review/${entry.id}$`));

  await tabTo(page, page.getByLabel("Voice and style"));
  await page.keyboard.type("8");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Grammar and mechanics")).toBeFocused();
  await page.keyboard.type("6.5");
  // A refused submit (no comment yet) puts focus where the fix is needed.
  await tabTo(page, page.getByRole("button", { name: "Submit Score" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: "Comments:" })).toBeVisible();
  await expect(page.getByLabel(/Comments/)).toBeFocused();
  await page.keyboard.type("Vivid and careful. Well done.");
  await tabTo(page, page.getByRole("button", { name: "Submit Score" }));
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/judge$/);
  await expect(page.getByTestId("toast")).toContainText("Score saved");
  await expect(page.getByRole("listitem").filter({ hasText: entry.title })).toContainText(
    "Scored · 7.25",
  );
  await expect(page.getByTestId("queue-left")).toHaveText("All scored: nothing left");
});
