import { expect, test, type Page } from "@playwright/test";
import { CONFIRMATIONS } from "../../app/features/entries/entry-schema";
import { e2ePrisma } from "./db";
import { signUp, uniqueEmail } from "./utils";

// docs/decisions/0026-entry-flow.md: with and without JavaScript.
const FLASH = "flash-fiction-free-for-all"; // free, 100-1000 words, up to 3 entries per writer
const story = Array.from({ length: 120 }, (_, i) => `lantern${i % 7 ? "" : "s"}`).join(" ");

async function titlesOf(email: string) {
  const rows = await e2ePrisma().submission.findMany({
    where: { entrant: { email } },
    orderBy: { createdAt: "asc" },
    select: { title: true },
  });
  return rows.map((r) => r.title);
}

const submit = (page: Page) => page.getByRole("button", { name: /^Submit Entry/ }).click();
async function fillEntry(page: Page, title: string) {
  await page.getByLabel("Story title").fill(title);
  await page.getByLabel("Story text").fill(story);
  for (const c of CONFIRMATIONS) await page.getByLabel(c.label).check();
}

test("a story written before signing in comes back after the sign-in, and Back then Submit makes no second entry", async ({
  page,
}) => {
  const email = uniqueEmail("before-signin");
  await signUp(page, email);
  await expect(page.getByTestId("toast")).toContainText("Account created!");

  // A visitor (the account exists, but nobody is signed in) writes the story first.
  await page.goto(`/contests/${FLASH}/enter?code=CLASS1`);
  await fillEntry(page, "The Night Lantern");
  await submit(page);
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await expect(page.getByTestId("toast")).toContainText("You must be logged in to submit");

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("secret-pass");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  // Back to the form, with the classroom code and the story.
  await expect(page).toHaveURL(new RegExp(`/contests/${FLASH}/enter\\?code=CLASS1$`));
  // Asked by its title first (ADR 0042); the boxes are never kept, so the writer ticks them again.
  await expect(page.getByRole("heading", { name: "Is this your story?" })).toBeVisible();
  await page.getByRole("button", { name: "Yes, it is mine: keep it" }).click();
  await expect(page.getByText("We kept your story")).toBeVisible();
  await expect(page.getByLabel("Story title")).toHaveValue("The Night Lantern");
  await expect(page.getByLabel("Story text")).toHaveValue(story);
  for (const c of CONFIRMATIONS) await expect(page.getByLabel(c.label)).not.toBeChecked();
  for (const c of CONFIRMATIONS) await page.getByLabel(c.label).check();
  await submit(page);
  await expect(page.getByTestId("toast")).toContainText("Your submission has been received!");
  expect(await titlesOf(email)).toEqual(["The Night Lantern"]);

  // Back, then Submit again with the same story: the entry already sent, not a second one.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/contests/${FLASH}/enter`));
  await fillEntry(page, "The Night Lantern");
  await submit(page);
  await expect(page.getByText("We already have this entry")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/submissions\//);
  expect(await titlesOf(email)).toEqual(["The Night Lantern"]);

  // The kept story was used up: the form is empty when opened again.
  await page.goto(`/contests/${FLASH}/enter`);
  await expect(page.getByText("We kept your story")).toHaveCount(0);
});
