import { expect, test, type Page } from "@playwright/test";
import { signUp, uniqueEmail } from "./utils";

// A shared school computer (docs/decisions/0031-classrooms-and-shared-computers.md), with and
// without JavaScript: no page ever offers one pupil's story to the next pupil who signs in.
const FLASH = "flash-fiction-free-for-all";
const PAID = "young-voices-short-story-2027";
const story = Array.from({ length: 130 }, (_, i) => `harbour${i % 5 ? "" : "s"}`).join(" ");

async function signInAs(page: Page, email: string, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("secret-pass");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  if (path === "/login") await expect(page).toHaveURL(/\/dashboard$/);
}
async function confirmAll(page: Page) {
  for (const box of await page.getByRole("checkbox").all()) {
    const name = await box.getAttribute("name");
    if (name?.startsWith("confirm")) await box.check();
  }
}
const signOut = (page: Page) =>
  page.getByRole("button", { name: "Sign Out" }).filter({ visible: true }).first().click();

test("two pupils on one computer: the first one's unsent story is never shown to the second", async ({
  page,
}) => {
  test.slow();
  const first = uniqueEmail("shared-a");
  const second = uniqueEmail("shared-b");
  for (const email of [first, second]) {
    await signUp(page, email);
    // The account exists once the sign-up has come back (hashing is slow on a busy machine).
    await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
  }

  // Pupil A starts a story and signs out without sending it.
  await signInAs(page, first);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/contests/${FLASH}/enter`);
  await page.getByLabel("Story title").fill("Pupil A's Secret");
  await page.getByLabel("Story text").fill(story);
  await signOut(page);
  await expect(page).toHaveURL(/\/login$/);

  // Pupil B signs in at the same computer and opens the same contest's form.
  await signInAs(page, second);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/contests/${FLASH}/enter`);
  await expect(page.getByLabel("Story title")).toHaveValue("");
  await expect(page.getByLabel("Story text")).toHaveValue("");
  await expect(page.getByText("We kept your story")).toHaveCount(0);
  await expect(page.getByText("Pupil A's Secret")).toHaveCount(0);
  // Nothing of A's is left in this browser's storage either.
  const kept = await page.evaluate(() =>
    JSON.stringify({ ...window.localStorage, ...window.sessionStorage }),
  );
  expect(kept).not.toContain("Secret");
});

test("a story left at the sign-in page: the next pupil is only asked by its title, its writer gets it back without any ticked box", async ({
  page,
}) => {
  test.slow();
  const writer = uniqueEmail("left-a");
  const next = uniqueEmail("left-b");
  for (const email of [writer, next]) {
    await signUp(page, email);
    await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
  }
  // Pupil A, signed out, types a story, ticks the four boxes and "may be shown", presses Submit,
  // reaches the sign-in page and walks away.
  await page.goto(`/contests/${FLASH}/enter`);
  await page.getByLabel("Story title").fill("Lighthouse Keeper");
  await page.getByLabel("Story text").fill(story);
  await confirmAll(page);
  await page.getByRole("checkbox", { name: /may be shown/ }).check();
  await page.getByRole("button", { name: /^Submit Entry/ }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);

  // Pupil B signs in right there and comes to the form: empty, no box ticked, only a question.
  await page.getByLabel("Email").fill(next);
  await page.getByLabel("Password").fill("secret-pass");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/contests/${FLASH}/enter$`));
  await expect(page.getByRole("heading", { name: "Is this your story?" })).toBeVisible();
  await expect(page.getByText("Lighthouse Keeper")).toBeVisible();
  await expect(page.getByLabel("Story title")).toHaveValue("");
  await expect(page.getByLabel("Story text")).toHaveValue("");
  await expect(page.getByText("We kept your story")).toHaveCount(0);
  expect(await page.content()).not.toContain("harbour");
  for (const box of await page.getByRole("checkbox").all()) await expect(box).not.toBeChecked();
  await page.getByRole("button", { name: "No, not mine" }).click();
  await expect(page.getByRole("heading", { name: "Is this your story?" })).toHaveCount(0);
  await expect(page.getByLabel("Story text")).toHaveValue("");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Is this your story?" })).toHaveCount(0);
  await signOut(page);
  await expect(page).toHaveURL(/\/login$/);

  // Pupil A comes back and signs in: asked, says it is theirs, and has it back, boxes unticked.
  await signInAs(page, writer);
  await page.goto(`/contests/${FLASH}/enter`);
  await expect(page.getByText("Lighthouse Keeper")).toBeVisible();
  await page.getByRole("button", { name: "Yes, it is mine: keep it" }).click();
  await expect(page.getByLabel("Story title")).toHaveValue("Lighthouse Keeper");
  await expect(page.getByLabel("Story text")).toHaveValue(story);
  await expect(page.getByText("We kept your story")).toBeVisible();
  for (const box of await page.getByRole("checkbox").all()) await expect(box).not.toBeChecked();
});

test("a visitor's story left at the sign-in page is not given to the next pupil who signs in elsewhere", async ({
  page,
}) => {
  const pupil = uniqueEmail("shared-c");
  await signUp(page, pupil);
  // A visitor types and presses Submit: sent to sign in, story kept for that sign-in only.
  await page.goto(`/contests/${FLASH}/enter`);
  await page.getByLabel("Story title").fill("Left Behind");
  await page.getByLabel("Story text").fill(story);
  await confirmAll(page);
  await page.getByRole("button", { name: /^Submit Entry/ }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  // Another pupil walks up and signs in from the plain sign-in page, then opens the form.
  await signInAs(page, pupil);
  await page.goto(`/contests/${FLASH}/enter`);
  await expect(page.getByLabel("Story title")).toHaveValue("");
  await expect(page.getByText("We kept your story")).toHaveCount(0);
  const kept = await page.evaluate(() =>
    JSON.stringify({ ...window.localStorage, ...window.sessionStorage }),
  );
  expect(kept).not.toContain("Left Behind");
});

test("a classroom link's code survives the header's Sign In, and a pending entry takes it at Complete payment", async ({
  page,
}) => {
  test.slow();
  const pupil = uniqueEmail("classcode");
  await signUp(page, pupil);
  // The pupil entered the paid contest without the code: the entry waits for payment.
  await signInAs(page, pupil);
  await page.goto(`/contests/${PAID}/enter`);
  await page.getByLabel("Story title").fill("Full Price");
  await page.getByLabel("Story text").fill(Array.from({ length: 520 }, () => "tide").join(" "));
  await confirmAll(page);
  await page.getByRole("button", { name: /^Submit Entry/ }).click();
  await expect(page).toHaveURL(/\/payments\/test-checkout\//);
  await page.goto("/dashboard");
  await signOut(page);

  // Later, the teacher hands out the classroom link; the pupil is signed out and uses Sign In.
  await page.goto(`/contests/${PAID}/enter?code=CLASSROOM50`);
  await page.getByRole("link", { name: "Sign In" }).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/redirectTo=/);
  await page.getByLabel("Email").fill(pupil);
  await page.getByLabel("Password").fill("secret-pass");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/contests/${PAID}/enter\\?code=CLASSROOM50$`));
  await page.getByRole("link", { name: "Pay for it with your code" }).click();
  await expect(page.getByLabel(/Discount code/)).toHaveValue("CLASSROOM50");
  await page.getByRole("button", { name: /Complete payment/ }).click();
  await expect(page).toHaveURL(/\/payments\/test-checkout\//);
  await expect(page.getByText("$7.50").first()).toBeVisible();
});
