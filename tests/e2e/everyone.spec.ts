import { expect, test } from "@playwright/test";
import { ENTRANT, signIn } from "./utils";

test("after moving to another page, focus is on that page's main heading", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "a full page load starts at the top by itself");
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Contests" })
    .click();
  await expect(page).toHaveURL(/\/contests$/);
  await expect(page.getByRole("heading", { level: 1, name: "Writing Contests" })).toBeFocused();
  await page.keyboard.press("Tab"); // the next Tab continues from the heading, not the old link
  const inMain = await page.evaluate(() => !!document.activeElement?.closest("main"));
  expect(inMain).toBe(true);
});

test("a toast floats over the page, says what happened, and stays until dismissed", async ({
  page,
}) => {
  await signIn(page, ENTRANT);
  await expect(page).toHaveURL(/\/dashboard$/);
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Welcome back!");
  await expect(toast).toHaveAttribute("role", "status");
  // Over the page, not in its flow: the page's heading is where it is without a toast.
  const position = await toast.evaluate((el) => getComputedStyle(el.parentElement!).position);
  expect(position).toBe("fixed");
  const headingTop = await page
    .getByRole("heading", { level: 1 })
    .evaluate((el) => el.getBoundingClientRect().top);
  await page.reload();
  await expect(page.getByTestId("toast")).toHaveCount(0);
  const headingTopWithout = await page
    .getByRole("heading", { level: 1 })
    .evaluate((el) => el.getBoundingClientRect().top);
  expect(headingTop).toBe(headingTopWithout);

  // A fresh toast, from signing out and in again; it goes only when dismissed.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: "Sign Out" })
    .click();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign In" }),
  ).toBeVisible();
  await signIn(page, ENTRANT);
  await expect(toast).toBeVisible();
  await toast.getByText("Dismiss").click();
  await expect(page.getByTestId("toast")).toBeHidden();
});
