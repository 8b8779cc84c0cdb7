import { expect, test } from "@playwright/test";
import {
  ADMIN,
  DEMO_PASSWORD,
  ENTRANT,
  expectSignedInAs,
  signIn,
  signUp,
  uniqueEmail,
} from "./utils";
import { e2ePrisma } from "./db";

test("sign up, sign in, sign out", async ({ page }) => {
  const email = uniqueEmail();
  await signUp(page, email, "secret-pass");
  await expect(page.getByText("Account created!")).toBeVisible();
  await expect(page.getByText("You can now sign in with your credentials.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("");

  await signIn(page, email, "secret-pass");
  await expectSignedInAs(page, email);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Browse Contests" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Admin Portal" })).toHaveCount(0);

  const row = await e2ePrisma().user.findUniqueOrThrow({
    where: { email },
    select: { displayName: true, password: { select: { hash: true } } },
  });
  // Neutral when left empty, never the e-mail's local part (ADR 0023).
  expect(row.displayName).toMatch(/^Writer \d{4}$/);
  expect(row.password?.hash).toMatch(/^\$2[aby]\$10\$/);

  await page.getByRole("main").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
});

test("a wrong password shows the provider's message and no 5xx", async ({ page }) => {
  const response = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().includes("/login"),
  );
  await signIn(page, ENTRANT, "not-the-password");
  expect((await response).status()).toBeLessThan(500);
  await expect(
    page.getByRole("alert").filter({ hasText: "Invalid email or password" }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("a 5-character sign-up password is refused with a clear message", async ({ page }) => {
  const email = uniqueEmail();
  await signUp(page, email, "12345");
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  expect(await e2ePrisma().user.count({ where: { email } })).toBe(0);
});

test("under 13, a parent or guardian email is required and stored unconfirmed", async ({
  page,
}) => {
  const email = uniqueEmail("kid");
  const year = new Date().getFullYear() - 10;
  await signUp(page, email, "secret-pass", `${year}-01-01`);
  await expect(
    page.getByText("A parent or guardian email is required for writers under 13"),
  ).toBeVisible();
  await page.getByLabel("Password").fill("secret-pass");
  await page.getByLabel("Parent or guardian email").fill("parent@example.test");
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(page.getByText("Account created!")).toBeVisible();
  await signIn(page, email, "secret-pass");
  await expectSignedInAs(page, email);
  await expect(page.getByText(/your parent or guardian must agree/)).toBeVisible();
  expect(
    await e2ePrisma().user.findUnique({
      where: { email },
      select: { parentEmail: true, parentConsentAt: true },
    }),
  ).toEqual({
    parentEmail: "parent@example.test",
    parentConsentAt: null,
  });
});

test("guards: sign-in returns to the page asked for; a missing role goes to the dashboard", async ({
  page,
}) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin$/);
  await page.getByLabel("Email").fill(ENTRANT);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("admin sees the Admin and Judge portal cards and can open /admin", async ({ page }) => {
  await signIn(page, ADMIN, DEMO_PASSWORD, "/login?redirectTo=%2Fadmin");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Quick Stats" })).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Admin Portal" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Judge Portal" })).toBeVisible();
});

test("repeated failed sign-ins for one e-mail are refused with a clear message", async ({
  page,
}) => {
  const email = uniqueEmail("target");
  for (let i = 0; i < 5; i++) {
    await signIn(page, email, `wrong-${i}`);
    await expect(
      page.getByRole("alert").filter({ hasText: "Invalid email or password" }),
    ).toBeVisible();
  }
  await signIn(page, email, "wrong-again");
  await expect(
    page.getByRole("alert").filter({
      hasText: /Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\./,
    }),
  ).toBeVisible();
});

test("Google sign-in links to the existing account with the same e-mail", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.getByRole("heading", { name: "Sign in with Google (test)" })).toBeVisible();
  await page.getByLabel("Email").fill(ADMIN);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expectSignedInAs(page, ADMIN);
  await expect(page.getByRole("heading", { name: "Admin Portal" })).toBeVisible();
  expect(await e2ePrisma().user.count({ where: { email: ADMIN } })).toBe(1);
  expect(
    await e2ePrisma().connection.count({
      where: { user: { email: ADMIN }, providerName: "google" },
    }),
  ).toBe(1);
});

test("Google sign-in creates an account for a new e-mail; cancelling shows the failure message", async ({
  page,
}) => {
  const email = uniqueEmail("google");
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.getByRole("heading", { name: "Sign in with Google (test)" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill("Gia Google");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expectSignedInAs(page, email);
  await page.getByRole("main").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.getByRole("heading", { name: "Sign in with Google (test)" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByRole("alert").filter({ hasText: /Failed to sign in with Google|access_denied/ }),
  ).toBeVisible();
});
