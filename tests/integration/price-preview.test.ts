import { describe, expect, test } from "vitest";
import { loader } from "~/routes/_public+/contests.$slug.enter";
import { priceFor } from "~/features/payments/price-preview.server";
import { PREVIEW_MESSAGES } from "~/features/payments/pricing";
import { prisma } from "~/utils/db.server";

/** Discount codes cannot be guessed (docs/decisions/0025-accounts-and-tokens.md). */
const DAY = 86_400_000;
let seq = 0;

async function setup() {
  seq++;
  const now = Date.now();
  const contest = await prisma.contest.create({
    data: {
      slug: `preview-${seq}-${now}`,
      title: "Priced",
      description: "A contest with a fee.",
      isPublished: true,
      wordMin: 3,
      wordMax: 100,
      entryFeeCents: 1500,
      entriesPerWriter: 5,
      submissionsOpen: new Date(now - DAY),
      submissionsClose: new Date(now + DAY),
      judgingOpen: new Date(now + 2 * DAY),
      judgingClose: new Date(now + 3 * DAY),
      resultsAt: new Date(now + 4 * DAY),
    },
  });
  const code = `WAIVE${seq}${now}`;
  await prisma.discountCode.create({ data: { code, percentOff: 100 } });
  return { contest, code };
}

describe("price preview", () => {
  test("a visitor's preview checks no code and says to sign in", async () => {
    const { contest, code } = await setup();
    expect(await priceFor(contest, code, null, "198.51.100.1")).toEqual({
      ok: false,
      message: PREVIEW_MESSAGES.signIn,
    });
    expect(await priceFor(contest, "NOT-A-CODE", null, "198.51.100.1")).toEqual({
      ok: false,
      message: PREVIEW_MESSAGES.signIn,
    });
  });

  test("a signed-in writer's previews are limited per minute", async () => {
    const { contest, code } = await setup();
    const user = await prisma.user.create({
      data: { email: `previewer-${seq}-${Date.now()}@example.test`, displayName: "P" },
    });
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push(await priceFor(contest, code, user, "198.51.100.2"));
    expect(answers[0]).toMatchObject({ ok: true, amountCents: 0 });
    expect(answers[19]).toMatchObject({ ok: true, amountCents: 0 });
    expect(answers[20]).toEqual({ ok: false, message: PREVIEW_MESSAGES.tooMany });
  });

  test("the entry page's loader gives a visitor no price for a code", async () => {
    const { contest, code } = await setup();
    const result = (await loader({
      request: new Request(`http://localhost/contests/${contest.slug}/enter?code=${code}`),
      params: { slug: contest.slug },
      context: { clientAddress: "198.51.100.3" },
    })) as unknown as { data: { price: unknown } };
    expect(result.data.price).toEqual({ ok: false, message: PREVIEW_MESSAGES.signIn });
  });
});
