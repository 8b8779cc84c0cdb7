import { expect, type Page } from "@playwright/test";
import { formatInTimeZone } from "date-fns-tz";

/**
 * A contest that runs itself, created through the admin's form as an admin would (shared by the
 * workflows spec and the two-instance PostgreSQL smoke): published, submissions closing at
 * `close` (whole minutes, the form's precision) and judging opening then, with a prompt and the
 * seeded standard rubric.
 */
export const ZONE = "America/New_York";
export const MINUTE = 60_000;
export const local = (ms: number) => formatInTimeZone(new Date(ms), ZONE, "yyyy-MM-dd'T'HH:mm");

/** The next whole minute at least one minute away: submissions close then. */
export const nextClose = (now = Date.now()) => Math.floor(now / MINUTE) * MINUTE + 2 * MINUTE;

export async function createSelfRunningContest(
  admin: Page,
  c: {
    slug: string;
    title: string;
    description: string;
    close: number;
    judgesPerSubmission: number;
    /** Judging close and results date (default: a week and eight days after the close). */
    judgingClose?: number;
    resultsAt?: number;
    prompt: { title: string; text: string };
    /** Another server instance's origin; by default the page's base URL. */
    origin?: string;
  },
) {
  await admin.goto(`${c.origin ?? ""}/admin/contests/new`);
  await admin.getByLabel("URL slug").fill(c.slug);
  await admin.getByLabel("Title", { exact: true }).fill(c.title);
  await admin.getByLabel("Description", { exact: true }).fill(c.description);
  await admin.getByLabel("Time zone").selectOption(ZONE);
  await admin.getByLabel("Submissions open").fill(local(c.close - 10 * MINUTE));
  await admin.getByLabel("Submissions close").fill(local(c.close));
  await admin.getByLabel("Judging open").fill(local(c.close));
  await admin
    .getByLabel("Judging close")
    .fill(local(c.judgingClose ?? c.close + 7 * 24 * 60 * MINUTE));
  await admin.getByLabel("Results date").fill(local(c.resultsAt ?? c.close + 8 * 24 * 60 * MINUTE));
  await admin.getByLabel("Judges per submission").fill(String(c.judgesPerSubmission));
  await admin.getByLabel("Prompt title").fill(c.prompt.title);
  await admin.getByLabel("Prompt text").fill(c.prompt.text);
  await admin.getByRole("button", { name: "Create prompt" }).click();
  await expect(admin.getByText("Prompt will be created after saving the contest.")).toBeVisible();
  await admin
    .getByLabel("Existing rubric")
    .selectOption({ label: "Standard story rubric (Flash Fiction Free-for-All)" });
  await admin.getByRole("button", { name: "Add rubric" }).click();
  await expect(admin.getByText("Rubric will be added after saving the contest.")).toBeVisible();
  await admin.getByLabel("Published", { exact: true }).check();
  await admin.getByRole("button", { name: "Create Contest" }).click();
  await expect(admin).toHaveURL(/\/admin\/contests$/);
}

/**
 * Seats site judges on the contest's panel as people would (docs/decisions/0033-judging-panel.md):
 * the admin ticks them on the contest's panel page, then each judge signs in and accepts on
 * /judge. Works on either engine, through any instance (`origin`). Only accepted judges are
 * assigned, so this runs before the contest's judging opens.
 */
export async function seatPanelThroughSite(
  admin: Page,
  newPage: () => Promise<Page>,
  c: { title: string; judges: string[]; password: string; origin?: string },
) {
  const origin = c.origin ?? "";
  await admin.goto(`${origin}/admin/contests`);
  await admin.getByRole("link", { name: `Edit ${c.title}`, exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/contests\/[^/]+\/edit$/);
  await admin
    .getByRole("navigation", { name: "Contest workspace" })
    .getByRole("link", { name: "Panel", exact: true })
    .click();
  await expect(admin).toHaveURL(/\/admin\/contests\/[^/]+\/panel$/);
  for (const email of c.judges) await admin.getByLabel(`(${email})`).check();
  await admin.getByRole("button", { name: "Invite the ticked judges" }).click();
  await expect(admin.getByTestId("toast")).toContainText("invited");
  for (const email of c.judges) {
    const judge = await newPage();
    await judge.goto(`${origin}/login`);
    await judge.getByLabel("Email").fill(email);
    await judge.getByLabel("Password").fill(c.password);
    await judge.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(judge).toHaveURL(/\/(dashboard|judge)/, { timeout: 20_000 });
    await judge.goto(`${origin}/judge`);
    await judge.getByRole("button", { name: `Accept: judge ${c.title}` }).click();
    await expect(judge.getByTestId("toast")).toContainText("Welcome to the panel");
    await judge.close();
  }
}
