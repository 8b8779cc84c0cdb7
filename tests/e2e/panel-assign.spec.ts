import { expect as baseExpect, test, type Page } from "@playwright/test";
import {
  addSchoolEntry,
  assign,
  createJudge,
  createJudgingContest,
  declareSchool,
  seatPanel,
} from "./judging-fixtures";
import { e2ePrisma } from "./db";
import { ADMIN, signIn } from "./utils";

// This machine is shared and often busy: allow slower answers than the default 7 s.
const expect = baseExpect.configure({ timeout: 15_000 });

async function signOut(page: Page) {
  await page.context().clearCookies();
}

// Auto-assign from the contest's panel and recusal (docs/decisions/0033-judging-panel.md), with
// JavaScript on and off: a judge who declared a school never gets that school's entries, and a
// judge who steps back from an entry is replaced at once.

test("auto-assign keeps a judge away from the entries of the school they declared", async ({
  page,
}) => {
  const fixture = await createJudgingContest("panel-school");
  const { entry: schoolEntry, school } = await addSchoolEntry(fixture);
  const judges = [
    await createJudge("school"),
    await createJudge("panel-b"),
    await createJudge("panel-c"),
  ];
  await declareSchool(judges[0].email, ` ${school.name.toLowerCase()} `);
  await seatPanel(
    fixture,
    judges.map((j) => j.email),
  );

  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/admin/assign?contest=${fixture.contestId}`);
  await page.getByLabel("Judges per Submission").fill("2");
  await page.getByRole("button", { name: "Auto-Assign to Submissions" }).click();
  await expect(page.getByTestId("toast")).toContainText("Assignments created successfully");

  const on = async (entryId: string) =>
    (
      await e2ePrisma().judgeAssignment.findMany({
        where: { submissionId: entryId },
        select: { judgeId: true },
      })
    ).map((r) => r.judgeId);
  expect(new Set(await on(schoolEntry.id))).toEqual(new Set([judges[1].id, judges[2].id]));
  for (const e of fixture.entries) expect(await on(e.id)).toHaveLength(2);

  // Three per entry cannot be met for the school's entry: refused, named, nothing written.
  await page.getByLabel("Judges per Submission").fill("3");
  await page.getByRole("button", { name: "Auto-Assign to Submissions" }).click();
  const short = page.getByTestId("assign-short");
  await expect(short).toContainText("1 entry cannot have 3 judges, so no judges were assigned.");
  await expect(short).toContainText(`“${schoolEntry.title}” needs 3 judges and can have only 2`);
  await expect(short).toContainText("1 has a conflict with it");
});

test("a judge steps back from an entry and another panel judge takes it", async ({ page }) => {
  const fixture = await createJudgingContest("panel-recuse");
  const judges = [
    await createJudge("recuse"),
    await createJudge("spare-b"),
    await createJudge("spare-c"),
  ];
  await seatPanel(
    fixture,
    judges.map((j) => j.email),
  );
  const [entry] = fixture.entries;
  await assign(fixture, judges[0].email, [entry.id]);

  // The demo judge's password (createJudge copies it).
  await signIn(page, judges[0].email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/judge/review/${entry.id}`);
  await expect(page.getByRole("heading", { name: entry.title, level: 1 })).toBeVisible();
  // No writer's identity anywhere on the screen.
  for (const e of fixture.entrants) await expect(page.getByText(e.displayName)).toHaveCount(0);
  await page.getByLabel("Why?").selectOption({ label: "I know the writer" });
  await page.getByRole("button", { name: "Step back from this entry" }).click();
  await expect(page).toHaveURL(/\/judge$/);
  await expect(page.getByTestId("toast")).toContainText("You have stepped back from this entry");
  await expect(page.getByRole("link", { name: entry.title })).toHaveCount(0);

  const db = e2ePrisma();
  const rec = await db.recusal.findFirstOrThrow({
    where: { submissionId: entry.id, judgeId: judges[0].id },
    select: { reason: true, replacementId: true },
  });
  expect(rec.reason).toBe("knows-writer");
  expect([judges[1].id, judges[2].id]).toContain(rec.replacementId);
  const replacement = rec.replacementId!;
  const on = await db.judgeAssignment.findMany({
    where: { submissionId: entry.id },
    select: { judgeId: true },
  });
  expect(on.map((r) => r.judgeId)).toEqual([replacement]);
  await signOut(page);

  // The admin sees the recusal on the entry's page.
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/admin/submissions/${entry.id}`);
  const list = page.getByTestId("recusals");
  await expect(list).toContainText("Judge recuse stepped back (I know the writer).");
  await expect(list).toContainText(
    `Judge ${replacement === judges[1].id ? "spare-b" : "spare-c"} took their place.`,
  );
});
