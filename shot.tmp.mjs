import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const shots = process.argv.slice(2);
const ctx = await b.newContext({ viewport: { width: 1100, height: 900 } });
const page = await ctx.newPage();
for (const s of shots) {
  const [who, path, file, width] = s.split("|");
  if (who !== "visitor") {
    await ctx.clearCookies();
    await page.goto("http://localhost:3600/login");
    await page.getByLabel("Email").fill(who);
    await page.getByLabel("Password").fill("inkwell-demo");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForLoadState("networkidle");
  }
  if (width) await page.setViewportSize({ width: Number(width), height: 900 });
  await page.goto("http://localhost:3600" + path);
  await page.screenshot({ path: file, fullPage: true });
}
await b.close();
