import { expect, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { e2ePrisma } from "./db";
import { contestIdOf } from "./fixtures/contests";
import { DEMO_PASSWORD, signIn } from "./utils";

// Results and recognition: public winners after results_at, nothing before, the entrant's own
// results with "Judge N" comments, and a certificate that is a real PDF naming the entry.

const CLOSED = "winter-tales-2026"; // results are out, every entry scored
const JUDGING = "autumn-poetry-in-prose"; // results not out yet

test("after results_at the public page names the winners; before, it says when", async ({
  page,
}) => {
  await page.goto(`/contests/${CLOSED}`);
  await page.getByRole("link", { name: "See the results" }).click();
  await expect(page.getByRole("heading", { name: /Results: Winter Tales 2026/ })).toBeVisible();
  const winners = page.getByRole("list", { name: "Winners and honourable mentions" });
  await expect(winners.getByText("1st place").first()).toBeVisible();
  // Named only with the writer's consent (ADR 0023).
  await expect(winners.getByText(/^(by .+|Anonymous writer)$/).first()).toBeVisible();

  // Before results_at the contest page offers no results link; its Results card gives the date.
  await page.goto(`/contests/${JUDGING}`);
  await expect(page.getByRole("heading", { name: "Results", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "See the results" })).toHaveCount(0);

  await page.goto(`/contests/${JUDGING}/results`);
  await expect(page.getByText("Results are not out yet")).toBeVisible();
  await expect(page.getByText(/The winners will be announced here on/)).toBeVisible();
  await expect(page.getByRole("list", { name: "Winners and honourable mentions" })).toHaveCount(0);
});

test("a winner sees the award, scores out of the scale and Judge N comments, and a certificate", async ({
  page,
}) => {
  await page.goto(`/contests/${CLOSED}/results`); // publishes (freezes) the awards if needed
  const award = await e2ePrisma().contestAward.findFirstOrThrow({
    where: { contest: { slug: CLOSED }, kind: "place", submission: { pupilId: null } },
    orderBy: { place: "asc" },
    select: {
      place: true,
      submission: { select: { id: true, title: true, entrant: { select: { email: true } } } },
    },
  });
  const winner = {
    id: award.submission.id,
    title: award.submission.title,
    email: award.submission.entrant.email,
    place: award.place!,
  };
  const judges = await e2ePrisma().user.findMany({
    where: { email: { startsWith: "judge", endsWith: "@inkwell.test" } },
    select: { displayName: true },
  });

  await signIn(page, winner.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  const results2 = page.getByRole("region", { name: "Results" });
  // The best place won by a writer's own entry (a class's pupil may have won the first).
  const ordinal = ["1st", "2nd", "3rd"][winner.place - 1] ?? `${winner.place}th`;
  await expect(results2.getByText(`${ordinal} place`).first()).toBeVisible();
  await page.goto(`/dashboard/submissions/${winner.id}`);
  const results = page.getByRole("region", { name: "Your results" }).or(page.locator("main"));
  await expect(page.getByText("Your results")).toBeVisible();
  await expect(page.getByText(/place/).first()).toBeVisible();
  await expect(page.getByText(/Average score: .* out of 10\.00/)).toBeVisible();
  await expect(page.getByText("Judge 1", { exact: true })).toBeVisible();
  for (const j of judges) await expect(results).not.toContainText(j.displayName);

  const res = await page.request.get(`/dashboard/submissions/${winner.id}/certificate`);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/pdf");
  const pdf = await PDFDocument.load(await res.body());
  expect(pdf.getPageCount()).toBe(1);
  expect(pdf.getTitle()).toContain(winner.title);

  // Nobody else gets this entry's certificate.
  await page.context().clearCookies();
  await signIn(page, "entrant@inkwell.test", DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  if (winner.email !== "entrant@inkwell.test") {
    const other = await page.request.get(`/dashboard/submissions/${winner.id}/certificate`);
    expect(other.status()).toBe(404);
  }
});

test("an admin adjusts the awards before results_at only with a note", async ({ page }) => {
  await signIn(page, "admin@inkwell.test", DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  const judging = { id: await contestIdOf(JUDGING) };
  const closed = { id: await contestIdOf(CLOSED) };
  // The contest list's first page holds the newest contests: those the other specs make may push
  // the seeded one to a later page, so the page is opened by its address.
  await page.goto(`/admin/contests/${judging.id}/results`);
  await expect(page).toHaveURL(new RegExp(`/admin/contests/${judging.id}/results$`));
  await expect(page.getByRole("heading", { name: "Results and awards" })).toBeVisible();
  const selects = page.getByRole("combobox", { name: /^Award for / });
  await expect(selects.first()).toBeVisible();
  // Move the top entry to "No award" without a note: refused.
  await selects.first().selectOption("none");
  await page.getByRole("button", { name: "Save awards" }).click();
  await expect(
    page.getByText("Say in a note why the awards differ from the ranking."),
  ).toBeVisible();
  await page
    .getByRole("combobox", { name: /^Award for / })
    .first()
    .selectOption("none");
  await page.getByLabel(/Note/).fill("Tie broken by the panel");
  await page.getByRole("button", { name: "Save awards" }).click();
  await expect(page.getByText("Awards saved")).toBeVisible();
  await expect(page.getByText("(adjusted by an admin)")).toBeVisible();
  await page.getByRole("button", { name: "Follow the ranking again" }).click();
  await expect(page.getByText("(from the ranking)")).toBeVisible();

  // The admin previews the public page before results_at; visitors still see nothing.
  await page.getByRole("link", { name: "preview it as it will look" }).click();
  await expect(page.getByText("Preview for admins")).toBeVisible();
  await expect(
    page
      .getByRole("list", { name: "Winners and honourable mentions" })
      .getByText("1st place")
      .first(),
  ).toBeVisible();
  const visitor = await page.context().browser()!.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(`/contests/${JUDGING}/results?preview`);
  await expect(anonymous.getByText("Results are not out yet")).toBeVisible();
  await visitor.close();

  // After results_at the awards are final: no form.
  await page.goto(`/admin/contests/${closed.id}/results`);
  await expect(page.getByText("Results are published")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save awards" })).toHaveCount(0);
});
