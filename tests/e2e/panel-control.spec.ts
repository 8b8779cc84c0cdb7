import { randomBytes } from "node:crypto";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { assign, createJudge, createJudgingContest } from "./judging-fixtures";
import { e2ePrisma } from "./db";
import { ADMIN, signIn } from "./utils";

// Assignment control on /admin/assign (docs/decisions/0033-judging-panel.md), JavaScript on and
// off: the admin swaps one assignment by hand and removes another; the judges' queues follow.

// This machine is shared and often busy: allow slower answers than the default 7 s.
const expect = baseExpect.configure({ timeout: 15_000 });

/** Seats the judges on the contest's panel as accepted (a local helper: PanelMember rows). */
async function seatPanel(contestId: string, judgeIds: string[]) {
  const now = Date.now();
  await e2ePrisma().panelMember.createMany({
    data: judgeIds.map((judgeId, i) => {
      const at = new Date(now + i);
      return {
        contestId,
        judgeId,
        status: "accepted",
        invitedAt: at,
        respondedAt: at,
        createdAt: at,
      };
    }),
  });
}

async function signInAs(page: Page, email: string) {
  await page.context().clearCookies();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test("the admin swaps one assignment and removes another; the judges' queues follow", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const fixture = await createJudgingContest("panel-control");
  const tag = randomBytes(3).toString("hex");
  const leaving = await createJudge(`leaving-${tag}`);
  const taking = await createJudge(`taking-${tag}`);
  await seatPanel(fixture.contestId, [leaving.id, taking.id]);
  const [swapped, removed] = fixture.entries;
  await assign(fixture, leaving.email, [swapped.id, removed.id]);

  await signInAs(page, ADMIN);
  await page.goto(`/admin/assign?contest=${fixture.contestId}`);
  const judges = page.getByRole("region", { name: /Judges of this contest/ });
  await expect(judges.getByRole("row", { name: new RegExp(leaving.email) })).toContainText(
    "Accepted",
  );

  // Swap: only eligible judges are offered, least loaded first.
  await page.getByRole("link", { name: `Swap Judge leaving-${tag} on ${swapped.title}` }).click();
  await expect(page.getByRole("heading", { name: /Swap Judge leaving/ })).toBeVisible();
  await page.getByLabel("New judge").selectOption({ label: `Judge taking-${tag} (0 entries)` });
  await page.getByRole("button", { name: "Swap judge" }).click();
  await expect(page.getByTestId("toast")).toContainText(
    `"${swapped.title}" now goes to Judge taking-${tag} instead of Judge leaving-${tag}`,
  );

  // Remove: an unscored assignment goes.
  await page
    .getByRole("button", { name: `Remove Judge leaving-${tag} from ${removed.title}` })
    .click();
  await expect(page.getByTestId("toast")).toContainText(
    `Judge leaving-${tag} was taken off "${removed.title}"`,
  );
  await expect(
    page.getByRole("row", { name: new RegExp(`${removed.title}.*leaving`) }),
  ).toHaveCount(0);

  // The judge who left has nothing in the queue; the one who took over has the swapped entry.
  await signInAs(page, leaving.email);
  await page.goto("/judge");
  await expect(page.getByText("No assignments yet")).toBeVisible();
  await page.goto(`/judge/review/${swapped.id}`);
  await expect(page.getByRole("heading", { name: swapped.title })).toHaveCount(0);

  await signInAs(page, taking.email);
  await page.goto("/judge");
  await expect(page.getByRole("heading", { name: swapped.title })).toBeVisible();
  await expect(page.getByRole("heading", { name: removed.title })).toHaveCount(0);
});
