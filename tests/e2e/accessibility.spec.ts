import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ROLES } from "../authz/types";
import { createAuthzFixture } from "./judging-fixtures";
import { ACCOUNTS, pagesFor } from "./role-pages";
import { signIn } from "./utils";

// Every page each role can open (every GET row of the authorization table answering 200), checked
// with axe at desktop width and at 320 px: any serious or critical finding fails. The pages are
// the same with JavaScript off, so one project is enough
// (docs/decisions/0030-one-error-style-and-checked-promises.md).
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs in the page; once is enough");

const WIDTHS = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "320 px", viewport: { width: 320, height: 640 } },
] as const;

/** The page's content type; one retry when the server closed a kept-alive connection. */
async function contentType(page: Page, path: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await page.request.get(path, { maxRedirects: 0 });
      return res.headers()["content-type"] ?? "";
    } catch (error) {
      if (attempt > 0 || !String(error).includes("ECONNRESET")) throw error;
    }
  }
}

test.beforeAll(async () => {
  // The judge's review pages and the entrant's file entry of the authorization table.
  await createAuthzFixture();
});

for (const role of ROLES) {
  for (const { name, viewport } of WIDTHS) {
    test(`every page a ${role} can open has no serious accessibility finding (${name})`, async ({
      page,
    }) => {
      test.setTimeout(600_000);
      await page.setViewportSize(viewport);
      if (role !== "visitor") {
        await signIn(page, ACCOUNTS[role]);
        await expect(page).toHaveURL(/\/dashboard$/);
      }
      const failures: string[] = [];
      for (const path of pagesFor(role)) {
        if (!(await contentType(page, path)).includes("text/html")) continue; // files, CSV
        await page.goto(path);
        const { violations, passes } = await new AxeBuilder({ page }).analyze();
        // Rules that passed: the page was really checked, not an empty document.
        expect(passes.length, path).toBeGreaterThan(10);
        for (const v of violations) {
          if (v.impact !== "serious" && v.impact !== "critical") continue;
          const where = v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(" "))
            .join(" | ");
          failures.push(`${path}: [${v.impact}] ${v.id} (${v.help}) at ${where}`);
        }
      }
      expect(failures, failures.join("\n")).toEqual([]);
    });
  }
}
