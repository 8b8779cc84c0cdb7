import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import path from "node:path";
import { ADMIN, E2E_PORT, e2eDb, signIn } from "./utils";

// Admin forms: what the admin sees after a save, the contest form's layout and focus, a missing
// file. Every flow runs with JavaScript on and off.
const dataDir = path.resolve(`tests/.data/e2e-${E2E_PORT}`);
let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${process.pid}-${seq++}`;

function one<T>(sql: string, ...params: unknown[]) {
  const db = e2eDb();
  try {
    return db.prepare(sql).get(...params) as T | undefined;
  } finally {
    db.close();
  }
}

async function asAdmin(page: Page) {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
}

/** A draft contest of its own with a rubric that one judge has scored. */
function scoredRubric() {
  const db = new Database(path.join(dataDir, "e2e.db"));
  db.pragma("busy_timeout = 5000");
  const tag = `${Date.now().toString(36)}${process.pid}${seq++}`;
  const iso = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");
  const now = Date.now();
  const DAY = 86_400_000;
  const id = (what: string) => `${what}${tag}`;
  const user = (email: string) =>
    (db.prepare("SELECT id FROM User WHERE email = ?").get(email) as { id: string }).id;
  const criteria = JSON.stringify([
    { key: "voice", label: "Voice", maxPoints: 10, weight: 0.6, requireComment: false },
    { key: "plot", label: "Plot", maxPoints: 10, weight: 0.4, requireComment: false },
  ]);
  try {
    db.prepare(
      `INSERT INTO Contest (id, slug, title, description, anonymous, isPublished, wordMin, wordMax, entryFeeCents, timeZone,
        submissionsOpen, submissionsClose, judgingOpen, judgingClose, resultsAt, createdAt, updatedAt)
       VALUES (?, ?, ?, 'A contest for the rubric edit test.', 1, 0, 5, 500, 0, 'America/New_York', ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id("c"),
      `scored-${tag}`,
      `Scored ${tag}`,
      iso(now - 3 * DAY),
      iso(now - 2 * DAY),
      iso(now - DAY),
      iso(now + DAY),
      iso(now + 2 * DAY),
      iso(now),
      iso(now),
    );
    db.prepare(
      "INSERT INTO Rubric (id, contestId, name, criteria, createdAt) VALUES (?, ?, 'Scored rubric', ?, ?)",
    ).run(id("r"), id("c"), criteria, iso(now));
    db.prepare(
      "INSERT INTO Submission (id, contestId, entrantId, title, body, wordCount, status, createdAt, updatedAt) VALUES (?, ?, ?, 'Scored entry', 'a b c', 3, 'submitted', ?, ?)",
    ).run(id("s"), id("c"), user("writer4@inkwell.test"), iso(now), iso(now));
    db.prepare(
      "INSERT INTO JudgeAssignment (id, contestId, judgeId, submissionId, createdAt) VALUES (?, ?, ?, ?, ?)",
    ).run(id("a"), id("c"), user("judge3@inkwell.test"), id("s"), iso(now));
    db.prepare(
      `INSERT INTO Score (id, assignmentId, rubricId, judgeId, submissionId, scores, total, submittedAt, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, ?, '{"voice":8,"plot":6}', 7.2, ?, ?, ?)`,
    ).run(
      id("x"),
      id("a"),
      id("r"),
      user("judge3@inkwell.test"),
      id("s"),
      iso(now),
      iso(now),
      iso(now),
    );
  } finally {
    db.close();
  }
  return { id: id("r"), criteria };
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

test("a corrected prompt form, once saved, shows no old error and starts empty", async ({
  page,
}) => {
  await asAdmin(page);
  const contest = one<{ id: string }>(
    "SELECT id FROM Contest WHERE slug = 'flash-fiction-free-for-all'",
  )!;
  await page.goto(`/admin/contests/${contest.id}/prompts`);
  await page.waitForLoadState("networkidle"); // typed before hydration, a value can be reset
  const title = unique("Tide");
  await page.getByLabel("Prompt title").fill(title);
  await page.getByLabel("Prompt text").fill("short");
  await page.getByRole("button", { name: "Add Prompt" }).click();
  await expect(page.getByText("Prompt text must be at least 10 characters")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Prompt text").fill("The tide brings something back every night.");
  await page.getByRole("button", { name: "Add Prompt" }).click();
  await expect(page.getByTestId("toast")).toContainText("Prompt added successfully");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("Prompt text must be at least 10 characters")).toHaveCount(0);
  await expect(page.getByLabel("Prompt title")).toHaveValue("");
  await expect(page.getByLabel("Prompt text")).toHaveValue("");
  expect(one("SELECT id FROM Prompt WHERE title = ?", title)).toBeTruthy();
});

test("contest form: no weight warning until a rubric is built, Sign Out outside the form, focus stays where the admin works, entries per writer saved", async ({
  page,
}) => {
  await asAdmin(page);
  await page.goto("/admin/contests/new");
  const form = page.getByRole("form", { name: "Create contest" });
  await expect(form.getByRole("button", { name: "Sign Out" })).toHaveCount(0);
  await expect(page.getByTestId("total-weight")).toHaveCount(0);

  const slug = unique("e2e-focus");
  await page.getByLabel("URL slug").fill(slug);
  await page.getByLabel("Title", { exact: true }).fill(`Focus ${slug}`);
  await page.getByLabel("Description", { exact: true }).fill("A contest made by the tests.");
  await page.getByLabel("Entries per writer").fill("2");

  await page.getByLabel("Key").fill("voice");
  await page.getByLabel("Label").fill("Voice");
  await page.getByLabel("Weight").fill("1");
  await page.getByRole("button", { name: "Add criterion" }).click();
  await expect(page.getByTestId("total-weight")).toHaveText("Total weight: 1.00");
  expect(await focusedId(page)).toBe("rubric-key");

  await page.getByLabel("Prompt title").fill("The lighthouse");
  await page.getByLabel("Prompt text").fill("Nobody has kept the lighthouse for years.");
  await page.getByRole("button", { name: "Create prompt" }).click();
  await expect(page.getByText("Prompt will be created after saving the contest.")).toBeVisible();
  expect(await focusedId(page)).toBe("promptTitle");
  await expect(page.getByLabel("Entries per writer")).toHaveValue("2");

  await page.getByLabel("Rubric name").fill("Focus rubric");
  await page.getByRole("button", { name: "Create rubric" }).click();
  await page.getByRole("button", { name: "Create Contest" }).click();
  await expect(page).toHaveURL(/\/admin\/contests$/);
  expect(
    one<{ entriesPerWriter: number }>("SELECT entriesPerWriter FROM Contest WHERE slug = ?", slug),
  ).toEqual({ entriesPerWriter: 2 });
  await page.goto(`/contests/${slug}`);
  await expect(page.getByText("Up to 2 entries per writer.")).toBeVisible();
});

test("downloading an entry whose stored file is missing keeps the admin on the page with an error", async ({
  page,
}) => {
  const db = new Database(path.join(dataDir, "e2e.db"));
  db.pragma("busy_timeout = 5000");
  const id = `lost${Date.now().toString(36)}${process.pid}${seq++}`;
  const contestId = (
    db.prepare("SELECT id FROM Contest WHERE slug = 'winter-tales-2026'").get() as { id: string }
  ).id;
  const userId = (
    db.prepare("SELECT id FROM User WHERE email = 'writer3@inkwell.test'").get() as { id: string }
  ).id;
  const now = new Date().toISOString().replace("Z", "+00:00");
  db.prepare(
    `INSERT INTO Submission (id, contestId, entrantId, title, filePath, fileName, fileType, fileSize, wordCount, status, createdAt, updatedAt)
     VALUES (?, ?, ?, 'Lost File', ?, 'lost.pdf', 'application/pdf', 1000, 0, 'submitted', ?, ?)`,
  ).run(id, contestId, userId, `${userId}/${contestId}/1.pdf`, now, now);
  db.close();

  await asAdmin(page);
  const downloads: string[] = [];
  page.on("download", (d) => downloads.push(d.suggestedFilename()));
  await page.goto(`/admin/submissions/${id}`);
  await page.getByRole("link", { name: "Download lost.pdf" }).click();
  await expect(page.getByTestId("toast")).toContainText("Failed to download file");
  await expect(page).toHaveURL(new RegExp(`/admin/submissions/${id}$`));
  await expect(page.getByRole("heading", { name: "Lost File" })).toBeVisible();
  expect(downloads).toEqual([]);
});

test("edit a prompt; edit a scored rubric's labels, with its keys, maxima and weights read-only", async ({
  page,
}) => {
  await asAdmin(page);
  const prompt = { id: `p${Date.now().toString(36)}${seq++}`, title: unique("The locked room") };
  const db = new Database(path.join(dataDir, "e2e.db"));
  db.pragma("busy_timeout = 5000");
  db.prepare(
    "INSERT INTO Prompt (id, contestId, title, body, createdAt) VALUES (?, NULL, ?, 'Something has vanished.', ?)",
  ).run(prompt.id, prompt.title, new Date().toISOString().replace("Z", "+00:00"));
  db.close();
  await page.goto("/admin/prompts");
  await page
    .getByRole("link", { name: `Edit prompt ${prompt.title}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/prompts/${prompt.id}/edit$`));
  await expect(page.getByLabel("Prompt title")).toHaveValue(prompt.title);
  const newTitle = unique("Locked room");
  await page.getByLabel("Prompt title").fill(newTitle);
  await page.getByLabel("Prompt text").fill("short");
  await page.getByRole("button", { name: "Save Prompt" }).click();
  await expect(page.getByText("Prompt text must be at least 10 characters")).toBeVisible();
  await page.getByLabel("Prompt text").fill("Something vanished from a room nobody could enter.");
  await page.getByRole("button", { name: "Save Prompt" }).click();
  await expect(page.getByTestId("toast")).toContainText("Prompt updated");
  expect(one<{ title: string }>("SELECT title FROM Prompt WHERE id = ?", prompt.id)?.title).toBe(
    newTitle,
  );

  const rubric = scoredRubric();
  await page.goto(`/admin/rubrics/${rubric.id}/edit`);
  await expect(page.getByText("This rubric has submitted scores")).toBeVisible();
  await expect(page.getByLabel("Weight")).toHaveCount(0);
  await expect(page.getByLabel("Key")).toHaveCount(0);
  const label = unique("Voice and style");
  await page.getByLabel("Label").first().fill(label);
  await page.getByRole("button", { name: "Save Rubric" }).click();
  await expect(page.getByTestId("toast")).toContainText("Rubric updated");
  const after = JSON.parse(
    one<{ criteria: string }>("SELECT criteria FROM Rubric WHERE id = ?", rubric.id)!.criteria,
  );
  const before = JSON.parse(rubric.criteria);
  expect(after[0]).toEqual({ ...before[0], label });
  expect(after.map((c: { weight: number }) => c.weight)).toEqual(
    before.map((c: { weight: number }) => c.weight),
  );

  // A crafted post that changes a weight is refused with a clear message.
  const res = await page.request.post(`/admin/rubrics/${rubric.id}/edit`, {
    form: {
      name: "Standard story rubric",
      ...Object.fromEntries(
        before.flatMap((c: { key: string; label: string; weight: number }, i: number) => [
          [`criteria[${i}].label`, c.label],
          [`criteria[${i}].weight`, String(i === 0 ? c.weight + 0.1 : c.weight)],
        ]),
      ),
    },
  });
  expect(res.status()).toBe(400);
  expect(await res.text()).toContain("already has submitted scores");
});
