import { expect, test, type Browser, type Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { e2ePrisma } from "./db";
import { emailsTo, expectSignedInAs, signIn, signUp, uniqueEmail } from "./utils";

// Account features every site has, and a parent's consent for writers under 13. Every flow runs
// with JavaScript on and off; links are taken from the e-mails the site really sent (the local
// Resend fake), never built by hand.

const FLASH = "flash-fiction-free-for-all"; // free and open in the demo data

/** The first link to this site in the newest e-mail to `to` whose subject matches. */
async function linkFromEmail(to: string, subject: RegExp) {
  let found: string | undefined;
  await expect(async () => {
    const mail = (await emailsTo(to)).filter((m) => subject.test(m.subject)).at(-1);
    found = mail?.text.match(/https?:\/\/localhost:\d+\/[^\s)\]]+/)?.[0];
    expect(found).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return new URL(found!).pathname;
}

async function newSignedInPage(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  await expectSignedInAs(page, email);
  return page;
}

async function expectSignedOut(page: Page) {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/);
}

test("under 13: the parent is e-mailed, the child cannot submit until the parent agrees", async ({
  page,
}) => {
  const child = uniqueEmail("kid");
  const parent = uniqueEmail("parent");
  const year = new Date().getFullYear() - 10;
  await signUp(page, child, "secret-pass", `${year}-03-03`, { parentEmail: parent });
  await expect(page.getByText("Account created!")).toBeVisible();
  const consent = await linkFromEmail(parent, /would like to enter writing contests/);

  await signIn(page, child, "secret-pass");
  await expect(page.getByText(/your parent or guardian must agree/)).toBeVisible();
  await page.goto(`/contests/${FLASH}/enter`);
  await expect(page.getByLabel("Story title")).toBeDisabled();

  // Asking again at once is refused politely; nothing new is sent.
  const before = (await emailsTo(parent)).length;
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Send the e-mail again" }).click();
  // Said honestly, under "Please wait" (docs/decisions/0026-entry-flow.md).
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Please wait");
  await expect(toast).toContainText(/You can send another in [45] minutes\./);
  await expect(toast).not.toContainText("Error");
  expect((await emailsTo(parent)).length).toBe(before);

  // The parent's page explains what is collected, then the parent agrees.
  await page.goto(consent);
  await expect(page.getByRole("heading", { name: "What we keep, and why" })).toBeVisible();
  await page.getByRole("button", { name: "I agree" }).click();
  await expect(page.getByText("Your child can now send stories")).toBeVisible();
  await page.goto(`/contests/${FLASH}/enter`);
  await expect(page.getByLabel("Story title")).toBeEnabled();

  // The link worked once.
  await page.goto(consent);
  await expect(page.getByText("This link does not work any more")).toBeVisible();
});

test("under 13: a parent who declines deletes the account", async ({ page }) => {
  const child = uniqueEmail("kid");
  const parent = uniqueEmail("parent");
  const year = new Date().getFullYear() - 9;
  await signUp(page, child, "secret-pass", `${year}-05-05`, { parentEmail: parent });
  await expect(page.getByText("Account created!")).toBeVisible();
  const consent = await linkFromEmail(parent, /would like to enter writing contests/);
  await page.goto(consent);
  await page.getByRole("button", { name: "Decline and delete the account" }).click();
  await expect(page.getByText("The account has been deleted")).toBeVisible();
  expect(await e2ePrisma().user.count({ where: { email: child } })).toBe(0);
});

test("forgot password: the e-mailed link sets a new password once and ends other sessions", async ({
  page,
  browser,
}) => {
  // Many steps, each a full page load: give a slow or shared machine room (three times 30 s).
  test.slow();
  const email = uniqueEmail("forgetful");
  await signUp(page, email, "old-secret");
  const elsewhere = await newSignedInPage(browser, email, "old-secret");

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByText("Check your e-mail")).toBeVisible();
  // Unknown addresses get the same answer and no e-mail.
  const nobody = uniqueEmail("nobody");
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(nobody);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByText("Check your e-mail")).toBeVisible();
  expect(await emailsTo(nobody)).toHaveLength(0);

  const reset = await linkFromEmail(email, /Reset your Inkwell password/);
  await page.goto(reset);
  await page.getByLabel("New password").fill("new-secret");
  await page.getByLabel("Type it again").fill("new-secret");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();

  await expectSignedOut(elsewhere);
  await signIn(page, email, "old-secret");
  await expect(page.getByText("Invalid email or password")).toBeVisible();
  await signIn(page, email, "new-secret");
  await expectSignedInAs(page, email);

  await page.goto(reset);
  await expect(page.getByText("This link does not work any more")).toBeVisible();
  await elsewhere.context().close();
});

test("change password asks for the current one and signs out other sessions", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("changer");
  await signUp(page, email, "first-secret");
  // The sign-up must finish before the sign-in page is opened (a busy machine answers slowly).
  await expect(page.getByTestId("toast")).toContainText("Account created!");
  await signIn(page, email, "first-secret");
  await expectSignedInAs(page, email);
  const elsewhere = await newSignedInPage(browser, email, "first-secret");

  await page.goto("/account");
  await page.getByLabel("Current password").fill("not-it");
  await page.getByLabel("New password", { exact: true }).fill("second-secret");
  await page.getByLabel("Type the new password again").fill("second-secret");
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page.getByText("Your current password is not correct.")).toBeVisible();

  await page.getByLabel("Current password").fill("first-secret");
  await page.getByLabel("New password", { exact: true }).fill("second-secret");
  await page.getByLabel("Type the new password again").fill("second-secret");
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();

  await page.goto("/dashboard");
  await expectSignedInAs(page, email);
  await expectSignedOut(elsewhere);
  await elsewhere.context().close();
});

test("change e-mail: nothing changes until the link sent to the new address is used", async ({
  page,
}) => {
  const email = uniqueEmail("mover");
  const next = uniqueEmail("moved");
  await signUp(page, email, "secret-pass");
  // The sign-up must finish before the sign-in page is opened (a busy machine answers slowly).
  await expect(page.getByTestId("toast")).toContainText("Account created!");
  await signIn(page, email, "secret-pass");
  await expectSignedInAs(page, email);

  await page.goto("/account");
  await page.getByLabel("New e-mail address").fill(next);
  // Someone at an unattended session does not know the password (docs/decisions/0025).
  await page.getByLabel("Your password, to show it is you").fill("not-it");
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText("Your current password is not correct.")).toBeVisible();
  await page.getByLabel("New e-mail address").fill(next);
  await page.getByLabel("Your password, to show it is you").fill("secret-pass");
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText("Check your new inbox")).toBeVisible();
  // The old address is told, with a link that stops the change.
  await linkFromEmail(email, /Your Inkwell e-mail address is about to change/);
  expect(await e2ePrisma().user.count({ where: { email } })).toBe(1);

  const confirm = await linkFromEmail(next, /Confirm your new Inkwell e-mail address/);
  await page.goto(confirm);
  await page.getByRole("button", { name: "Use this address" }).click();
  await expect(page.getByText("E-mail address changed")).toBeVisible();
  expect(await e2ePrisma().user.count({ where: { email: next } })).toBe(1);

  await page.context().clearCookies();
  await signIn(page, next, "secret-pass");
  await expectSignedInAs(page, next);
});

test("download my data: a zip with the JSON of the profile and entries", async ({ page }) => {
  const email = uniqueEmail("curious");
  await signUp(page, email, "secret-pass");
  // The sign-up must finish before the sign-in page is opened (a busy machine answers slowly).
  await expect(page.getByTestId("toast")).toContainText("Account created!");
  await signIn(page, email, "secret-pass");
  await expectSignedInAs(page, email);
  const res = await page.request.get("/account/data");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-disposition"]).toMatch(
    /attachment; filename="inkwell-my-data-\d{4}-\d{2}-\d{2}\.zip"/,
  );
  const zip = unzipSync(new Uint8Array(await res.body()));
  const data = JSON.parse(strFromU8(zip["inkwell-my-data.json"]));
  expect(data.profile.email).toBe(email);
  expect(Array.isArray(data.entries)).toBe(true);

  const visitor = await page.context().browser()!.newContext();
  const anonymous = await visitor.request.get("/account/data", { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  await visitor.close();
});
