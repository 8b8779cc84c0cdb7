import { expect, test } from "@playwright/test";
import { CONFIRMATIONS } from "../../app/features/entries/entry-schema";
import { createSelfRunningContest, nextClose, seatPanelThroughSite } from "./self-running-contest";
import { e2ePrisma } from "./db";
import { ADMIN, DEMO_PASSWORD, ENTRANT, emailsTo, signIn } from "./utils";

// A contest left alone after publishing runs itself: the embedded scheduler (every 500 ms in the
// e2e server) closes it and assigns and e-mails the judges when judging opens, with no admin
// click. The dates are whole minutes (the form's precision), so judging opens within two minutes.
test.skip(
  ({ javaScriptEnabled }) => !javaScriptEnabled,
  "one long run is enough; forms are no-JS tested elsewhere",
);

async function assignedJudges(slug: string) {
  const rows = await e2ePrisma().judgeAssignment.findMany({
    where: { contest: { slug }, submissionId: { not: null } },
    distinct: ["judgeId"],
    select: { judge: { select: { email: true } } },
  });
  return rows.map((a) => ({ email: a.judge.email }));
}

test("a published contest closes and assigns its judges on its own", async ({ browser }) => {
  test.setTimeout(300_000);
  const slug = `e2e-flow-${Date.now().toString(36)}`;
  const title = `Self-running ${slug}`;
  const now = Date.now();
  // Two to three minutes away: time to seat the panel before judging opens.
  const close = nextClose(now + 60_000);

  // The admin creates the contest, published, with the judging window opening at the close.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, ADMIN);
  await expect(admin).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await createSelfRunningContest(admin, {
    slug,
    title,
    description: "A contest that runs itself.",
    close,
    judgesPerSubmission: 2,
    prompt: { title: "A door opens", text: "Write about a door that should have stayed closed." },
  });
  // Its panel: two demo judges accept (only the panel is assigned, docs/decisions/0033-judging-panel.md).
  await seatPanelThroughSite(admin, async () => (await browser.newContext()).newPage(), {
    title,
    judges: ["judge@inkwell.test", "judge2@inkwell.test"],
    password: DEMO_PASSWORD,
  });

  // An entrant enters while it is open.
  const entrant = await (await browser.newContext()).newPage();
  await signIn(entrant, ENTRANT);
  await expect(entrant).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await entrant.goto(`/contests/${slug}/enter`);
  await entrant.getByLabel("Story title").fill("The Door at the End of the Hall");
  await entrant.getByLabel("Story text").fill(Array(600).fill("word").join(" "));
  for (const c of CONFIRMATIONS) await entrant.getByLabel(c.label).check();
  await entrant.getByRole("button", { name: /^Submit Entry/ }).click();
  await expect(entrant).toHaveURL(/\/dashboard$/);
  expect(Date.now()).toBeLessThan(close); // entered inside the window

  // The Workflows page (linked from the admin home) shows the steps; nobody clicks anything.
  await admin.goto("/admin");
  await admin.getByRole("link", { name: "Workflows" }).first().click();
  await expect(admin).toHaveURL(/\/admin\/workflows$/);
  const card = admin.getByRole("region", { name: title });
  await expect(card.locator('tr[data-step="open"]')).toContainText("Done", { timeout: 20_000 });
  await expect(async () => {
    await admin.reload();
    await expect(card.locator('tr[data-step="assign"]')).toContainText("Done", { timeout: 1000 });
  }).toPass({ timeout: 180_000, intervals: [2000] });
  await expect(card.locator('tr[data-step="close"]')).toContainText("Done");
  await expect(card.locator('tr[data-step="results"]')).toContainText("Scheduled");

  // Each assigned judge got one e-mail with their queue.
  const judges = await assignedJudges(slug);
  expect(judges.length).toBeGreaterThanOrEqual(1);
  for (const { email } of judges) {
    await expect
      .poll(
        async () =>
          (await emailsTo(email)).filter((m) => m.subject.includes(`to judge in ${title}`)).length,
      )
      .toBe(1);
    const [mail] = (await emailsTo(email)).filter((m) =>
      m.subject.includes(`to judge in ${title}`),
    );
    expect(mail.subject).toBe(`1 entry to judge in ${title}`);
  }
  expect(
    (await emailsTo(ENTRANT)).filter(
      (m) => m.subject === "Submission received: The Door at the End of the Hall",
    ),
  ).toHaveLength(1);
});
