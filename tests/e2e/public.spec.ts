import { expect, test } from "@playwright/test";

test("home page has its parts, and the FAQ opens without JavaScript", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse Contests" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Submit Your Work" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Judged by Professionals" })).toBeVisible();
  const questions = page.locator("main details summary"); // the header menu is a <details> too
  await expect(questions).toHaveCount(6);
  const first = page.locator("main details").first();
  await expect(first).not.toHaveAttribute("open", "");
  await questions.first().click();
  await expect(first).toHaveAttribute("open", "");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: /Terms/ })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(String(new Date().getFullYear()));
});

test("unknown paths answer 404 with 'Oops! Page not found' and a way home", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  // Its own title, not the home page's (docs/decisions/0027-narrow-screens.md).
  await expect(page).toHaveTitle("Page not found · Inkwell");
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveTitle("Inkwell — Writing contests for young authors");
  await expect(page).toHaveURL(/\/$/);
});

test("legal pages explain anonymous judging, children's privacy and account deletion", async ({
  page,
}) => {
  await page.goto("/legal/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(/under 13/i);
  await expect(page.getByRole("main")).toContainText(/anonym/i);
  await expect(page.getByRole("main")).toContainText(/delete/i);
  await page.goto("/legal/terms");
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
});

test("security headers are on every response", async ({ request }) => {
  for (const path of ["/", "/login", "/no-such-page"]) {
    const res = await request.get(path);
    const h = res.headers();
    expect(h["content-security-policy"]).toMatch(/script-src[^;]*'nonce-[A-Za-z0-9+/=]+'/);
    expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBeTruthy();
    expect(h["strict-transport-security"]).toContain("max-age=");
  }
});

test("cross-site form posts are refused", async ({ request }) => {
  const res = await request.post("/login", {
    form: { intent: "signin", email: "admin@inkwell.test", password: "inkwell-demo" },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(403);
  const sameSite = await request.post("/login", {
    form: { intent: "signin", email: "admin@inkwell.test", password: "wrong" },
    headers: { Origin: new URL(res.url()).origin },
    maxRedirects: 0,
  });
  expect(sameSite.status()).toBe(400);
});
