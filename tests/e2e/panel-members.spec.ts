import AxeBuilder from "@axe-core/playwright";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { createJudge, createJudgingContest } from "./judging-fixtures";
import { e2ePrisma } from "./db";
import { ADMIN, emailsTo, signIn, uniqueEmail } from "./utils";

// This machine is shared and often busy: allow slower answers than the default 7 s.
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * The page as it is at 320 px (nothing scrolls sideways) and, with JavaScript on, with no serious
 * axe finding: as narrow.spec.ts and accessibility.spec.ts check every page of the authorization
 * table, here for the panel's pages with their forms filled in.
 */
async function fitsAndPasses(page: Page, javaScriptEnabled: boolean) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 640 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, page.url()).toBeLessThanOrEqual(320);
  if (javaScriptEnabled) {
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
    expect(serious, page.url()).toEqual([]);
  }
  if (size) await page.setViewportSize(size);
}

/**
 * A contest's judging panel (docs/decisions/0033-judging-panel.md): the admin builds a panel of
 * three (two site judges and a new address); one judge accepts through the e-mailed link and
 * declares their school, which the admin then sees.
 */
test("an admin builds a panel of three; a judge accepts through the e-mailed link and declares a school", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const fixture = await createJudgingContest("panel");
  const [ann, ben] = [await createJudge("panel-ann"), await createJudge("panel-ben")];
  const newcomer = uniqueEmail("panel-new");

  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/admin/contests/${fixture.contestId}/edit`);
  await page
    .getByRole("navigation", { name: "Contest workspace" })
    .getByRole("link", { name: "Panel", exact: true })
    .click();
  await expect(page.getByRole("heading", { name: "Judging panel" })).toBeVisible();

  await page.getByLabel(ann.email).check();
  await page.getByLabel(ben.email).check();
  await page.getByRole("button", { name: "Invite the ticked judges" }).click();
  await expect(page.getByTestId("toast")).toContainText("2 judges invited");

  await page.getByLabel("E-mail address", { exact: true }).fill(newcomer);
  await page.getByLabel("Name (optional)", { exact: true }).fill("Nell Newcomer");
  await page.getByRole("button", { name: "Invite by e-mail" }).click();
  await expect(page.getByTestId("toast")).toContainText("Invitation sent");
  await expect(page.getByRole("heading", { name: /Panel \(3, 0 accepted\)/ })).toBeVisible();
  for (const email of [ann.email, ben.email, newcomer])
    await expect(page.getByTestId(`panel-member-${email}`)).toContainText("Invited");
  await expect(page.getByTestId(`panel-member-${newcomer}`)).toContainText(
    "Has not set a password yet",
  );

  // Ann's e-mail names the contest and carries her one-time link.
  const mails = (await emailsTo(ann.email)).filter((m) => m.subject.includes(fixture.title));
  expect(mails).toHaveLength(1);
  const link = new URL(
    /https?:\/\/[^\s"<>]+\/panel-invitation\/[A-Za-z0-9_-]+/.exec(mails[0].text)![0],
  ).pathname;

  // Signed out, the link asks her to sign in first.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByText(fixture.title).first()).toBeVisible();
  await expect(page.getByText(/Sign in with that account/)).toBeVisible();
  await signIn(page, ann.email);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(link);
  await fitsAndPasses(page, javaScriptEnabled);
  await page.getByLabel("Your school (optional)").fill("Maple Grove Primary");
  await page.getByLabel("Schools you work with (optional)").fill("Oak Hill Middle\nRiver School");
  await page.getByRole("button", { name: /^Accept/ }).click();
  await expect(page).toHaveURL(/\/judge$/);
  await expect(page.getByTestId("toast")).toContainText("Welcome to the panel");

  const db = e2ePrisma();
  const member = await db.panelMember.findUniqueOrThrow({
    where: { contestId_judgeId: { contestId: fixture.contestId, judgeId: ann.id } },
    select: { status: true },
  });
  expect(member.status).toBe("accepted");
  const declared = (
    await db.conflict.findMany({
      where: { judgeId: ann.id },
      select: {
        kind: true,
        source: true,
        contestId: true,
        schoolName: true,
        school: { select: { name: true } },
      },
    })
  )
    .map((c) => ({
      kind: c.kind,
      source: c.source,
      contestId: c.contestId,
      name: c.school?.name ?? c.schoolName,
    }))
    .sort((a, b) =>
      (a.name ?? "") < (b.name ?? "") ? -1 : (a.name ?? "") > (b.name ?? "") ? 1 : 0,
    );
  expect(declared).toEqual([
    { kind: "school", source: "judge", contestId: null, name: "Maple Grove Primary" },
    { kind: "school", source: "judge", contestId: null, name: "Oak Hill Middle" },
    { kind: "school", source: "judge", contestId: null, name: "River School" },
  ]);
  // The link worked once.
  await page.goto(link);
  await expect(page.getByText("This link does not work any more")).toBeVisible();

  // Ben answers from his judging page, no link needed; his earlier answer is not asked again.
  await page.context().clearCookies();
  await signIn(page, ben.email);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/judge");
  const invitations = page.getByRole("region", { name: "Invitations to judge" });
  await expect(invitations).toContainText(fixture.title);
  await fitsAndPasses(page, javaScriptEnabled);
  await invitations.getByLabel("Your school (optional)").fill("Cedar Park School");
  await invitations.getByRole("button", { name: /^Accept/ }).click();
  await expect(page.getByTestId("toast")).toContainText("Welcome to the panel");
  await expect(page.getByRole("region", { name: "Invitations to judge" })).toHaveCount(0);

  // The admin sees the answers and the declared school.
  await page.context().clearCookies();
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/admin/contests/${fixture.contestId}/panel`);
  const card = page.getByTestId(`panel-member-${ann.email}`);
  await expect(card).toContainText("Accepted");
  await expect(card).toContainText("Maple Grove Primary");
  await expect(card).toContainText("declared by the judge");
  await expect(page.getByRole("heading", { name: /Panel \(3, 2 accepted\)/ })).toBeVisible();
  await fitsAndPasses(page, javaScriptEnabled);
});
