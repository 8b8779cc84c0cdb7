import { expect as baseExpect, test, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { CONFIRMATIONS, wordRangeMessage } from "../../app/features/entries/entry-rules";
import { createJudge } from "./judging-fixtures";
import { DOCX_TYPE, judgeEntry, storyDocx, storyText } from "./reading-fixtures";
import { e2ePrisma } from "./db";
import { ADMIN, signIn, signUp, uniqueEmail } from "./utils";

// The reading desk's anonymity (docs/decisions/0034-reading-desk.md), JavaScript on and off: a
// document's words meet the contest's range, and a name inside a document that an admin removes
// never reaches the judge (page, `.data`, file).

// This machine is shared and often busy: allow slower answers than the default 7 s.
const expect = baseExpect.configure({ timeout: 15_000 });

const FLASH = "flash-fiction-free-for-all"; // free, open, 100 to 1000 words

const letters = (n: number) =>
  Array.from(randomBytes(n), (b) => String.fromCharCode(97 + (b % 26))).join("");

async function newWriter(page: Page, displayName?: string) {
  const email = uniqueEmail("reader");
  await signUp(page, email, "secret-pass", "2005-06-15", displayName ? { displayName } : undefined);
  await expect(page.getByTestId("toast")).toContainText("Account created!");
  await signIn(page, email, "secret-pass");
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

function submissionsOf(email: string) {
  return e2ePrisma().submission.findMany({
    where: { entrant: { email } },
    select: { id: true, title: true, wordCount: true, mentionsEntrant: true },
  });
}

async function sendDocx(page: Page, title: string, bytes: Buffer) {
  await page.goto(`/contests/${FLASH}/enter`);
  await page.getByLabel("Story title").fill(title);
  for (const c of CONFIRMATIONS) await page.getByLabel(c.label).check();
  await page
    .getByLabel("Or upload your story")
    .setInputFiles({ name: "my-story.docx", mimeType: DOCX_TYPE, buffer: bytes });
  await page.getByRole("button", { name: /^Submit Entry/ }).click();
}

test("a DOCX of 20 words is refused with the contest's word range, and nothing is made", async ({
  page,
}) => {
  const email = await newWriter(page);
  await sendDocx(page, "Too Short", storyDocx(storyText(20)));
  await expect(page.getByText(wordRangeMessage(100, 1000)).first()).toBeVisible();
  await expect(page.getByLabel("Story title")).toHaveValue("Too Short");
  expect(await submissionsOf(email)).toHaveLength(0);
});

test("a name in a DOCX is removed by the admin, and the judge never reads it", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const surname = `Thackeray${letters(6)}`;
  const name = `Marigold ${surname}`;
  const email = await newWriter(page, name);
  const title = `The Kite ${letters(4)}`;
  await sendDocx(page, title, storyDocx(storyText(300, `A story by ${name}`)));
  await expect(page.getByTestId("toast")).toContainText("Your submission has been received!");
  const [entry] = await submissionsOf(email);
  expect(entry).toMatchObject({ title, mentionsEntrant: true });
  expect(entry!.wordCount).toBe(300);

  const judge = await createJudge("reading");
  await judgeEntry(entry!.id, judge.email);

  // The admin sees the flagged passage and removes it for judges.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN);
  await expect(admin).toHaveURL(/\/dashboard$/);
  await admin.goto(`/admin/submissions/${entry!.id}`);
  const section = admin.getByRole("region", { name: "Does this entry name its writer?" });
  await expect(section).toBeVisible();
  const place = section.getByTestId("identity-hit").first();
  await expect(place).toContainText("the writer's name");
  await expect(place).toContainText("Waiting for your decision");
  await expect(place.locator("mark")).toContainText(name);
  await expect(
    section.getByRole("link", { name: "Or disqualify this entry with a reason" }),
  ).toBeVisible();
  await place.getByRole("button", { name: /^Remove for judges/ }).click();
  await expect(admin.getByTestId("toast")).toContainText("Removed for judges");
  await expect(
    admin
      .getByRole("region", { name: "Does this entry name its writer?" })
      .getByTestId("identity-hit")
      .first(),
  ).toContainText("Removed for judges");
  expect((await submissionsOf(email))[0]!.mentionsEntrant).toBe(false);
  await adminContext.close();

  // The judge reads "[removed]": in the page, in its data, and is not given the file.
  const judgeContext = await browser.newContext({ baseURL });
  const reader = await judgeContext.newPage();
  await signIn(reader, judge.email);
  await expect(reader).toHaveURL(/\/dashboard$/);
  await reader.goto(`/judge/review/${entry!.id}`);
  await expect(reader.getByText("[removed]").first()).toBeVisible();
  const html = await reader.content();
  const data = await reader.request.get(`/judge/review/${entry!.id}.data`);
  expect(data.status()).toBe(200);
  const dataText = await data.text();
  expect(dataText).toContain("[removed]");
  for (const text of [html, dataText]) {
    expect(text).not.toContain(surname);
    expect(text).not.toContain(email);
  }
  const file = await reader.request.get(`/judge/review/${entry!.id}/file`, { maxRedirects: 0 });
  expect(file.status()).toBe(404);
  await judgeContext.close();
});
