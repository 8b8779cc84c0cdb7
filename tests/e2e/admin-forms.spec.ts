import { expect, test, type Page } from "@playwright/test";
import { e2ePrisma } from "./db";
import { ADMIN, signIn } from "./utils";

// Admin forms: what the admin sees after a save, the contest form's layout and focus, a missing
// file. Every flow runs with JavaScript on and off.
let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${process.pid}-${seq++}`;

async function asAdmin(page: Page) {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
}

/** A seeded account's id. */
const userId = async (email: string) =>
  (await e2ePrisma().user.findUniqueOrThrow({ where: { email }, select: { id: true } })).id;

/** A seeded contest's id. */
const contestId = async (slug: string) =>
  (await e2ePrisma().contest.findUniqueOrThrow({ where: { slug }, select: { id: true } })).id;

/** A draft contest of its own with a rubric that one judge has scored. */
async function scoredRubric() {
  const tag = `${Date.now().toString(36)}${process.pid}${seq++}`;
  const now = Date.now();
  const DAY = 86_400_000;
  const at = (days: number) => new Date(now + days * DAY);
  const id = (what: string) => `${what}${tag}`;
  const criteria = JSON.stringify([
    { key: "voice", label: "Voice", maxPoints: 10, weight: 0.6, requireComment: false },
    { key: "plot", label: "Plot", maxPoints: 10, weight: 0.4, requireComment: false },
  ]);
  const [writer, judge] = await Promise.all([
    userId("writer4@inkwell.test"),
    userId("judge3@inkwell.test"),
  ]);
  await e2ePrisma().contest.create({
    data: {
      id: id("c"),
      slug: `scored-${tag}`,
      title: `Scored ${tag}`,
      description: "A contest for the rubric edit test.",
      anonymous: true,
      isPublished: false,
      wordMin: 5,
      wordMax: 500,
      entryFeeCents: 0,
      timeZone: "America/New_York",
      submissionsOpen: at(-3),
      submissionsClose: at(-2),
      judgingOpen: at(-1),
      judgingClose: at(1),
      resultsAt: at(2),
      rubrics: { create: { id: id("r"), name: "Scored rubric", criteria } },
      submissions: {
        create: {
          id: id("s"),
          entrantId: writer,
          title: "Scored entry",
          body: "a b c",
          wordCount: 3,
          status: "submitted",
        },
      },
    },
  });
  await e2ePrisma().judgeAssignment.create({
    data: {
      id: id("a"),
      contestId: id("c"),
      judgeId: judge,
      submissionId: id("s"),
      score: {
        create: {
          id: id("x"),
          rubricId: id("r"),
          judgeId: judge,
          submissionId: id("s"),
          scores: JSON.stringify({ voice: 8, plot: 6 }),
          total: 7.2,
          submittedAt: new Date(now),
        },
      },
    },
  });
  return { id: id("r"), criteria };
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

test("a corrected prompt form, once saved, shows no old error and starts empty", async ({
  page,
}) => {
  await asAdmin(page);
  await page.goto(`/admin/contests/${await contestId("flash-fiction-free-for-all")}/prompts`);
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
  expect(await e2ePrisma().prompt.count({ where: { title } })).toBe(1);
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
    await e2ePrisma().contest.findUnique({ where: { slug }, select: { entriesPerWriter: true } }),
  ).toEqual({ entriesPerWriter: 2 });
  await page.goto(`/contests/${slug}`);
  await expect(page.getByText("Up to 2 entries per writer.")).toBeVisible();
});

test("downloading an entry whose stored file is missing keeps the admin on the page with an error", async ({
  page,
}) => {
  const id = `lost${Date.now().toString(36)}${process.pid}${seq++}`;
  const contest = await contestId("winter-tales-2026");
  const writer = await userId("writer3@inkwell.test");
  await e2ePrisma().submission.create({
    data: {
      id,
      contestId: contest,
      entrantId: writer,
      title: "Lost File",
      filePath: `${writer}/${contest}/1.pdf`,
      fileName: "lost.pdf",
      fileType: "application/pdf",
      fileSize: 1000,
      wordCount: 0,
      status: "submitted",
    },
  });

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
  await e2ePrisma().prompt.create({
    data: { id: prompt.id, contestId: null, title: prompt.title, body: "Something has vanished." },
  });
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
  expect((await e2ePrisma().prompt.findUnique({ where: { id: prompt.id } }))?.title).toBe(newTitle);

  const rubric = await scoredRubric();
  await page.goto(`/admin/rubrics/${rubric.id}/edit`);
  await expect(page.getByText("This rubric has submitted scores")).toBeVisible();
  await expect(page.getByLabel("Weight")).toHaveCount(0);
  await expect(page.getByLabel("Key")).toHaveCount(0);
  const label = unique("Voice and style");
  await page.getByLabel("Label").first().fill(label);
  await page.getByRole("button", { name: "Save Rubric" }).click();
  await expect(page.getByTestId("toast")).toContainText("Rubric updated");
  const after = JSON.parse(
    (await e2ePrisma().rubric.findUniqueOrThrow({ where: { id: rubric.id } })).criteria,
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
