import { expect, test, type Page } from "@playwright/test";
import { allRoutes } from "../authz";
import { ROLES, type AuthzContext, type AuthzRole } from "../authz/types";
import { ADMIN, ENTRANT, JUDGE, e2eDb, signIn } from "./utils";

// Every page each role can open (every GET row of the authorization table answering 200), at
// 320 px: nothing may scroll sideways. Runs with JavaScript on and off.
const ACCOUNTS: Record<Exclude<AuthzRole, "visitor">, string> = {
  entrant: ENTRANT,
  judge: JUDGE,
  admin: ADMIN,
};

test.use({ viewport: { width: 320, height: 640 } });

function pagesFor(role: AuthzRole) {
  const db = e2eDb();
  const ctx: AuthzContext = {
    db,
    id: (sql, ...params) => {
      const row = db.prepare(sql).get(...params) as { id: string } | undefined;
      if (!row) throw new Error(`fixture not found: ${sql}`);
      return row.id;
    },
  };
  try {
    const paths: string[] = [];
    for (const r of allRoutes) {
      if ((r.method ?? "GET") !== "GET" || r[role] !== 200) continue;
      try {
        paths.push(typeof r.path === "function" ? r.path(ctx) : r.path);
      } catch {
        // A row whose fixture another spec makes (the authorization walk): when that spec has
        // not run yet, the same page is still covered by the rows on the demo data.
      }
    }
    return [...new Set(paths)];
  } finally {
    db.close();
  }
}

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
