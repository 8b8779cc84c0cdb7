import { expect, test, type Page } from "@playwright/test";
import { e2ePrisma } from "./db";
import { ADMIN, signIn } from "./utils";

// Contest administration. Every flow runs with JavaScript on and off.

let seq = 0;
function unique(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${seq++}`;
}

/** The contest with this slug as stored, or undefined. */
async function contestBySlug(slug: string) {
  return (await e2ePrisma().contest.findUnique({ where: { slug } })) ?? undefined;
}

/** The contest a prompt (by id or title) is assigned to; undefined when there is no such prompt. */
async function promptContest(where: { id: string } | { title: string }) {
  const prompt = await e2ePrisma().prompt.findFirst({ where, select: { contestId: true } });
  return prompt?.contestId;
}

/** The ids of the prompts assigned to a contest. */
const contestPrompts = (contestId: string) =>
  e2ePrisma().prompt.findMany({ where: { contestId }, select: { id: true, title: true } });

async function asAdmin(page: Page) {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
}

/** Fills the basic fields of the new-contest form (the default timeline is valid). */
async function fillBasics(page: Page, slug: string, title: string) {
  await page.getByLabel("URL slug").fill(slug);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page
    .getByLabel("Description", { exact: true })
    .fill("A contest made by the end-to-end tests.");
}

/** Creates a contest through the form with one staged new prompt (and optionally nothing else). */
async function createContestWithPrompt(page: Page, slug: string, title: string) {
  await page.goto("/admin/contests/new");
  await fillBasics(page, slug, title);
  await page.getByLabel("Prompt title").fill("A door opens");
  await page.getByLabel("Prompt text").fill("Write about a door that should have stayed closed.");
  await page.getByRole("button", { name: "Create prompt" }).click();
  await expect(page.getByText("Prompt will be created after saving the contest.")).toBeVisible();
  await page.getByRole("button", { name: "Create Contest" }).click();
  await expect(page).toHaveURL(/\/admin\/contests$/);
  await expect(page.getByTestId("toast")).toContainText(
    "Contest created with all prompts and rubrics",
  );
  const row = await contestBySlug(slug);
  expect(row).toBeTruthy();
  return row!;
}

test("admin creates a contest with a staged new prompt and a staged existing rubric", async ({
  page,
  javaScriptEnabled,
}) => {
  await asAdmin(page);
  await page.goto("/admin/contests");
  await page.getByRole("link", { name: "Create Contest" }).click();
  await expect(page).toHaveURL(/\/admin\/contests\/new$/);

  const slug = unique("e2e-story");
  const title = `Staged ${slug}`;
  // The slug is lowercased and other characters become hyphens (by the input with JS, by the server without).
  await fillBasics(page, `${slug.toUpperCase()} x`, title);
  await page.getByLabel("Entry fee (cents)").fill("1500");
  if (javaScriptEnabled) {
    // With JavaScript the slug input and the fee preview update as the admin types.
    await expect(page.getByLabel("URL slug")).toHaveValue(`${slug}-x`);
    await expect(page.getByTestId("fee-preview")).toHaveText("Entrants pay $15.00");
  }
  await page.getByLabel("Time zone").selectOption("America/New_York");
  await page.getByLabel("Submissions open").fill("2027-03-01T09:00");
  await page.getByLabel("Submissions close").fill("2027-04-01T23:59");
  await page.getByLabel("Judging open").fill("2027-04-02T00:00");
  await page.getByLabel("Judging close").fill("2027-05-01T00:00");
  await page.getByLabel("Results date").fill("2027-05-15T12:00");

  // A prompt with a blank text is refused with the spec's message; nothing typed is lost.
  await page.getByLabel("Prompt title").fill("The lighthouse");
  await page.getByRole("button", { name: "Create prompt" }).click();
  await expect(page.getByText("Prompt title and text are required").first()).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);

  await page.getByLabel("Prompt text").fill("Write about a light that keeps someone safe.");
  await page.getByRole("button", { name: "Create prompt" }).click();
  await expect(page.getByText("Prompt will be created after saving the contest.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Contest prompts" })).toContainText("The lighthouse");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByTestId("fee-preview")).toHaveText("Entrants pay $15.00");

  await page
    .getByLabel("Existing rubric")
    .selectOption({ label: "Standard story rubric (Flash Fiction Free-for-All)" });
  await page.getByRole("button", { name: "Add rubric" }).click();
  await expect(page.getByText("Rubric will be added after saving the contest.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Contest rubrics" })).toContainText(
    "Standard story rubric",
  );
  await expect(page.getByRole("list", { name: "Contest rubrics" })).toContainText(
    "Voice and style",
  );

  await page.getByRole("button", { name: "Create Contest" }).click();
  await expect(page).toHaveURL(/\/admin\/contests$/);
  await expect(page.getByTestId("toast")).toContainText(
    "Contest created with all prompts and rubrics",
  );
  await expect(page.getByTestId("contest-row").filter({ hasText: title })).toContainText("Draft");

  const contest = await contestBySlug(`${slug} x`.replace(/[^a-z0-9-]/g, "-"));
  expect(contest, "saved with the normalised slug").toBeTruthy();
  expect(contest!.isPublished).toBe(false);
  expect(contest!.submissionsOpen.toISOString()).toBe("2027-03-01T14:00:00.000Z");
  expect(contest!.judgingClose.toISOString()).toBe("2027-05-01T04:00:00.000Z");
  const prompts = await contestPrompts(contest!.id);
  expect(prompts.map((p) => p.title)).toEqual(["The lighthouse"]);
  const rubrics = await e2ePrisma().rubric.findMany({
    where: { contestId: contest!.id },
    select: { id: true, name: true, criteria: true },
  });
  expect(rubrics.map((r) => r.name)).toEqual(["Standard story rubric"]);
  // The existing rubric was copied, not moved: the free contest still has its own.
  const source = await e2ePrisma().rubric.findFirstOrThrow({
    where: { contest: { slug: "flash-fiction-free-for-all" } },
    select: { id: true, criteria: true },
  });
  expect(source.id).not.toBe(rubrics[0].id);
  expect(JSON.parse(rubrics[0].criteria)).toEqual(JSON.parse(source.criteria));
});

test("contest form validation shows the spec's messages and saves nothing", async ({ page }) => {
  await asAdmin(page);
  await page.goto("/admin/contests/new");
  const slug = unique("e2e-invalid");
  await fillBasics(page, slug, "Invalid contest");
  await page.getByLabel("Min words").fill("1000");
  await page.getByLabel("Max words").fill("1000");
  await page.getByLabel("Entry fee (cents)").fill("100001");
  await page.getByLabel("Submissions open").fill("2027-03-01T09:00");
  await page.getByLabel("Submissions close").fill("2027-03-01T09:00");
  await page.getByLabel("Judging open").fill("2027-02-01T00:00");
  await page.getByLabel("Judging close").fill("2027-02-01T00:00");
  await page.getByLabel("Results date").fill("2027-01-01T00:00");
  await page.getByRole("button", { name: "Create Contest" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Error" });
  for (const message of [
    "Maximum word count must be greater than minimum",
    "Entry fee must be less than $1000",
    "Submissions close date must be after open date",
    "Judging open date must be after submissions close",
    "Judging close date must be after open date",
    "Results date must be after judging close",
  ]) {
    await expect(summary).toContainText(message);
  }
  await page.getByLabel("Min words").fill("0");
  await page.getByLabel("Entry fee (cents)").fill("100000");
  await page.getByRole("button", { name: "Create Contest" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Error" })).toContainText(
    "Word limits must be positive numbers",
  );
  await expect(page.getByRole("alert").filter({ hasText: "Error" })).not.toContainText(
    "Entry fee must be less than $1000",
  );
  expect(await contestBySlug(slug)).toBeUndefined();
});

test("publish is refused without a rubric, then accepted with a snapshot; unpublish keeps it", async ({
  page,
}) => {
  // Many steps, each a full page load: give a slow or shared machine room (three times 30 s).
  test.slow();
  await asAdmin(page);
  const slug = unique("e2e-publish");
  const title = `Publish ${slug}`;
  const contest = await createContestWithPrompt(page, slug, title);
  const row = page.getByTestId("contest-row").filter({ hasText: title });

  await row.getByRole("button", { name: `Publish ${title}` }).click();
  await expect(page.getByTestId("toast")).toContainText(
    "Cannot publish: Contest must have at least one rubric",
  );
  expect((await contestBySlug(slug))!.isPublished).toBe(false);

  // Build a rubric on the manage page; weights must sum to 1.
  await page.goto(`/admin/contests/${contest.id}/rubrics`);
  await expect(page.getByText("No rubrics yet. Create your first rubric above.")).toBeVisible();
  await page.getByLabel("Rubric name").fill("Story rubric");
  await page.getByLabel("Key").fill("Voice Style");
  await page.getByLabel("Label").fill("Voice");
  await page.getByLabel("Weight").fill("0.5");
  await page.getByRole("button", { name: "Add criterion" }).click();
  await expect(page.getByTestId("total-weight")).toHaveText("Total weight: 0.50 (must be 1.00)");
  await expect(page.getByText("voice_style")).toBeVisible();
  await page.getByRole("button", { name: "Save Rubric" }).click();
  await expect(page.getByText("Total weight must sum to 1.0 (currently 0.50)")).toBeVisible();
  await page.getByLabel("Key").fill("plot");
  await page.getByLabel("Label").fill("Plot");
  await page.getByLabel("Weight").fill("0.5");
  await page.getByLabel("Require comment").check();
  await page.getByRole("button", { name: "Add criterion" }).click();
  await expect(page.getByTestId("total-weight")).toHaveText("Total weight: 1.00");
  await page.getByRole("button", { name: "Save Rubric" }).click();
  await expect(page.getByTestId("toast")).toContainText("Rubric saved successfully");
  await expect(page.getByRole("heading", { name: "Rubrics (1)" })).toBeVisible();
  await expect(
    page.getByRole("listitem").filter({ hasText: "Story rubric" }).first(),
  ).toContainText("50%");

  await page.goto("/admin/contests");
  await page
    .getByTestId("contest-row")
    .filter({ hasText: title })
    .getByRole("button", { name: `Publish ${title}` })
    .click();
  await expect(page.getByTestId("toast")).toContainText("Contest published successfully");
  await expect(page.getByTestId("contest-row").filter({ hasText: title })).toContainText(
    "Published",
  );
  const published = (await contestBySlug(slug))!;
  expect(published.isPublished).toBe(true);
  const snapshot = JSON.parse(published.publishedSnapshot!);
  expect(snapshot.prompts.map((p: { title: string }) => p.title)).toEqual(["A door opens"]);
  expect(snapshot.rubrics[0].criteria.map((c: { key: string }) => c.key)).toEqual([
    "voice_style",
    "plot",
  ]);
  expect(snapshot.snapshotDate).toBeTruthy();
  expect(snapshot.entriesPerWriter).toBe(1); // the published snapshot keeps the entry limit

  await page
    .getByTestId("contest-row")
    .filter({ hasText: title })
    .getByRole("button", { name: `Unpublish ${title}` })
    .click();
  await expect(page.getByTestId("toast")).toContainText("Contest unpublished successfully");
  await expect(page.getByTestId("contest-row").filter({ hasText: title })).toContainText("Draft");
  const after = (await contestBySlug(slug))!;
  expect(after.isPublished).toBe(false);
  expect(after.publishedSnapshot).toBe(published.publishedSnapshot);
});

test("edit: dates in the contest's time zone, prompts added and removed, the Publish Contest button", async ({
  page,
}) => {
  // Many steps, each a full page load: give a slow or shared machine room (three times 30 s).
  test.slow();
  await asAdmin(page);
  const slug = unique("e2e-edit");
  const title = `Edit ${slug}`;
  const contest = await createContestWithPrompt(page, slug, title);
  await page
    .getByTestId("contest-row")
    .filter({ hasText: title })
    .getByRole("link", { name: `Edit ${title}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/contests/${contest.id}/edit$`));
  await expect(page.getByRole("link", { name: "Manage this contest's prompts" })).toHaveAttribute(
    "href",
    `/admin/prompts?contest=${contest.id}`,
  );

  // A bad date order is refused and nothing changes.
  await page.getByLabel("Judging close").fill("2020-01-01T00:00");
  await page.getByRole("button", { name: "Update Contest" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Error" })).toContainText(
    "Judging close date must be after open date",
  );

  await page.getByLabel("Time zone").selectOption("Europe/London");
  await page.getByLabel("Submissions open").fill("2027-07-01T09:00");
  await page.getByLabel("Submissions close").fill("2027-08-01T23:59");
  await page.getByLabel("Judging open").fill("2027-08-02T00:00");
  await page.getByLabel("Judging close").fill("2027-09-01T00:00");
  await page.getByLabel("Results date").fill("2027-09-15T12:00");
  await page.getByRole("button", { name: "Update Contest" }).click();
  await expect(page).toHaveURL(/\/admin\/contests$/);
  await expect(page.getByTestId("toast")).toContainText("Contest updated successfully");
  const updated = (await contestBySlug(slug))!;
  expect(updated.timeZone).toBe("Europe/London");
  expect(updated.submissionsOpen.toISOString()).toBe("2027-07-01T08:00:00.000Z"); // BST, UTC+1

  await page.goto(`/admin/contests/${contest.id}/edit`);
  await expect(page.getByLabel("Submissions open")).toHaveValue("2027-07-01T09:00");
  await expect(page.getByLabel("Time zone")).toHaveValue("Europe/London");

  // Publish Contest without a rubric: refused.
  await page.getByRole("button", { name: "Publish Contest" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Error" })).toContainText(
    "Cannot publish: Contest must have at least one rubric",
  );

  // Remove on the form unassigns; the prompt is kept.
  const [prompt] = await contestPrompts(contest.id);
  await page.getByRole("button", { name: "Remove prompt A door opens" }).click();
  await expect(page.getByText("Prompt unassigned")).toBeVisible();
  expect(await promptContest({ id: prompt.id })).toBeNull();

  // Create a new prompt and a new rubric from the edit form; publish.
  await page.getByLabel("Prompt title").fill("Second chances");
  await page.getByLabel("Prompt text").fill("Someone gets a second chance. Do they take it?");
  await page.getByRole("button", { name: "Create prompt" }).click();
  await expect(page.getByText("Prompt created successfully")).toBeVisible();
  await expect(page.getByRole("list", { name: "Contest prompts" })).toContainText("Second chances");
  await page.getByLabel("Rubric name").fill("Quick rubric");
  await page.getByLabel("Key").fill("overall");
  await page.getByLabel("Label").fill("Overall");
  await page.getByLabel("Weight").fill("1");
  await page.getByRole("button", { name: "Create rubric" }).click();
  await expect(page.getByText("Rubric created successfully")).toBeVisible();
  await expect(page.getByRole("list", { name: "Contest rubrics" })).toContainText("Quick rubric");
  await page.getByRole("button", { name: "Publish Contest" }).click();
  await expect(page).toHaveURL(/\/admin\/contests$/);
  await expect(page.getByTestId("toast")).toContainText("Contest published successfully");
  const snapshot = JSON.parse((await contestBySlug(slug))!.publishedSnapshot!);
  expect(snapshot.prompts.map((p: { title: string }) => p.title)).toEqual(["Second chances"]);
  expect(snapshot.timeZone).toBe("Europe/London");
});

test("delete is refused for a contest with submissions and works for one without", async ({
  page,
}) => {
  await asAdmin(page);
  // The list is newest first and paged: contests made by earlier specs can push the demo's
  // Winter Tales past page 1, so open its Delete link's address directly.
  const winter = (await contestBySlug("winter-tales-2026"))!;
  await page.goto(`/admin/contests?delete=${winter.id}`);
  await expect(
    page.getByText(
      'Delete contest "Winter Tales 2026"? This will also delete all prompts and rubrics.',
    ),
  ).toBeVisible();
  await expect(page.getByTestId("delete-refused")).toContainText("cannot be deleted");
  await expect(page.getByRole("button", { name: "Yes, delete contest" })).toHaveCount(0);
  // The server refuses too, whatever the page shows.
  const origin = new URL(page.url()).origin;
  const res = await page.request.post("/admin/contests?index", {
    form: { intent: "delete", id: winter.id },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  await page.goto("/admin/contests");
  await expect(page.getByTestId("toast")).toContainText("cannot be deleted");
  expect(await contestBySlug("winter-tales-2026")).toBeTruthy();

  const slug = unique("e2e-delete");
  const title = `Delete ${slug}`;
  const contest = await createContestWithPrompt(page, slug, title);
  await page.getByRole("link", { name: `Delete ${title}` }).click();
  await expect(
    page.getByText(`Delete contest "${title}"? This will also delete all prompts and rubrics.`),
  ).toBeVisible();
  await page.getByRole("button", { name: "Yes, delete contest" }).click();
  await expect(page.getByTestId("toast")).toContainText("Contest deleted successfully");
  expect(await contestBySlug(slug)).toBeUndefined();
  expect(await contestPrompts(contest.id)).toEqual([]);
});

test("prompt pages: add, count, empty state, delete with confirmation; filtered list", async ({
  page,
}) => {
  await asAdmin(page);
  const slug = unique("e2e-prompts");
  const title = `Prompts ${slug}`;
  const contest = await createContestWithPrompt(page, slug, title);
  await page.goto(`/admin/contests/${contest.id}/prompts`);
  await expect(page.getByRole("heading", { name: "Prompts (1)" })).toBeVisible();
  // The contest's title is the workspace's heading too (docs/decisions/0050): the page's own line.
  await expect(
    page.getByRole("paragraph").filter({ hasText: new RegExp(`^${title}$`) }),
  ).toBeVisible();

  await page.getByRole("button", { name: "Add Prompt" }).click();
  await expect(page.getByText("Prompt title and text are required")).toBeVisible();
  const mapTitle = `Map ${slug}`;
  await page.getByLabel("Prompt title").fill(mapTitle);
  await page.getByLabel("Prompt text").fill("A map shows a place that is not there.");
  await page.getByRole("button", { name: "Add Prompt" }).click();
  await expect(page.getByTestId("toast")).toContainText("Prompt added successfully");
  await expect(page.getByRole("heading", { name: "Prompts (2)" })).toBeVisible();

  // The edit form's link: /admin/prompts?contest={id} lists this contest's prompts only.
  await page.goto(`/admin/prompts?contest=${contest.id}`);
  await expect(page.getByRole("heading", { name: "Prompts (2)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: mapTitle })).toBeVisible();
  await page.getByRole("button", { name: `Unassign ${mapTitle}` }).click();
  await expect(page.getByTestId("toast")).toContainText("Prompt unassigned");
  await expect(page).toHaveURL(new RegExp(`/admin/prompts\\?contest=${contest.id}$`));
  await expect(page.getByRole("heading", { name: "Prompts (1)" })).toBeVisible();
  expect(await promptContest({ title: mapTitle })).toBeNull();

  await page.goto("/admin/prompts");
  await page.getByLabel(`Contest for ${mapTitle}`).selectOption({ label: title });
  await page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: mapTitle }) })
    .getByRole("button", { name: "Assign" })
    .click();
  await expect(page.getByTestId("toast")).toContainText("Prompt added to this contest");
  expect(await promptContest({ title: mapTitle })).toBe(contest.id);

  await page.goto(`/admin/contests/${contest.id}/prompts`);
  for (const name of [mapTitle, "A door opens"]) {
    const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    await item.getByLabel(`Delete prompt ${name}`).click();
    await expect(item.getByText("Delete this prompt?")).toBeVisible();
    await item.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByTestId("toast")).toContainText("Prompt deleted successfully");
  }
  await expect(page.getByText("No prompts yet. Add your first prompt above.")).toBeVisible();
  expect(await contestPrompts(contest.id)).toEqual([]);
});

test("new form: a staged new rubric and existing prompt; a refused publish saves nothing; then create published", async ({
  page,
}) => {
  // Many steps, each a full page load: give a slow or shared machine room (three times 30 s).
  test.slow();
  await asAdmin(page);
  await page.goto("/admin/contests/new");
  const slug = unique("e2e-staging");
  const title = `Staging ${slug}`;
  await fillBasics(page, slug, title);
  await page.getByLabel("Published").check();

  // A staged existing prompt, removed again, then added back.
  await page
    .getByLabel("Existing prompt")
    .selectOption({ label: "The locked room (Summer Mystery Challenge)" });
  await page.getByRole("button", { name: "Add prompt" }).click();
  await expect(page.getByText("Prompt will be added after saving the contest.")).toBeVisible();
  await page.getByRole("button", { name: "Remove prompt The locked room" }).click();
  await expect(page.getByRole("list", { name: "Contest prompts" })).toHaveCount(0);
  await page
    .getByLabel("Existing prompt")
    .selectOption({ label: "The locked room (Summer Mystery Challenge)" });
  await page.getByRole("button", { name: "Add prompt" }).click();
  await expect(page.getByRole("list", { name: "Contest prompts" })).toContainText(
    "The locked room",
  );

  // Publishing without a rubric: refused, and neither the contest nor its prompt is written.
  await page.getByRole("button", { name: "Create Contest" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Error" })).toContainText(
    "Cannot publish: Contest must have at least one rubric",
  );
  expect(await contestBySlug(slug)).toBeUndefined();
  await expect(page.getByRole("list", { name: "Contest prompts" })).toContainText(
    "The locked room",
  );
  await expect(page.getByLabel("Published")).toBeChecked();

  // A new rubric built on the form: the criterion needs a key and a label.
  await page.getByLabel("Rubric name").fill("Mystery rubric");
  await page.getByRole("button", { name: "Add criterion" }).click();
  await expect(page.getByText("Criterion key is required").first()).toBeVisible();
  await page.getByRole("button", { name: "Create rubric" }).click();
  await expect(page.getByText("Add at least one criterion").first()).toBeVisible();
  await page.getByLabel("Key").fill("clues");
  await page.getByLabel("Label").fill("Clues");
  await page.getByLabel("Weight").fill("0.4");
  await page.getByRole("button", { name: "Add criterion" }).click();
  // The form posts back and re-renders; wait for it before filling the next criterion.
  await expect(page.getByTestId("total-weight")).toHaveText("Total weight: 0.40 (must be 1.00)");
  await page.getByLabel("Key").fill("twist");
  await page.getByLabel("Label").fill("Twist");
  await page.getByLabel("Max points").fill("5");
  await page.getByLabel("Weight").fill("0.6");
  await page.getByRole("button", { name: "Add criterion" }).click();
  await expect(page.getByTestId("total-weight")).toHaveText("Total weight: 1.00");
  await page.getByRole("button", { name: "Create rubric" }).click();
  await expect(page.getByText("Rubric will be created after saving the contest.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Contest rubrics" })).toContainText("Mystery rubric");
  await expect(page.getByLabel("Rubric name")).toHaveValue("");

  await page.getByRole("button", { name: "Create Contest" }).click();
  await expect(page).toHaveURL(/\/admin\/contests$/);
  await expect(page.getByTestId("toast")).toContainText(
    "Contest created with all prompts and rubrics",
  );
  const contest = (await contestBySlug(slug))!;
  expect(contest.isPublished).toBe(true);
  const snapshot = JSON.parse(contest.publishedSnapshot!);
  expect(snapshot.prompts.map((p: { title: string }) => p.title)).toEqual(["The locked room"]);
  expect(snapshot.rubrics[0]).toMatchObject({ name: "Mystery rubric" });
  expect(snapshot.rubrics[0].criteria).toEqual([
    { key: "clues", label: "Clues", maxPoints: 10, weight: 0.4, requireComment: false },
    { key: "twist", label: "Twist", maxPoints: 5, weight: 0.6, requireComment: false },
  ]);
  // The seeded draft still has its own prompt: the pick was copied.
  expect(
    await e2ePrisma().prompt.count({
      where: { contest: { slug: "summer-mystery-draft" }, title: "The locked room" },
    }),
  ).toBe(1);
});

test("rubric page: create for a contest, list, unassign, delete with confirmation", async ({
  page,
}) => {
  await asAdmin(page);
  const name = `Rubric ${unique("e2e")}`;
  await page.goto("/admin/rubrics");
  await page.getByLabel("Rubric name").fill(name);
  await page.getByLabel("Contest (optional)").selectOption({ label: "Summer Mystery Challenge" });
  await page.getByLabel("Key").fill("Overall Impact");
  await page.getByLabel("Label").fill("Overall impact");
  await page.getByLabel("Weight").fill("1");
  await page.getByRole("button", { name: "Save Rubric" }).click();
  await expect(page.getByTestId("toast")).toContainText("Rubric created successfully");
  const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(item).toContainText("Summer Mystery Challenge");
  await expect(item).toContainText("100%");
  await expect(item).toContainText("10 pts max");
  const row = await e2ePrisma().rubric.findFirstOrThrow({
    where: { name },
    select: { id: true, criteria: true, contestId: true },
  });
  expect(JSON.parse(row.criteria)[0].key).toBe("overall_impact");
  expect(row.contestId).not.toBeNull();

  await item.getByRole("button", { name: `Unassign ${name}` }).click();
  await expect(page.getByTestId("toast")).toContainText("Rubric unassigned");
  expect(
    (await e2ePrisma().rubric.findUniqueOrThrow({ where: { id: row.id } })).contestId,
  ).toBeNull();

  const again = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await again.getByLabel(`Delete rubric ${name}`).click();
  await expect(again.getByText("Delete this rubric?")).toBeVisible();
  await again.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByTestId("toast")).toContainText("Rubric deleted successfully");
  expect(await e2ePrisma().rubric.count({ where: { id: row.id } })).toBe(0);
});
