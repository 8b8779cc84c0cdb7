import { expect, test } from "@playwright/test";
import { EDUCATOR, PUPIL, signIn } from "./utils";

// The educator's class and the join link over HTTP, with JavaScript on and off
// (docs/decisions/0031-classrooms-and-shared-computers.md). Reads the demo class; changes nothing.

test("the demo educator finds the class, its roster and code; a pupil with entries stays", async ({
  page,
}) => {
  await signIn(page, EDUCATOR);
  await page.getByRole("link", { name: "My classes" }).first().click();
  await expect(page.getByRole("heading", { name: "My classes" })).toBeVisible();
  await page.getByRole("link", { name: "Room 12 Writers" }).click();
  await expect(page.getByRole("heading", { name: "Room 12 Writers" })).toBeVisible();
  await expect(page.getByText("MAPLE-12").first()).toBeVisible();
  await expect(page.getByRole("cell", { name: "Mia R.", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Remove Mia R." }).click();
  await expect(page.getByTestId("toast")).toContainText(
    "Mia R. has entries, so they stay on the roster.",
  );
  await expect(page.getByRole("cell", { name: "Mia R.", exact: true })).toBeVisible();
});

test("a pupil of the class opens the join link and is told they are in it", async ({ page }) => {
  await page.goto("/join/MAPLE-12");
  await expect(page.getByRole("heading", { name: "Join Room 12 Writers" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute(
    "href",
    "/login?tab=signup&redirectTo=%2Fjoin%2FMAPLE-12",
  );
  await signIn(page, PUPIL, undefined, "/login?redirectTo=%2Fjoin%2FMAPLE-12");
  await expect(page).toHaveURL(/\/join\/MAPLE-12$/);
  await expect(page.getByText("You are in this class")).toBeVisible();
});

test.describe("on a 320 px phone", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("the roster is a list of cards: nothing in it scrolls sideways (ADR 0027, 0041)", async ({
    page,
  }) => {
    await signIn(page, EDUCATOR);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/educator");
    await page.getByRole("link", { name: "Room 12 Writers" }).click();
    const roster = page.locator("section[aria-labelledby='roster-heading'] .data-table");
    await expect(roster).toBeVisible();
    // A class of 30 has long names in the "Link to a pupil who joined" lists; the demo's are short.
    await roster.evaluate((el) => {
      for (const select of el.querySelectorAll("select"))
        select.add(new Option("Maximiliana-Guadalupe W. (not matched, joined 27 Nov 2026)", "x"));
    });
    const { scrollWidth, clientWidth } = await roster.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    // Every pupil's actions are on screen, inside the page's width.
    const link = page.getByLabel(/^Link .* to a pupil who joined$/).first();
    await link.scrollIntoViewIfNeeded();
    const box = await link.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(320);
  });
});
