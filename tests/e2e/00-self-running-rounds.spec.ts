import { expect, test, type Browser, type Page } from "@playwright/test";
import { CONFIRMATIONS } from "../../app/features/entries/entry-schema";
import { createJudge, seatPanel, submitScoreDirect } from "./judging-fixtures";
import { MINUTE, createSelfRunningContest, local, nextClose } from "./self-running-contest";
import { e2ePrisma } from "./db";
import { contestIdOf } from "./fixtures/contests";
import { ADMIN, DEMO_PASSWORD, signIn, signUp, uniqueEmail } from "./utils";

/**
 * A contest run the way a national youth contest is (docs/decisions/0032-divisions-and-rounds.md),
 * set up once by the admin and then left alone: two divisions by grade, a first round and a final
 * round whose dates are minutes apart. Writers of both divisions enter; the first round is scored;
 * the shortlist (the top entry of each division) goes on by itself at the round's close; the final
 * round's judge scores it through the review page; the results step publishes winners per
 * division. With JavaScript on and off (every form posts without it). Named to sort first: it
 * waits about eight minutes on real dates, mostly idle, so started first it overlaps the other
 * specs instead of running alone at the end of the suite. Its contest is open for submissions only
 * in its first few minutes; specs that read "closing soon" lists allow for such a contest.
 */
test.describe.configure({ mode: "parallel" });

const WORDS = (n: number) => Array(n).fill("word").join(" ");

async function entries(slug: string) {
  const rows = await e2ePrisma().submission.findMany({
    where: { contest: { slug } },
    orderBy: { createdAt: "asc" },
    select: { id: true, title: true, division: { select: { name: true } } },
  });
  return rows.map((r) => ({ id: r.id, title: r.title, division: r.division?.name ?? null }));
}

async function assignedIn(slug: string, round: number) {
  const rows = await e2ePrisma().judgeAssignment.findMany({
    where: { contest: { slug }, round, submissionId: { not: null } },
    select: { judge: { select: { email: true } }, submissionId: true },
  });
  return rows.map((a) => ({ judge: a.judge.email, entry: a.submissionId! }));
}

/** A new writer in a grade: signs up (aged 13 or more: no parent needed), sets the grade. */
async function newWriter(browser: Browser, grade: number) {
  const page = await (await browser.newContext()).newPage();
  const email = uniqueEmail(`grade${grade}`);
  await signUp(page, email, "secret-pass", "2012-02-02");
  await expect(page.getByText("Account created!")).toBeVisible();
  await signIn(page, email, "secret-pass");
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await page.goto("/account");
  await page.getByLabel("School grade").selectOption(String(grade));
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();
  return page;
}

async function enter(page: Page, slug: string, title: string, division: string) {
  await page.goto(`/contests/${slug}/enter`);
  await expect(page.locator("p", { hasText: "Your division:" })).toContainText(division);
  await page.getByLabel("Story title").fill(title);
  await page.getByLabel("Story text").fill(WORDS(520));
  for (const c of CONFIRMATIONS) await page.getByLabel(c.label).check();
  await page.getByRole("button", { name: /^Submit Entry/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function score(page: Page, title: string, points: string) {
  await page.goto("/judge");
  await page.getByRole("link", { name: title }).click();
  for (const label of [
    "Voice and style",
    "Structure",
    "Use of the prompt",
    "Grammar and mechanics",
  ])
    await page.getByLabel(label).fill(points);
  await page.getByLabel(/Comments/).fill("A strong, clear voice. Keep going.");
  await page.getByRole("button", { name: "Submit Score" }).click();
  await expect(page).toHaveURL(/\/judge$/);
  await expect(page.getByText("Score saved")).toBeVisible();
}

test("two divisions and two rounds run themselves to winners per division", async ({
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(720_000);
  const tag = `${javaScriptEnabled ? "js" : "nojs"}-${Date.now().toString(36)}`;
  const slug = `e2e-rounds-${tag}`;
  const title = `National prize ${tag}`;
  // Submissions close three to four minutes away (time to set up and enter); round 1 runs two
  // minutes from the close, round 2 the next two, results a minute after.
  const close = nextClose() + 2 * MINUTE;
  const r1 = [close, close + 2 * MINUTE];
  const r2 = [close + 2 * MINUTE, close + 4 * MINUTE];
  const results = close + 5 * MINUTE;
  const first = { ...(await createJudge(`r1-${tag}`)), name: `Judge r1-${tag}` };
  const final = { ...(await createJudge(`r2-${tag}`)), name: `Judge r2-${tag}` };

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, ADMIN);
  await expect(admin).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await createSelfRunningContest(admin, {
    slug,
    title,
    description: "A contest in two divisions and two rounds.",
    close,
    judgingClose: r2[1],
    resultsAt: results,
    judgesPerSubmission: 1,
    prompt: { title: "A bridge", text: "Write about a bridge nobody else can see." },
  });
  const id = await contestIdOf(slug);
  // Both round judges sit on the contest's panel: round pools draw on it (docs/decisions/0033-judging-panel.md).
  await seatPanel({ contestId: id }, [first.email, final.email]);

  // Two divisions by grade.
  await admin.goto(`/admin/contests/${id}/divisions`);
  for (const [i, [name, min, max]] of (
    [
      ["Grades 6-8", "6", "8"],
      ["Grades 9-12", "9", "12"],
    ] as const
  ).entries()) {
    const add = admin.locator("form", {
      has: admin.getByRole("button", { name: "Add division" }),
    });
    await add.getByLabel("Name").fill(name);
    await add.getByLabel("By school grade").check();
    await add.getByLabel("From").fill(min);
    await add.getByLabel("To").fill(max);
    await add.getByRole("button", { name: "Add division" }).click();
    await expect(admin.getByText(`${i + 1}. ${name}`)).toBeVisible();
  }

  // Two rounds: one judge each, the top entry of each division goes on.
  await admin.goto(`/admin/contests/${id}/rounds`);
  await admin.getByLabel("Number of rounds").selectOption("2");
  const round = (n: number) => admin.getByRole("group", { name: `Round ${n}`, exact: true });
  for (const [n, name, [open, shut], judge] of [
    [1, "First read", r1, first],
    [2, "Final round", r2, final],
  ] as const) {
    await round(n).getByLabel("Name", { exact: true }).fill(name);
    await round(n).getByLabel("Judging opens").fill(local(open));
    await round(n).getByLabel("Judging closes").fill(local(shut));
    await round(n).getByLabel("Judges per entry").fill("1");
    await round(n).getByLabel(judge.name, { exact: true }).check();
  }
  await round(1)
    .getByLabel(/Who goes on/)
    .selectOption("top");
  await round(1).getByLabel("N or X").fill("1");
  await admin.getByRole("button", { name: "Save Rounds" }).click();
  await expect(admin.getByText("Rounds saved")).toBeVisible();

  // Writers of both divisions enter; each form names the writer's division.
  const writers = [
    [7, "Grades 6-8", `Seven ${tag}`],
    [8, "Grades 6-8", `Eight ${tag}`],
    [10, "Grades 9-12", `Ten ${tag}`],
    [11, "Grades 9-12", `Eleven ${tag}`],
  ] as const;
  const pages: Page[] = [];
  for (const [grade, division, story] of writers) {
    const page = await newWriter(browser, grade);
    await enter(page, slug, story, division);
    pages.push(page);
  }
  expect(Date.now()).toBeLessThan(close);
  expect((await entries(slug)).map((e) => e.division)).toEqual([
    "Grades 6-8",
    "Grades 6-8",
    "Grades 9-12",
    "Grades 9-12",
  ]);

  // Round 1 opens at the close: its judge is given every entry; their scores (written directly,
  // the review page is exercised in round 2) put the 8th-grader and the 11th-grader on top.
  await expect.poll(async () => (await assignedIn(slug, 1)).length, { timeout: 240_000 }).toBe(4);
  const byTitle = new Map((await entries(slug)).map((e) => [e.title, e.id]));
  for (const [story, total] of [
    [`Seven ${tag}`, 5],
    [`Eight ${tag}`, 8],
    [`Ten ${tag}`, 6],
    [`Eleven ${tag}`, 9],
  ] as const)
    await submitScoreDirect({ contestId: id } as never, first.email, byTitle.get(story)!, total);

  // At round 1's close the shortlist goes on by itself and round 2's judge gets exactly it.
  await expect
    .poll(async () => (await assignedIn(slug, 2)).map((a) => a.entry).sort(), { timeout: 240_000 })
    .toEqual([byTitle.get(`Eight ${tag}`)!, byTitle.get(`Eleven ${tag}`)!].sort());
  expect((await assignedIn(slug, 2)).every((a) => a.judge === final.email)).toBe(true);

  // The final round's judge scores both on the review page.
  const judge = await (await browser.newContext()).newPage();
  await signIn(judge, final.email, DEMO_PASSWORD);
  await expect(judge).toHaveURL(/\/(dashboard|judge)$/, { timeout: 20_000 });
  await score(judge, `Eight ${tag}`, "7");
  await score(judge, `Eleven ${tag}`, "9");

  // Results come out after the last round: winners per division on the public page.
  const visitor = await (await browser.newContext()).newPage();
  await expect(async () => {
    await visitor.goto(`/contests/${slug}/results`);
    await expect(visitor.getByRole("heading", { name: "Grades 6-8" })).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 240_000, intervals: [3000] });
  const junior = visitor.getByRole("region", { name: "Grades 6-8" });
  const senior = visitor.getByRole("region", { name: "Grades 9-12" });
  await expect(junior).toContainText(`Eight ${tag}`);
  await expect(junior).toContainText("1st place");
  await expect(senior).toContainText(`Eleven ${tag}`);
  await expect(senior).toContainText("1st place");
  await expect(junior).not.toContainText(`Seven ${tag}`);

  // The 8th-grader's own entry says how far it went, now that results are out.
  await pages[1].goto("/dashboard");
  await pages[1].getByRole("link", { name: `Eight ${tag}` }).click();
  await expect(pages[1].getByText("Advanced to the final round")).toBeVisible();
  await expect(pages[1].getByText("1st place, Grades 6-8")).toBeVisible();
});
