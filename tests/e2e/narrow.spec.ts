import { expect, test, type Locator, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ROLES } from "../authz/types";
import { e2ePrisma } from "./db";
import { createAccountLike } from "./fixtures/accounts";
import { ensureSomeLifecycleSteps } from "./fixtures/contests";
import { logEmails } from "./fixtures/emails";
import { assign, createJudge, createJudgingContest } from "./judging-fixtures";
import { ACCOUNTS, pagesFor } from "./role-pages";
import { ADMIN, E2E_PORT, ENTRANT, signIn } from "./utils";

// Every page each role can open (every GET row of the authorization table answering 200), at
// 320 px: nothing may scroll sideways. Runs with JavaScript on and off.
test.use({ viewport: { width: 320, height: 640 } });

async function overflowOf(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    // the widest element, to name the culprit in a failure
    widest: [...document.querySelectorAll("body *")]
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter((x) => x.right > 321)
      .slice(0, 3)
      .map(
        (x) =>
          `${x.el.tagName.toLowerCase()}.${String(x.el.getAttribute("class") ?? "").slice(0, 60)} (${Math.round(x.right)}px): ${(x.el.textContent ?? "").trim().slice(0, 40)}`,
      ),
  }));
}

for (const role of ROLES) {
  test(`every page a ${role} can open fits a 320 px screen`, async ({ page }) => {
    test.setTimeout(120_000);
    if (role !== "visitor") {
      await signIn(page, ACCOUNTS[role]);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
    const failures: string[] = [];
    for (const path of pagesFor(role)) {
      const head = await page.request.get(path);
      if (!head.headers()["content-type"]?.includes("text/html")) continue; // files, CSV
      await page.goto(path);
      const { scrollWidth, widest } = await overflowOf(page);
      if (scrollWidth > 320) failures.push(`${path}: ${scrollWidth}px wide; ${widest.join(" | ")}`);
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });
}

test("the header's menu opens at 320 px and its links work", async ({ page }) => {
  await signIn(page, ENTRANT);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("link", { name: "Account" })).toBeHidden();
  await page.locator("summary", { hasText: "Menu" }).click();
  await page.getByRole("link", { name: "Account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.locator("summary", { hasText: "Menu" }).click();
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
  expect((await overflowOf(page)).scrollWidth).toBeLessThanOrEqual(320);
});

// The defects seen at 320 px, one page each (docs/decisions/0027-narrow-screens.md).

/**
 * Words broken in the middle inside the elements: two letters or digits in a row that the browser
 * put on different lines. A break at a space, a hyphen, an "@" or a dot is fine.
 */
async function wordsBrokenInside(elements: Locator) {
  return elements.evaluateAll((els) => {
    const broken: string[] = [];
    const letter = /[\p{L}\p{N}]/u;
    for (const el of els) {
      const chars: { node: Text; i: number; c: string }[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n as Text;
        for (let i = 0; i < text.data.length; i++) chars.push({ node: text, i, c: text.data[i] });
      }
      const top = (k: number) => {
        const range = document.createRange();
        range.setStart(chars[k].node, chars[k].i);
        range.setEnd(chars[k].node, chars[k].i + 1);
        const rects = range.getClientRects();
        return rects.length ? rects[0].top : null;
      };
      for (let k = 1; k < chars.length; k++) {
        // Within one text node only: an element boundary (a <wbr>, a badge) is not a word.
        if (chars[k - 1].node !== chars[k].node) continue;
        if (!letter.test(chars[k - 1].c) || !letter.test(chars[k].c)) continue;
        const [a, b] = [top(k - 1), top(k)];
        if (a !== null && b !== null && b > a + 2) {
          const all = chars.map((x) => x.c).join("");
          broken.push(`${all.slice(Math.max(0, k - 12), k)}|${all.slice(k, k + 12)}`);
        }
      }
    }
    return broken;
  });
}

test("the e-mail log is a list of cards on a phone, not columns one letter wide", async ({
  page,
}) => {
  // Messages as the local default logs them: long addresses, subjects and bodies.
  const tag = randomBytes(4).toString("hex");
  await logEmails(
    Array.from({ length: 8 }, (_, i) => ({
      id: `narrow${tag}${i}`,
      to: `quillfeather.parent${i}.${tag}@example-school-district.test`,
      template: "submission-confirmation",
      subject: `We received your entry "The Lighthouse Keeper's Daughter" (${tag})`,
      body: "Hello,\n\nThanks for your entry. Read it on your dashboard.\n\nThe Inkwell team",
    })),
  );
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/admin/emails");
  const rows = page.locator("main tbody tr");
  await expect(rows.filter({ hasText: tag }).first()).toBeVisible();
  expect((await overflowOf(page)).scrollWidth).toBeLessThanOrEqual(320);
  const sizes = await rows.evaluateAll((trs) =>
    trs.map((tr) => ({
      height: tr.getBoundingClientRect().height,
      narrowest: Math.min(
        ...[...tr.querySelectorAll("td")]
          .filter((td) => td.getBoundingClientRect().width > 0)
          .map((td) => td.getBoundingClientRect().width),
      ),
    })),
  );
  // Before: every column a letter or two wide, each row over 1,000 px tall (24,854 px a page).
  for (const { height, narrowest } of sizes) {
    expect(narrowest).toBeGreaterThan(150);
    // Other tests' messages share the log: a long subject wraps to a few more lines.
    expect(height).toBeLessThan(600);
  }
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(pageHeight).toBeLessThan(1_000 + 600 * sizes.length);
  if (sizes.length <= 10) expect(pageHeight).toBeLessThan(5_000);
  // Each value keeps its column's name as a visible label; the header row stays for screen readers.
  const first = rows.filter({ hasText: tag }).first();
  const label = await first
    .locator("td")
    .nth(1)
    .evaluate((td) => getComputedStyle(td, "::before").content);
  expect(label).toContain("Recipient");
  await expect(page.getByRole("columnheader", { name: "Recipient" })).toHaveCount(1);
  expect(await wordsBrokenInside(first.locator("td").nth(1))).toEqual([]);
});

test("the workflows table breaks no word at 320 px", async ({ page }) => {
  // The seeded contests have lifecycle steps; if this database has none yet, one contest gets
  // far-future steps (nothing runs them during the test).
  await ensureSomeLifecycleSteps("young-voices-short-story-2027");
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/admin/workflows");
  const cells = page.locator("main tbody td");
  await expect(cells.first()).toBeVisible();
  expect((await overflowOf(page)).scrollWidth).toBeLessThanOrEqual(320);
  expect(await wordsBrokenInside(cells)).toEqual([]);
});

test("a judge's download button holds its whole label at 320 px", async ({ page }) => {
  const fixture = await createJudgingContest("narrow");
  const judge = await createJudge("narrow");
  const fileEntry = fixture.entries.find((e) => e.fileName)!;
  // A Word file: its neutral name ("entry-1a2b3c4d.docx") no longer fits one line of the card.
  const { filePath } = await e2ePrisma().submission.findUniqueOrThrow({
    where: { id: fileEntry.id },
    select: { filePath: true },
  });
  const docx = filePath!.replace(/\.txt$/, ".docx");
  const uploads = path.resolve(`tests/.data/e2e-${E2E_PORT}/uploads`);
  fs.renameSync(path.join(uploads, filePath!), path.join(uploads, docx));
  await e2ePrisma().submission.update({
    where: { id: fileEntry.id },
    data: {
      filePath: docx,
      fileType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    },
  });
  await assign(fixture, judge.email, [fileEntry.id]);
  await signIn(page, judge.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/judge/review/${fileEntry.id}`);
  const download = page.getByRole("link", { name: /^Download / });
  await expect(download).toBeVisible();
  const box = await download.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
    scrollHeight: el.scrollHeight,
    clientHeight: el.clientHeight,
    right: el.getBoundingClientRect().right,
  }));
  expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
  expect(box.scrollHeight).toBeLessThanOrEqual(box.clientHeight);
  expect(box.right).toBeLessThanOrEqual(320);
  expect((await overflowOf(page)).scrollWidth).toBeLessThanOrEqual(320);
});

test("contest titles take the card's width at 320 px, the phase badge goes under them", async ({
  page,
}) => {
  await page.goto("/contests");
  const titles = page.locator("main li h2");
  await expect(titles.first()).toBeVisible();
  const ratios = await titles.evaluateAll((hs) =>
    hs.map((h) => ({
      title: h.textContent,
      ratio: h.getBoundingClientRect().width / h.parentElement!.getBoundingClientRect().width,
    })),
  );
  for (const { title, ratio } of ratios) expect(ratio, title ?? "").toBeGreaterThan(0.9);
});

test("e-mail addresses on the account page break only after the @ or before a dot", async ({
  page,
}) => {
  // A long address, as parents' and schools' often are (an account made like the judge fixtures).
  const email = `quillfeather.longname.${randomBytes(3).toString("hex")}@example-school-district.test`;
  await createAccountLike({ email, displayName: "Writer 4821", passwordOf: ENTRANT });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/account");
  // Every element whose own text is the address (the profile and the change-address card).
  const holders = page.locator("main *", { hasText: email }).filter({
    hasNot: page.locator("*", { hasText: email }),
  });
  expect(await holders.count()).toBeGreaterThanOrEqual(2);
  expect(await wordsBrokenInside(holders)).toEqual([]);
  expect((await overflowOf(page)).scrollWidth).toBeLessThanOrEqual(320);
});
