import { expect, test } from "@playwright/test";
import { e2ePrisma } from "./db";
import { ADMIN, signIn } from "./utils";

// The contest workspace's navigation (docs/decisions/0050-contest-workspace.md): from the
// contests list into one contest, its tabs marked with aria-current, the old ?contest= URL
// landing in the workspace; at 320 px the navigation is reached by keyboard. JavaScript on and off.
test("an admin moves through a contest's workspace by its navigation", async ({ page }) => {
  // Eight page loads on a shared machine.
  test.setTimeout(90_000);
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard|\/admin/);
  const autumn = await e2ePrisma().contest.findUniqueOrThrow({
    where: { slug: "autumn-poetry-in-prose" },
    select: { id: true },
  });
  // The contests list is newest first and paged (contests made by earlier specs come first):
  // its title links to this address.
  await page.goto(`/admin/contests/${autumn.id}`);
  const nav = page.getByRole("navigation", { name: "Contest workspace" });
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Needs you now" })).toBeVisible();

  for (const [tab, heading] of [
    ["Entries", "Submissions"],
    ["Scoring", "Scoring Overview"],
    ["Schedule", "Schedule"],
    ["Setup", "Edit Contest"],
  ] as const) {
    await nav.getByRole("link", { name: tab, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(nav.getByRole("link", { name: tab, exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
  }
  // The site-wide navigation no longer lists the contest pages.
  const site = page.getByRole("navigation", { name: "Admin" });
  await expect(site.getByRole("link", { name: "Scoring" })).toHaveCount(0);

  // An old bookmark lands on its tab.
  const id = new URL(page.url()).pathname.split("/")[3];
  await page.goto(`/admin/assign?contest=${id}`);
  await expect(page).toHaveURL(new RegExp(`/admin/contests/${id}/assignments$`));
  await expect(nav.getByRole("link", { name: "Assignments" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // At 320 px every tab is on screen (the row wraps) and the keyboard reaches them.
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(`/admin/contests/${id}`);
  const overview = nav.getByRole("link", { name: "Overview" });
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    if (await overview.evaluate((el) => el === document.activeElement)) break;
  }
  await expect(overview).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Setup" })).toBeFocused();
  // The row wraps: its last tab is on screen too, not scrolled out of reach.
  await expect(nav.getByRole("link", { name: "Schedule" })).toBeInViewport();
});
