import { expect, test } from "@playwright/test";
import { e2ePrisma } from "./db";
import { expectSignedInAs, signIn, signUp, uniqueEmail } from "./utils";

test("a user deletes their own account after confirming with their e-mail", async ({ page }) => {
  const email = uniqueEmail("leaver");
  await signUp(page, email, "secret-pass");
  // Before leaving the page: the first sign-up of a run can be slow (password hashing at start-up).
  await expect(page.getByTestId("toast")).toContainText("Account created!", { timeout: 20_000 });
  await signIn(page, email, "secret-pass");
  await expectSignedInAs(page, email);
  await page.getByRole("link", { name: "Account" }).click();
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();

  await page.getByLabel("Type your email address to confirm").fill("someone-else@example.test");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("That is not the email address of this account")).toBeVisible();

  await page.getByLabel("Type your email address to confirm").fill(email);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Your account has been deleted")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  expect(await e2ePrisma().user.count({ where: { email } })).toBe(0);

  await signIn(page, email, "secret-pass");
  await expect(
    page.getByRole("alert").filter({ hasText: "Invalid email or password" }),
  ).toBeVisible();
});

test("a Google-created account adds its date of birth on the account page", async ({ page }) => {
  const email = uniqueEmail("gdob");
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.getByRole("heading", { name: "Sign in with Google (test)" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expectSignedInAs(page, email);
  await page.goto("/account");
  await expect(page.getByText("Add your date of birth")).toBeVisible();
  await page.getByLabel("Date of birth").fill("2001-04-05");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();
  await expect(page.getByText("Apr 5, 2001")).toBeVisible();
  await expect(page.getByLabel("Date of birth")).toHaveCount(0);
});

// Issue 35: a form id built from the location's key was "profile-default" on the server and
// another on the client, so a reloaded page's forms logged "submit event is dispatched by
// form#profile-default instead of form#profile-…". Form ids are the same on both (ADR 0045).
test("the account page's forms post after a reload without console errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  const email = uniqueEmail("ids");
  await signUp(page, email, "secret-pass");
  await expect(page.getByTestId("toast")).toContainText("Account created!", { timeout: 20_000 });
  await signIn(page, email, "secret-pass");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await page.getByRole("link", { name: "Account" }).click();
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  // A reload keeps the history entry's key: the server renders before the browser knows it.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  for (const name of ["Ida Reload", "Ida Again"]) {
    await page.getByLabel("Display name").fill(name);
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByTestId("toast").first()).toContainText("Profile updated");
    await expect(page.getByLabel("Display name")).toHaveValue(name);
  }
  expect(errors).toEqual([]);
});
