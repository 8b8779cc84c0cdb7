import { expect, test, type Browser, type Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { PDFDocument } from "pdf-lib";
import { e2ePrisma } from "./db";
import { ADMIN, EDUCATOR, signIn, signUp, uniqueEmail } from "./utils";

// A teacher runs a class through a contest (docs/decisions/0031-classrooms-and-shared-computers.md),
// with JavaScript on and off: approved by an admin, a class from a CSV file, three pupils joining
// with the code from one address, entries sent for pupils and paid for in one checkout, one
// refunded by the admin; then the class's certificates of a contest whose results are out.
const CLOSED = "winter-tales-2026"; // results out; the demo class has a placed pupil
const story = (seed: string) =>
  Array.from({ length: 520 }, (_, i) => `${seed}${i % 9 ? "" : "s"}`).join(" ");

async function newPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  return context.newPage();
}

async function signInFresh(page: Page, email: string, password = "secret-pass", path = "/login") {
  await signIn(page, email, password, path);
  await expect(page).not.toHaveURL(/\/login/);
}

async function check(page: Page, label: string | RegExp) {
  await page.getByLabel(label).check();
}

test("a teacher approved by an admin enters a class and pays once; an admin refunds one entry", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(240_000);
  const teacher = uniqueEmail("teacher");
  const tag = teacher.split("@")[0].slice(-6);
  await signUp(page, teacher, "secret-pass", "1985-02-03");
  await expect(page.getByTestId("toast")).toContainText("Account created!");

  // The teacher applies.
  await signInFresh(page, teacher);
  await page.goto("/educator");
  await page.getByLabel("School name").fill(`Riverside Primary ${tag}`);
  await page.getByLabel("City").fill("Lancaster");
  await page.getByLabel("Country").fill("United Kingdom");
  await page.getByLabel("Your role").fill("Teacher");
  await check(page, /I am an adult/);
  await page.getByRole("button", { name: "Become an educator" }).click();
  await expect(page.getByText(/An admin will check your details/).first()).toBeVisible();

  // An admin approves.
  const admin = await newPage(browser, javaScriptEnabled);
  await signIn(admin, ADMIN);
  await expect(admin).toHaveURL(/\/(dashboard|admin)/);
  await admin.goto("/admin/educators");
  const row = admin.getByRole("row").filter({ hasText: teacher });
  await row.getByRole("button", { name: /^Approve/ }).click();
  await expect(admin.getByTestId("toast")).toContainText("Educator approved");

  // A class, filled from a CSV file: one bad row is shown and not added.
  await page.goto("/educator");
  await page.getByLabel("Class name").fill(`Year 6 ${tag}`);
  await page.getByLabel("Grade or age band").fill("Grade 6");
  await page.getByLabel("Class size").fill("30");
  await page.getByRole("button", { name: "Create class" }).click();
  // The new class's page opens, with its join code.
  await expect(page.getByRole("heading", { name: `Year 6 ${tag}` })).toBeVisible();
  const classUrl = page.url();
  const code = (await page.getByTestId("join-code").first().textContent())?.trim() ?? "";
  expect(code).toMatch(/^[A-Z0-9]{3}-[A-Z0-9]{3}$/);

  await page.getByRole("link", { name: "Import a class list (CSV)" }).click();
  await page.getByLabel("Class list (CSV)").setInputFiles({
    name: "class.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      "First name,Last initial,Grade,Parent email\nAmara,O,6,amara.parent@example.test\nBen,K,6,\nCleo,,14,\n",
    ),
  });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText(/Row 4/).first()).toBeVisible();
  await page.getByRole("button", { name: "Add 2 pupils" }).click();
  await expect(page.getByRole("cell", { name: "Amara O.", exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Ben K.", exact: true })).toBeVisible();

  // Three pupils sign up and join with the code, one after another, from this one address.
  const pupils: string[] = [];
  for (const first of ["Dara", "Eli", "Fern"]) {
    const pupil = await newPage(browser, javaScriptEnabled);
    const email = uniqueEmail(first.toLowerCase());
    pupils.push(email);
    await pupil.goto(`/join/${code}`);
    await pupil.getByRole("link", { name: "Create an account" }).click();
    await pupil.getByLabel("Email", { exact: true }).fill(email);
    await pupil.getByLabel("Password").fill("secret-pass");
    await pupil.getByLabel("Display Name (optional)").fill(`${first} Q`);
    await pupil.getByLabel("Date of birth").fill("2010-04-04");
    await pupil.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(pupil.getByTestId("toast")).toContainText("Account created!");
    await pupil.getByLabel("Email").fill(email);
    await pupil.getByLabel("Password").fill("secret-pass");
    await pupil.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(pupil).toHaveURL(new RegExp(`/join/${code}$`));
    await pupil.getByRole("button", { name: `Join Year 6 ${tag}` }).click();
    await expect(pupil.getByText("You are in this class")).toBeVisible();
    await pupil.context().close();
  }
  await page.goto(classUrl);
  for (const first of ["Dara", "Eli", "Fern"])
    await expect(page.getByRole("cell", { name: `${first} Q.`, exact: true })).toBeVisible();

  // Four entries to the paid contest: two roster pupils and two who joined.
  await page.getByRole("link", { name: /Contests: enter pupils/ }).click();
  await page
    .getByRole("link", { name: /Young Voices/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/contests\/young-voices-short-story-2027$/);
  const contestUrl = page.url();
  for (const who of ["Amara O.", "Ben K.", "Dara Q.", "Eli Q."]) {
    await page.goto(contestUrl);
    await page.getByRole("link", { name: `Add entry for ${who}` }).click();
    await expect(page.getByText(`Entry for ${who}`).first()).toBeVisible();
    await page.getByLabel("Story title").fill(`${who} at the harbour`);
    await page.getByLabel("Story text").fill(story(who.slice(0, 3).toLowerCase()));
    for (const box of await page.getByRole("checkbox").all()) {
      const name = await box.getAttribute("name");
      if (name && name !== "showIfAwarded") await box.check();
    }
    await page.getByRole("button", { name: "Submit Entry" }).click();
    await expect(page).toHaveURL(contestUrl);
  }

  // One checkout for the four: a line each.
  await page.getByRole("button", { name: /^Pay for (4 entries|the ticked entries)$/ }).click();
  await expect(page).toHaveURL(/\/payments\/test-checkout\//);
  for (const who of ["Amara O.", "Ben K.", "Dara Q.", "Eli Q."])
    await expect(page.getByText(who).first()).toBeVisible();
  await page.getByRole("button", { name: "Pay $60.00 (test)" }).click();
  await expect(page).toHaveURL(new RegExp(contestUrl.replace(/^https?:\/\/[^/]+/, "")));

  const rows = (
    await e2ePrisma().submission.findMany({
      where: { entrant: { email: teacher }, payment: { is: { groupId: { not: null } } } },
      orderBy: { createdAt: "asc" },
      select: {
        id: true,
        status: true,
        payment: {
          select: { status: true, groupId: true, group: { select: { amountCents: true } } },
        },
      },
    })
  ).map((s) => ({
    id: s.id,
    status: s.status,
    paid: s.payment!.status,
    groupId: s.payment!.groupId,
    amountCents: s.payment!.group!.amountCents,
  }));
  expect(rows).toHaveLength(4);
  expect(new Set(rows.map((r) => r.groupId)).size).toBe(1);
  expect(rows.every((r) => r.status === "submitted" && r.paid === "paid")).toBe(true);
  expect(rows[0].amountCents).toBe(6000);

  // The admin refunds one entry: a partial refund of the class's payment.
  await admin.goto(`/admin/submissions/${rows[1].id}`);
  await admin.getByRole("link", { name: "Refund entry fee" }).click();
  await admin.getByRole("button", { name: "Yes, refund $15.00" }).click();
  await expect(admin.getByTestId("toast")).toBeVisible();
  const statuses = await e2ePrisma().payment.findMany({
    where: { groupId: rows[0].groupId },
    orderBy: { createdAt: "asc" },
    select: { status: true },
  });
  expect(statuses.map((s) => s.status).sort()).toEqual(["paid", "paid", "paid", "refunded"]);
  await admin.context().close();
});

test("results out: the teacher downloads the class's certificates and their own", async ({
  page,
}) => {
  await page.goto(`/contests/${CLOSED}/results`); // results are frozen at their first reading
  await signIn(page, EDUCATOR);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/educator");
  await page.getByRole("link", { name: "Room 12 Writers" }).first().click();
  await page.getByRole("link", { name: /Contests: enter pupils/ }).click();
  await page
    .getByRole("link", { name: /Winter Tales/ })
    .first()
    .click();
  await page.getByRole("link", { name: "Results and certificates" }).click();
  await expect(page.getByText("Mia R.").first()).toBeVisible();
  await expect(page.getByText(/1st place/).first()).toBeVisible();

  const zipHref = await page
    .getByRole("link", { name: /Download all certificates/ })
    .getAttribute("href");
  const zip = await page.request.get(zipHref!);
  expect(zip.status()).toBe(200);
  const files = unzipSync(new Uint8Array(await zip.body()));
  const names = Object.keys(files);
  expect(names.length).toBeGreaterThan(0);
  for (const file of names) {
    expect(file).toMatch(/\.pdf$/);
    expect((await PDFDocument.load(files[file])).getPageCount()).toBe(1);
  }
  const own = await page.request.get(page.url().replace(/\/results$/, "/educator-certificate"));
  expect(own.status()).toBe(200);
  expect(own.headers()["content-type"]).toBe("application/pdf");
});
