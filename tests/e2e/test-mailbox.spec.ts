import { expect, test } from "@playwright/test";
import { startPrivateServer, type PrivateServer } from "./private-server";
import { uniqueEmail } from "./utils";

// The test mailbox (docs/decisions/0043-test-mailbox.md): a server with no e-mail provider in
// test mode, as the quick start runs it. A parent follows the consent link from the mailbox,
// with and without JavaScript.
let server: PrivateServer | undefined;
test.afterEach(async () => {
  await server?.stop();
  server = undefined;
});
const mailboxServer = async () =>
  (server = await startPrivateServer({ EMAIL_TEST_MODE: "1", PAYMENTS_TEST_MODE: "1" }));

test("a parent follows the consent link from the marked test mailbox", async ({ page }) => {
  test.setTimeout(120_000);
  // The shared e2e server sends through a provider (the Resend fake): no mailbox there.
  expect((await page.request.get("/test-mailbox")).status()).toBe(404);
  const server = await mailboxServer();
  const child = uniqueEmail("mailbox-child");
  const parent = uniqueEmail("mailbox-parent");
  await page.goto(`${server.baseURL}/login?tab=signup`);
  await page.getByLabel("Email", { exact: true }).fill(child);
  await page.getByLabel("Password").fill("secret-pass");
  await page.getByLabel("Date of birth").fill("2017-03-01");
  await page.getByLabel("Parent or guardian email").fill(parent);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });

  // The footer says where the messages are; the page is clearly marked.
  await page.getByRole("link", { name: "Test mailbox (not sent)" }).click();
  await expect(page).toHaveURL(/\/test-mailbox$/);
  await expect(
    page.getByText("Test mailbox — not sent; this site has no e-mail provider"),
  ).toBeVisible();
  await page.getByLabel("Show messages to").fill(parent);
  await page.getByRole("button", { name: "Show" }).click();
  await page
    .getByRole("link", { name: /would like to enter/ })
    .first()
    .click();
  await expect(page.getByText(`To ${parent}`)).toBeVisible();
  await page
    .getByRole("link", { name: /\/consent\// })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "A parent's permission" })).toBeVisible();
  await page.getByRole("button", { name: "I agree" }).click();
  await expect(page.getByText("Thank you").first()).toBeVisible();
});
