import { expect as baseExpect, test, type Page } from "@playwright/test";
import { assign, createJudgingContest, removeStoredFile, seatPanel } from "./judging-fixtures";
import { e2ePrisma } from "./db";
import { ADMIN, JUDGE, emailsTo, signIn, uniqueEmail } from "./utils";

// This machine is shared and often busy: allow slower answers than the default 7 s.
const expect = baseExpect.configure({ timeout: 15_000 });

async function signOut(page: Page) {
  await page.context().clearCookies();
}

test("an admin recruits a judge, who sets a password, scores from the queue, and the ranking shows it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const fixture = await createJudgingContest("flow");
  const judgeEmail = uniqueEmail("judge");
  const judgeName = `Juniper Judge ${Date.now().toString(36)}`;

  // Admin adds the judge.
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/admin/judges");
  await expect(page.getByRole("heading", { name: "Manage Judges" })).toBeVisible();
  await page.getByLabel("Name").fill(judgeName);
  await page.getByLabel("Email").fill(judgeEmail);
  await page.getByRole("button", { name: "Add Judge" }).click();
  await expect(page.getByTestId("toast")).toContainText("Judge added successfully");
  await expect(page.getByRole("row", { name: new RegExp(judgeEmail) })).toContainText(judgeName);

  // A second add of the same person is refused with a message, not a 500.
  await page.getByLabel("Name").fill(judgeName);
  await page.getByLabel("Email").fill(judgeEmail);
  await page.getByRole("button", { name: "Add Judge" }).click();
  await expect(page.getByRole("alert")).toContainText("This person is already a judge");

  // The judge sets a password from the e-mailed one-time link: only then can they be assigned
  // (docs/decisions/0022-lifecycle-follows-the-public.md).
  await signOut(page);
  const mails = await emailsTo(judgeEmail);
  expect(mails).toHaveLength(1);
  const link = /https?:\/\/[^\s"<>]+\/set-password\/[A-Za-z0-9_-]+/.exec(mails[0].text)?.[0];
  expect(link, mails[0].text).toBeTruthy();
  await page.goto(new URL(link!).pathname);
  await expect(page.getByText(`Choose a password for ${judgeEmail}`)).toBeVisible();
  await page.getByLabel("New password").fill("judge-secret-1");
  await page.getByLabel("Repeat password").fill("judge-secret-2");
  await page.getByRole("button", { name: "Set Password" }).click();
  await expect(page.getByText("The passwords do not match")).toBeVisible();
  await page.getByLabel("New password").fill("judge-secret-1");
  await page.getByLabel("Repeat password").fill("judge-secret-1");
  await page.getByRole("button", { name: "Set Password" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId("toast")).toContainText("Password set");
  // The link works once.
  await page.goto(new URL(link!).pathname);
  await expect(
    page.getByText("This link is invalid, has already been used, or has expired."),
  ).toBeVisible();

  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  // Auto-assign the test contest: two judges per entry, so every judge of its panel (the new one
  // and the demo judge) gets each entry; judges that parallel tests create are not on the panel.
  await seatPanel(fixture, [judgeEmail, JUDGE]);
  await page.goto(`/admin/assign?contest=${fixture.contestId}`);
  await page.getByLabel("Judges per Submission").fill("2");
  await page.getByRole("button", { name: "Auto-Assign to Submissions" }).click();
  await expect(page.getByTestId("toast")).toContainText("Assignments created successfully");
  await expect(
    page.getByTestId("assignment-row").filter({ hasText: judgeEmail }).first(),
  ).toContainText("Submission");
  // Idempotent: a second run adds nothing.
  const db = e2ePrisma();
  const count = () => db.judgeAssignment.count({ where: { contestId: fixture.contestId } });
  const before = await count();
  await page.getByLabel("Judges per Submission").fill("2");
  await page.getByRole("button", { name: "Auto-Assign to Submissions" }).click();
  await expect(page.getByTestId("toast")).toContainText("nothing new was needed");
  expect(await count()).toBe(before);
  const judgeLoad = await db.judgeAssignment.count({
    where: {
      contestId: fixture.contestId,
      judge: { email: judgeEmail },
      submissionId: { not: null },
    },
  });
  expect(judgeLoad).toBe(3);

  await signOut(page);

  // The judge signs in and scores an entry from the queue.
  await signIn(page, judgeEmail, "judge-secret-1");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/judge");
  await expect(page.getByRole("heading", { name: "Your Review Queue" })).toBeVisible();
  const [first] = fixture.entries;
  const card = page.getByRole("listitem").filter({ hasText: first.title });
  await expect(card).toContainText("Pending");
  await expect(card).toContainText(fixture.title);
  await card.getByRole("link", { name: /Review Submission/ }).click();
  await expect(page).toHaveURL(new RegExp(`/judge/review/${first.id}$`));
  await expect(page.getByTestId("submission-text")).toContainText("A story about lanterns");
  await page.getByLabel("Voice and style").fill("8");
  await page.getByLabel("Grammar and mechanics").fill("6.5");
  // The rubric requires a comment for a final score.
  await page.getByRole("button", { name: "Submit Score" }).click();
  await expect(page.locator("#score-comment-error")).toHaveText(
    "A comment is required for this rubric (Grammar and mechanics)",
  );
  await page.getByLabel("Voice and style").fill("8");
  await page.getByLabel("Grammar and mechanics").fill("6.5");
  await page.getByLabel(/Comments/).fill("Strong images; watch the tense shifts.");
  await page.getByRole("button", { name: "Submit Score" }).click();
  await expect(page).toHaveURL(/\/judge$/);
  await expect(page.getByTestId("toast")).toContainText("Score saved");
  await expect(page.getByRole("listitem").filter({ hasText: first.title })).toContainText(
    "Scored · 7.25",
  );

  // View Score shows the saved score; saving again updates it, never a second row.
  await page
    .getByRole("listitem")
    .filter({ hasText: first.title })
    .getByRole("link", { name: /View Score/ })
    .click();
  await expect(page.getByTestId("weighted-total")).toHaveText("7.25");
  await expect(page.getByLabel("Voice and style")).toHaveValue("8");
  await page.getByLabel("Voice and style").fill("9");
  await page.getByRole("button", { name: "Submit Score" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: first.title })).toContainText(
    "Scored · 7.75",
  );
  const rows = await db.score.findMany({
    where: { submissionId: first.id, judge: { email: judgeEmail } },
    select: { total: true, submittedAt: true },
  });
  expect(rows).toHaveLength(1);
  expect(rows[0].total).toBe(7.75);
  expect(rows[0].submittedAt).not.toBeNull();
  const assigned = await db.judgeAssignment.count({ where: { submissionId: first.id } });

  // The admin sees the ranking and exports it.
  await signOut(page);
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/admin/scoring?contest=${fixture.contestId}`);
  await expect(page.getByRole("heading", { name: "Scoring Overview" })).toBeVisible();
  const rankRow = page.getByRole("row", { name: new RegExp(first.title) });
  await expect(rankRow.getByRole("cell").nth(0)).toHaveText("1");
  await expect(rankRow.getByRole("cell").nth(3)).toHaveText("7.75");
  await expect(rankRow.getByRole("cell").nth(2)).toHaveText(`1 / ${assigned}`);
  await page.getByRole("link", { name: "Z-score normalised" }).click();
  await expect(page.getByRole("columnheader", { name: "Average Score (raw)" })).toBeVisible();
  await page.getByRole("link", { name: first.title }).click();
  await expect(page.getByRole("heading", { name: first.title })).toBeVisible();
  await expect(page.getByText("Strong images; watch the tense shifts.")).toBeVisible();

  const csv = await page.request.get(`/admin/scoring/export?contest=${fixture.contestId}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const lines = (await csv.text()).trim().split("\n");
  expect(lines[0]).toContain("Rank,Submission ID,Title");
  expect(lines[1]).toContain(`1,${first.id},${first.title}`);
  expect(lines[1]).toContain("7.75");

  // Removing the judge takes the role and open assignments, never the submitted score.
  await page.goto("/admin/judges");
  const judgeRow = page.getByRole("row", { name: new RegExp(judgeEmail) });
  await judgeRow.getByText("Remove", { exact: true }).click();
  await judgeRow.getByRole("button", { name: "Remove judge" }).click();
  await expect(page.getByTestId("toast")).toContainText("Judge removed successfully");
  await expect(page.getByRole("row", { name: new RegExp(judgeEmail) })).toHaveCount(0);
  const left = (
    await db.judgeAssignment.findMany({
      where: { judge: { email: judgeEmail } },
      select: { submissionId: true, score: { select: { submittedAt: true } } },
    })
  ).map((a) => ({ id: a.submissionId, submittedAt: a.score?.submittedAt ?? null }));
  expect(left).toHaveLength(1);
  expect(left[0].id).toBe(first.id);
  expect(left[0].submittedAt).not.toBeNull();
});

test("a file the storage cannot deliver answers 'Download failed'", async ({ page }) => {
  const fixture = await createJudgingContest("nofile");
  const entry = fixture.entries[2];
  await removeStoredFile(fixture, entry.id);
  await assign(fixture, JUDGE, [entry.id]);
  await signIn(page, JUDGE);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/judge/review/${entry.id}`);
  await page.getByRole("link", { name: /^Download entry-/ }).click();
  await expect(page.getByTestId("toast")).toContainText("Download failed");
  await expect(page.getByTestId("toast")).toContainText("Could not download the file");
  await expect(page).toHaveURL(new RegExp(`/judge/review/${entry.id}$`));
});

test("autosave keeps a draft two seconds after the last change (JavaScript)", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(
    !javaScriptEnabled,
    "autosave needs JavaScript; without it, Save Draft and Submit Score post the form",
  );
  const fixture = await createJudgingContest("autosave");
  const entry = fixture.entries[1];
  await assign(fixture, JUDGE, [entry.id]);
  await signIn(page, JUDGE);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/judge/review/${entry.id}`);
  await page.getByLabel("Voice and style").fill("7");
  // Live total, two decimals.
  await expect(page.getByTestId("weighted-total")).toHaveText("3.50");
  await page.getByLabel("Grammar and mechanics").fill("4");
  await expect(page.getByTestId("weighted-total")).toHaveText("5.50");
  await expect(page.getByTestId("save-state")).toHaveText("Unsaved changes");
  await expect(page.getByTestId("save-state")).toHaveText("Saved", { timeout: 6000 });

  const db = e2ePrisma();
  const draft = () =>
    db.scoreDraft.findMany({
      where: { assignment: { submissionId: entry.id, judge: { email: JUDGE } } },
      select: { total: true, scores: true },
    });
  const submitted = () =>
    db.score.findMany({
      where: { submissionId: entry.id, judge: { email: JUDGE } },
      select: { total: true, submittedAt: true },
    });
  // A draft, kept apart: nothing counts yet.
  expect(await draft()).toEqual([
    { total: 5.5, scores: JSON.stringify({ voice: 7, mechanics: 4 }) },
  ]);
  expect(await submitted()).toEqual([]);

  // The draft survives a reload; the queue still says Pending.
  await page.reload();
  await expect(page.getByLabel("Voice and style")).toHaveValue("7");
  await expect(page.getByTestId("weighted-total")).toHaveText("5.50");
  await page.getByLabel(/Comments/).fill("Lovely rhythm.");
  await page.getByRole("button", { name: "Submit Score" }).click();
  await expect(page).toHaveURL(/\/judge$/);
  await expect(page.getByTestId("toast")).toContainText("Score saved");
  const rows = await submitted();
  expect(rows).toHaveLength(1);
  expect(rows[0].submittedAt).not.toBeNull();
  expect(await draft()).toEqual([]);
});

test("without JavaScript, Save Draft shows the server-computed total", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "the no-JavaScript path");
  const fixture = await createJudgingContest("draft");
  const entry = fixture.entries[0];
  await assign(fixture, JUDGE, [entry.id]);
  await signIn(page, JUDGE);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/judge/review/${entry.id}`);
  await expect(page.getByTestId("weighted-total")).toHaveText("0.00");
  await page.getByLabel("Voice and style").fill("9.5");
  await page.getByLabel("Grammar and mechanics").fill("3");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("Saved");
  await expect(page.getByTestId("weighted-total")).toHaveText("6.25");
  await page.goto("/judge");
  await expect(page.getByRole("listitem").filter({ hasText: entry.title })).toContainText(
    "Pending",
  );
});

test("scoring is refused outside the judging window", async ({ page }) => {
  const fixture = await createJudgingContest("closed", { judging: "closed" });
  const entry = fixture.entries[0];
  await assign(fixture, JUDGE, [entry.id]);
  await signIn(page, JUDGE);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/judge/review/${entry.id}`);
  await expect(page.getByText("Scoring is closed for this contest.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit Score" })).toBeDisabled();
  const res = await page.request.post(`/judge/review/${entry.id}`, {
    form: { intent: "submit", "scores.voice": "5", "scores.mechanics": "5", comment: "x" },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(403);
  expect(await e2ePrisma().score.count({ where: { submissionId: entry.id } })).toBe(0);
});

test("the admin screens show the spec's empty states and messages", async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  const empty = await createJudgingContest("empty");
  // Without a contest, the old page lists each contest's workspace (docs/decisions/0050).
  await page.goto("/admin/assign");
  await expect(
    page.getByRole("region", { name: "Each contest's judges are assigned in its workspace:" }),
  ).toBeVisible();
  await expect(
    page.locator(`a[href="/admin/contests/${empty.contestId}/assignments"]`),
  ).toHaveCount(1);
  await page.goto(`/admin/scoring?contest=${empty.contestId}`);
  await expect(page.getByText("No scores submitted yet")).toBeVisible();
  await page.goto(`/admin/assign?contest=${empty.contestId}`);
  await expect(page.getByText("No assignments yet")).toBeVisible();
  // 'Pre-Assign All Judges' invites every site judge to the contest's panel
  // (docs/decisions/0033-judging-panel.md): the demo judge is listed as invited until they accept.
  await page.getByRole("button", { name: "Pre-Assign All Judges" }).click();
  await expect(page.getByTestId("toast")).toContainText(
    "Judges pre-assigned to contest successfully",
  );
  await expect(page.getByRole("row", { name: /\(judge@inkwell\.test\)/ })).toContainText("Invited");
});
