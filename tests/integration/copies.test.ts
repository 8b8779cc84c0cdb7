/**
 * Copied and near-identical entries (docs/decisions/0054-copied-entries.md): the outbox's job
 * finds the pairs of a received entry (in its contest and in an earlier contest that keeps its
 * text), runs again without new rows, the whole-contest check finds the same pairs; the admin
 * clears a pair or disqualifies an entry (the writer is told kindly, once); an educator sees the
 * flag on a class's entry; retention takes the signature with the text; a judge's queue and review
 * carry none of it.
 */
import { describe, expect, test, vi } from "vitest";
import type * as AuthServer from "~/features/accounts/auth.server";
import { prisma } from "~/utils/db.server";
import { enqueueEvent } from "~/utils/outbox.server";
import { deliverDueEvents } from "~/features/lifecycle/outbox.server";
import { handleLocally } from "~/features/lifecycle/scheduler.server";
import { checkContest, checkEntry } from "~/features/originality/copies.server";
import { COPY_DISQUALIFY_REASON, openCopyFlags } from "~/features/originality/pairs.server";
import { story } from "~/features/originality/corpus-fixture";
import { DAY, lifecycleContest, mailsTo, person } from "./lifecycle-fixtures";
import { cookieFor } from "./session-cookie";

vi.mock("~/features/accounts/auth.server", async (original) => {
  const real = await original<typeof AuthServer>();
  return {
    ...real,
    requireAdmin: async (request: Request) =>
      request.headers.get("x-test-admin")
        ? { id: request.headers.get("x-test-admin")!, roles: ["admin"] }
        : real.requireAdmin(request),
  };
});
const page = await import("~/routes/admin+/contests+/$id+/copies");
const judgeQueue = await import("~/routes/judge+/index");
const judgeReview = await import("~/routes/judge+/review.$submissionId");

/** A contest in its judging window, published, with a judge. */
async function judgingContest() {
  const now = Date.now();
  return lifecycleContest({
    judges: 1,
    published: true,
    dates: {
      submissionsOpen: new Date(now - 20 * DAY),
      submissionsClose: new Date(now - 2 * DAY),
      judgingOpen: new Date(now - DAY),
      judgingClose: new Date(now + 10 * DAY),
      resultsAt: new Date(now + 20 * DAY),
    },
  });
}

async function storyEntry(contestId: string, body: string, title = "A story") {
  const writer = await person("writer");
  const submission = await prisma.submission.create({
    data: { contestId, entrantId: writer.id, title, body, status: "submitted" },
  });
  return { writer, submission };
}

/** Sends the entries' "entry/copies.check" events through the outbox, as the writes do. */
async function receive(ids: string[]) {
  for (const submissionId of ids)
    await enqueueEvent(prisma, "entry/copies.check", { submissionId });
  await deliverDueEvents(new Date(Date.now() + 1000), handleLocally, 500);
}

function adminPost(contestId: string, adminId: string, form: Record<string, string>) {
  return page.action({
    request: new Request(`http://inkwell.test/admin/contests/${contestId}/copies`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-test-admin": adminId,
      },
      body: new URLSearchParams(form).toString(),
    }),
    params: { id: contestId },
    context: {},
  }) as Promise<Response>;
}

describe("copy detection", () => {
  test("a class-sized contest: the job finds the near-identical pair and the copied paragraph, and nothing else", async () => {
    const earlier = await lifecycleContest();
    const source = story(9001);
    const copiedParagraph = source.split("\n\n")[2]!;
    const old = await storyEntry(earlier.contest.id, source, "The old story");
    const { contest, judges } = await judgingContest();
    // 30 pupils' different stories on the same prompt, one sent twice from two accounts with a
    // few words changed, and one with a paragraph of the earlier contest's story in it.
    const others = [];
    for (let i = 0; i < 28; i++) others.push(await storyEntry(contest.id, story(9100 + i)));
    const twin = story(9500);
    const first = await storyEntry(contest.id, twin, "The twin");
    const second = await storyEntry(
      contest.id,
      twin.replace("The lighthouse keeper", "The old lighthouse keeper").replace(/ was /, " is "),
      "The twin again",
    );
    const borrower = await storyEntry(
      contest.id,
      `${story(9600).split("\n\n").slice(0, 2).join("\n\n")}\n\n${copiedParagraph}\n\n${story(9601)}`,
      "The borrower",
    );
    await receive([old.submission.id]);
    await receive([
      ...others.map((o) => o.submission.id),
      first.submission.id,
      second.submission.id,
      borrower.submission.id,
    ]);

    const pairs = await prisma.copyPair.findMany({
      where: { OR: [{ contestAId: contest.id }, { contestBId: contest.id }] },
    });
    const key = (a: string, b: string) => [a, b].sort().join(":");
    const found = new Map(pairs.map((p) => [key(p.entryAId, p.entryBId), p]));
    expect(pairs).toHaveLength(2);
    const twins = found.get(key(first.submission.id, second.submission.id))!;
    expect(twins.kind).toBe("near-identical");
    expect(twins.resemblance).toBeGreaterThan(0.8);
    expect(twins.status).toBe("open");
    const copied = found.get(key(old.submission.id, borrower.submission.id))!;
    expect(copied.kind).toBe("shared-passage");
    expect(copied.sharedWords).toBeGreaterThanOrEqual(40);
    expect(JSON.parse(copied.passages)[0].words).toBeGreaterThanOrEqual(40);
    expect(await prisma.entrySignature.count({ where: { contestId: contest.id } })).toBe(31);

    // Idempotent: the job again, and the whole contest, record no new row and keep decisions.
    await prisma.copyPair.update({ where: { id: twins.id }, data: { status: "cleared" } });
    await checkEntry(second.submission.id);
    const whole = await checkContest(contest.id);
    expect(whole).toMatchObject({ entries: 31, indexed: 31, pairs: 2 });
    const again = await prisma.copyPair.findMany({
      where: { OR: [{ contestAId: contest.id }, { contestBId: contest.id }] },
    });
    expect(again.map((p) => p.id).sort()).toEqual(pairs.map((p) => p.id).sort());
    expect(again.find((p) => p.id === twins.id)!.status).toBe("cleared");

    // A judge assigned to the twins and the borrower learns nothing of it.
    const judge = judges[0]!;
    for (const e of [first, second, borrower])
      await prisma.judgeAssignment.create({
        data: { contestId: contest.id, judgeId: judge.id, submissionId: e.submission.id },
      });
    const cookie = await cookieFor(judge.id);
    const seen: string[] = [];
    const queue = await judgeQueue.loader({
      request: new Request("http://inkwell.test/judge", { headers: { cookie } }),
      params: {},
      context: {},
    });
    seen.push(JSON.stringify(queue));
    for (const e of [first, second, borrower]) {
      const review = await judgeReview.loader({
        request: new Request(`http://inkwell.test/judge/review/${e.submission.id}`, {
          headers: { cookie },
        }),
        params: { submissionId: e.submission.id },
        context: {},
      });
      seen.push(JSON.stringify(review));
    }
    const judgeSaw = seen.join("\n");
    expect(judgeSaw).toContain("The borrower");
    for (const hidden of [
      twins.id,
      copied.id,
      "copy",
      "Copy",
      "near-identical",
      "shared-passage",
      "resemblance",
      "The old story",
      old.writer.displayName,
      first.writer.displayName,
      second.writer.displayName,
    ])
      expect(judgeSaw).not.toContain(hidden);
  });

  test("the admin clears a pair, or disqualifies one entry and its writer is told kindly once", async () => {
    const admin = await person("admin", ["admin"]);
    const { contest } = await judgingContest();
    const text = story(9700);
    const a = await storyEntry(contest.id, text, "Original");
    const b = await storyEntry(contest.id, text, "Copy sent again");
    const c = await storyEntry(contest.id, story(9701), "Other");
    const d = await storyEntry(contest.id, story(9701), "Other twin");
    await receive([a.submission.id, b.submission.id, c.submission.id, d.submission.id]);
    const [ab, cd] = await Promise.all(
      [
        [a, b],
        [c, d],
      ].map(([x, y]) =>
        prisma.copyPair.findFirstOrThrow({
          where: {
            entryAId: [x!.submission.id, y!.submission.id].sort()[0],
            entryBId: [x!.submission.id, y!.submission.id].sort()[1],
          },
        }),
      ),
    );

    // The page lists both, and shows one side by side with the shared words marked.
    const listed = (await page.loader({
      request: new Request(
        `http://inkwell.test/admin/contests/${contest.id}/copies?pair=${ab!.id}`,
        { headers: { "x-test-admin": admin.id } },
      ),
      params: { id: contest.id },
      context: {},
    })) as Awaited<ReturnType<typeof page.loader>>;
    expect(listed.pairs.map((p) => p.id).sort()).toEqual([ab!.id, cd!.id].sort());
    expect(listed.detail!.a.pieces.some((p) => p.shared)).toBe(true);
    expect(listed.detail!.b.pieces.map((p) => p.text).join("")).toBe(text);

    // Disqualify without choosing an entry: refused, nothing changes.
    const refused = await adminPost(contest.id, admin.id, { intent: "disqualify", pairId: ab!.id });
    expect(refused.status).toBe(302);
    expect((await prisma.copyPair.findUniqueOrThrow({ where: { id: ab!.id } })).status).toBe(
      "open",
    );

    const cleared = await adminPost(contest.id, admin.id, {
      intent: "clear",
      pairId: cd!.id,
      note: "Same class exercise, both checked.",
    });
    expect(cleared.status).toBe(302);
    expect(await prisma.copyPair.findUniqueOrThrow({ where: { id: cd!.id } })).toMatchObject({
      status: "cleared",
      decidedById: admin.id,
      note: "Same class exercise, both checked.",
    });

    const out = await adminPost(contest.id, admin.id, {
      intent: "disqualify",
      pairId: ab!.id,
      entryId: b.submission.id,
      note: "Sent from a second account.",
    });
    expect(out.status).toBe(302);
    expect(await prisma.copyPair.findUniqueOrThrow({ where: { id: ab!.id } })).toMatchObject({
      status: "disqualified",
      note: "Sent from a second account.",
    });
    expect(
      await prisma.submission.findUniqueOrThrow({ where: { id: b.submission.id } }),
    ).toMatchObject({ status: "disqualified", disqualifyReason: COPY_DISQUALIFY_REASON });
    expect(
      (await prisma.submission.findUniqueOrThrow({ where: { id: a.submission.id } })).status,
    ).toBe("submitted");
    await deliverDueEvents(new Date(Date.now() + 1000), handleLocally);
    await deliverDueEvents(new Date(Date.now() + 2000), handleLocally);
    const mails = await mailsTo(b.writer.email, "entry-not-original");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("About your entry: Copy sent again");
    expect(mails[0]!.body).not.toContain("Original");
    expect(mails[0]!.body).not.toContain(a.writer.displayName);

    // Another contest's pair is not this page's to decide.
    const other = await judgingContest();
    const forged = await adminPost(other.contest.id, admin.id, { intent: "clear", pairId: ab!.id });
    expect(forged.status).toBe(302);
    expect((await prisma.copyPair.findUniqueOrThrow({ where: { id: ab!.id } })).status).toBe(
      "disqualified",
    );
  });

  test("an educator's flag shows the class's entries in an open pair only", async () => {
    const { contest } = await judgingContest();
    const text = story(9800);
    const a = await storyEntry(contest.id, text);
    const b = await storyEntry(contest.id, text);
    const c = await storyEntry(contest.id, story(9801));
    await receive([a.submission.id, b.submission.id, c.submission.id]);
    expect([...(await openCopyFlags([a.submission.id, c.submission.id]))]).toEqual([
      a.submission.id,
    ]);
    await prisma.copyPair.updateMany({
      where: { entryAId: { in: [a.submission.id, b.submission.id] } },
      data: { status: "cleared" },
    });
    expect((await openCopyFlags([a.submission.id, c.submission.id])).size).toBe(0);
  });

  test("retention's removal of the text takes the signature, and a short text is not indexed", async () => {
    const { contest } = await judgingContest();
    const a = await storyEntry(contest.id, story(9900));
    const short = await storyEntry(contest.id, "A very short poem about the sea.");
    await receive([a.submission.id, short.submission.id]);
    expect(
      await prisma.entryKey.count({ where: { submissionId: a.submission.id } }),
    ).toBeGreaterThan(30);
    expect(
      await prisma.entrySignature.count({ where: { submissionId: short.submission.id } }),
    ).toBe(0);
    // What the retention job does in its transaction (tests/integration/retention.test.ts runs it).
    await prisma.submission.update({
      where: { id: a.submission.id },
      data: { body: null, contentRemovedAt: new Date() },
    });
    await checkEntry(a.submission.id);
    expect(await prisma.entrySignature.count({ where: { submissionId: a.submission.id } })).toBe(0);
    expect(await prisma.entryKey.count({ where: { submissionId: a.submission.id } })).toBe(0);
  });
});
