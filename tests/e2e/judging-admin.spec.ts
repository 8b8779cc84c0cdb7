import { expect as baseExpect, test, type Page } from "@playwright/test";
import { assign, createJudge, createJudgingContest, submitScoreDirect } from "./judging-fixtures";
import { e2ePrisma } from "./db";
import { ADMIN, emailsTo, signIn, uniqueEmail } from "./utils";

// This machine is shared and often busy: allow slower answers than the default 7 s.
const expect = baseExpect.configure({ timeout: 15_000 });

async function signInAdmin(page: Page) {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test("disqualify asks for confirmation, removes unscored assignments, keeps scores, and can be undone", async ({
  page,
}) => {
  const fixture = await createJudgingContest("dq");
  const waiting = await createJudge("dq-waiting");
  const scored = await createJudge("dq-scored");
  const entry = fixture.entries[0];
  await assign(fixture, waiting.email, [entry.id]);
  await submitScoreDirect(fixture, scored.email, entry.id, 6, { voice: 6, mechanics: 6 });

  await signInAdmin(page);
  await page.goto(`/admin/submissions/${entry.id}`);
  await page.getByLabel("Reason").fill("The story names its author.");
  await page.getByRole("button", { name: "Disqualify submission" }).click();
  const confirm = page.getByTestId("disqualify-confirm");
  await expect(confirm).toContainText(`Disqualify "${entry.title}"?`);
  await expect(confirm).toContainText("1 unscored assignment is removed.");
  // Nothing has happened yet.
  const status = () =>
    e2ePrisma().submission.findUniqueOrThrow({ where: { id: entry.id }, select: { status: true } });
  expect((await status()).status).toBe("submitted");
  await confirm.getByRole("button", { name: "Yes, disqualify" }).click();
  await expect(page.getByTestId("toast")).toContainText("Submission disqualified");
  await expect(page.getByText("Reason: The story names its author.")).toBeVisible();

  const left = (
    await e2ePrisma().judgeAssignment.findMany({
      where: { submissionId: entry.id },
      select: { judge: { select: { email: true } }, score: { select: { submittedAt: true } } },
    })
  ).map((a) => ({ email: a.judge.email, submittedAt: a.score?.submittedAt ?? null }));
  expect(left.map((l) => l.email)).toEqual([scored.email]);
  expect(left[0].submittedAt).not.toBeNull();

  await page.goto(`/admin/assign?contest=${fixture.contestId}`);
  // The assignments table (the judges table above it lists the panel and who holds entries).
  const assignments = page.getByTestId("assignment-row");
  await expect(assignments.filter({ hasText: scored.email })).toHaveCount(1);
  await expect(assignments.filter({ hasText: waiting.email })).toHaveCount(0);

  await page.goto(`/admin/submissions/${entry.id}`);
  await page.getByRole("button", { name: "Reinstate" }).click();
  await expect(page.getByTestId("toast")).toContainText("Submission reinstated");
  expect((await status()).status).toBe("submitted");
  await expect(page.getByRole("button", { name: "Disqualify submission" })).toBeVisible();
});

test("the judges list shows invitation status and progress; Resend invitation sends a new link and the old one stops working", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("invitee");
  await signInAdmin(page);
  await page.goto("/admin/judges");
  await page.getByLabel("Name").fill("Ines Invitee");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Add Judge" }).click();
  await expect(page.getByTestId("toast")).toContainText("Judge added successfully");
  const row = page.getByRole("row", { name: new RegExp(email) });
  await expect(row).toContainText("Invited");
  await expect(row).toContainText("0 of 0 scored");

  // Progress counts the judge's assigned entries and submitted scores.
  const fixture = await createJudgingContest("progress");
  await assign(fixture, email, [fixture.entries[0].id, fixture.entries[1].id]);
  await submitScoreDirect(fixture, email, fixture.entries[0].id, 5);
  await page.reload();
  await expect(row).toContainText("1 of 2 scored");
  // The demo judge has set a password: active, nothing to resend.
  const demo = page.getByRole("row", { name: /judge@inkwell\.test/ });
  await expect(demo).toContainText("Active");
  await expect(demo.getByRole("button", { name: /Resend invitation/ })).toHaveCount(0);

  await row.getByRole("button", { name: `Resend invitation to ${email}` }).click();
  await expect(page.getByTestId("toast")).toContainText("Invitation sent");
  const mails = await emailsTo(email);
  expect(mails).toHaveLength(2);
  const link = (text: string) =>
    new URL(/https?:\/\/[^\s"<>]+\/set-password\/[A-Za-z0-9_-]+/.exec(text)![0]).pathname;

  await page.context().clearCookies();
  await page.goto(link(mails[0].text));
  await expect(
    page.getByText("This link is invalid, has already been used, or has expired."),
  ).toBeVisible();
  await page.goto(link(mails[1].text));
  await expect(page.getByText(`Choose a password for ${email}`)).toBeVisible();
});

test("one rounding rule on the overview, the entry page and the CSV; z-scores say how many scores they use", async ({
  page,
}) => {
  const fixture = await createJudgingContest("round");
  const [spread, once, alone] = [
    await createJudge("spread"),
    await createJudge("once"),
    await createJudge("alone"),
  ];
  const [e0, e1, e2] = fixture.entries;
  // e0: 7.22 and 7.23 → exact average 7.225 → 7.23.
  await submitScoreDirect(fixture, spread.email, e0.id, 7.22);
  await submitScoreDirect(fixture, once.email, e0.id, 7.23);
  await submitScoreDirect(fixture, spread.email, e1.id, 5);
  // e2's only judge has one score in the contest: no normalised average.
  await submitScoreDirect(fixture, alone.email, e2.id, 9.5);

  await signInAdmin(page);
  await page.goto(`/admin/scoring?contest=${fixture.contestId}`);
  const raw = page.getByRole("row", { name: new RegExp(e0.title) });
  await expect(raw.getByRole("cell").nth(3)).toHaveText("7.23");
  const csv = await page.request.get(`/admin/scoring/export?contest=${fixture.contestId}`);
  expect(await csv.text()).toContain(`${e0.id},${e0.title}`);
  const line = (await csv.text()).split("\n").find((l) => l.includes(e0.id))!;
  expect(line.trim().endsWith(",7.23")).toBe(true);

  await page.getByRole("link", { name: "Z-score normalised" }).click();
  await expect(page.getByRole("columnheader", { name: "Scores used" })).toBeVisible();
  const rows = page.getByRole("row");
  // The single 9.5 is not averaged raw among z values: e0 leads.
  await expect(rows.nth(1)).toContainText(e0.title);
  await expect(rows.nth(1).getByRole("cell").nth(0)).toHaveText("1");
  await expect(rows.nth(1).getByRole("cell").nth(4)).toHaveText("1 of 2");
  const none = page.getByRole("row", { name: new RegExp(e2.title) });
  await expect(none.getByRole("cell").nth(0)).toHaveText("—");
  await expect(none.getByRole("cell").nth(3)).toHaveText("— (no standardised score)");
  await expect(none.getByRole("cell").nth(4)).toHaveText("0 of 1");
  await expect(none.getByRole("cell").nth(5)).toHaveText("9.50");

  await page.goto(`/admin/scoring/${e0.id}`);
  await expect(page.getByText("Average Score:")).toContainText("7.23");
});
