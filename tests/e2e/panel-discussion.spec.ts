import { expect as baseExpect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { assign, createJudge, createJudgingContest, submitScoreDirect } from "./judging-fixtures";
import { e2ePrisma } from "./db";
import { ADMIN, signIn } from "./utils";

// Disagreements and messages (docs/decisions/0033-judging-panel.md): a spread is flagged and a
// fourth judge added from the panel; a message reaches every entrant once (the e-mail log).
const expect = baseExpect.configure({ timeout: 15_000 });

/** Seats these judges on the contest's panel as accepted (helper B writes the shared fixture). */
async function seatPanel(contestId: string, judgeIds: string[]) {
  const now = new Date();
  await e2ePrisma().panelMember.createMany({
    data: judgeIds.map((judgeId) => ({
      contestId,
      judgeId,
      status: "accepted",
      invitedAt: now,
      respondedAt: now,
      createdAt: now,
    })),
  });
}

test("a spread is flagged and a fourth judge added; a message reaches every entrant once", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const fixture = await createJudgingContest("panel");
  const judges = [];
  for (const i of [0, 1, 2, 3]) judges.push(await createJudge(`panel${i}`));
  await seatPanel(
    fixture.contestId,
    judges.map((j) => j.id),
  );
  const entry = fixture.entries[0]!;
  for (const j of judges.slice(0, 3)) await assign(fixture, j.email, [entry.id]);
  // Totals 9, 2 and 5 on a scale of 10: a spread of 7, more than a third.
  await submitScoreDirect(fixture, judges[0]!.email, entry.id, 9);
  await submitScoreDirect(fixture, judges[1]!.email, entry.id, 2);
  await submitScoreDirect(fixture, judges[2]!.email, entry.id, 5);

  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/admin/scoring?contest=${fixture.contestId}`);
  const row = page.getByRole("row", { name: new RegExp(entry.title) });
  await expect(row).toContainText("Judges disagree (spread 7 of 10)");
  await page.getByRole("link", { name: "Only disagreements (1)" }).click();
  await expect(page.getByRole("row", { name: new RegExp(fixture.entries[1]!.title) })).toHaveCount(
    0,
  );
  await page.getByRole("link", { name: entry.title }).click();
  await expect(page.getByRole("heading", { name: entry.title, level: 1 })).toBeVisible();
  await expect(page.getByText("Judges disagree (spread 7 of 10)")).toBeVisible();
  await page.getByRole("button", { name: "Add a judge" }).click();
  await expect(page.getByTestId("toast")).toContainText("Judge added");
  const on = await e2ePrisma().judgeAssignment.findMany({
    where: { submissionId: entry.id },
    select: { judgeId: true },
  });
  expect(on.map((a) => a.judgeId).sort()).toEqual(judges.map((j) => j.id).sort());

  // A note for the entry's judges.
  await page.getByLabel("Add a note").fill("Judges, you are far apart on this one.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByTestId("toast")).toContainText("Note added");
  await expect(page.getByRole("list", { name: "Notes" })).toContainText("Contest admin");

  // Write to entrants: preview first (nothing sent), then send.
  await page.goto(`/admin/contests/${fixture.contestId}/messages`);
  const subject = `Thanks for entering ${randomBytes(3).toString("hex")}`;
  await page.getByLabel("Subject").fill(subject);
  await page
    .getByLabel("Message", { exact: true })
    .fill("Judging has begun.\n\nResults come soon.");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("heading", { name: "Preview: 3 recipients" })).toBeVisible();
  await expect(page.getByTestId("message-preview")).toContainText("Results come soon.");
  const sentTo = async () =>
    (
      await e2ePrisma().emailLog.findMany({
        where: { template: "contest-message", subject: `${fixture.title}: ${subject}` },
        select: { to: true },
        orderBy: { to: "asc" },
      })
    ).map((r) => r.to);
  expect(await sentTo()).toEqual([]);
  await page.getByRole("button", { name: "Send to 3 people" }).click();
  await expect(page.getByTestId("toast")).toContainText("Message on its way");
  const everyone = fixture.entrants.map((e) => e.email).sort();
  await expect.poll(sentTo, { timeout: 30_000 }).toEqual(everyone);
  await page.reload();
  await expect(page.getByRole("row", { name: new RegExp(subject) })).toContainText("3 of 3");
  // Still once each a moment later.
  await page.waitForTimeout(1500);
  expect(await sentTo()).toEqual(everyone);
});
