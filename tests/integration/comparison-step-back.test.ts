/**
 * Stepping back from a piece at the comparison desk (docs/decisions/0056-comparison-rounds.md), on
 * both engines, through the desk's own route: the recusal is recorded for that entry (the review
 * page's Recusal row, ADR 0033), the pair is given back, and the judge is never shown that entry
 * again in the round; another judge still is. A form without a piece or reason writes nothing;
 * another judge's pair is a 404; a closed round is refused at the moment of the write. 30 entries.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test, vi } from "vitest";
import { EntryRecusals } from "~/components/entries/admin-entry-facts";
import { RecusalList } from "~/components/judging/auto-assign";
import { contestRecusals, entryRecusals } from "~/features/assignment/recusal.server";
import { decide, deskRound, nextPair } from "~/features/comparison/desk.server";
import { prisma } from "~/utils/db.server";
import { getToast } from "~/utils/toast.server";
import { entry, lifecycleContest, person } from "./lifecycle-fixtures";
import { seatPanel } from "./panel-fixtures";

const who = vi.hoisted(() => ({ judge: "" }));
vi.mock("~/features/accounts/auth.server", async (original) => ({
  ...(await original<object>()),
  requireJudge: async () => ({ id: who.judge, roles: ["judge"] }),
}));
const desk = await import("~/routes/judge+/compare.$contestId");

const HOUR = 3_600_000;

type Fn = (args: { request: Request; params: Record<string, string>; context: object }) => unknown;

async function post(contestId: string, form: Record<string, string>) {
  const result = (await Promise.resolve(
    (desk.action as Fn)({
      request: new Request(`http://inkwell.test/judge/compare/${contestId}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
      }),
      params: { contestId },
      context: {},
    }),
  ).catch((e: unknown) => e)) as
    | Response
    | { data: { stepBack?: { error?: Record<string, string[]> } }; init: { status?: number } };
  if (result instanceof Response) {
    const cookie = result.headers.get("Set-Cookie") ?? "";
    const { toast } = await getToast(
      new Request("http://inkwell.test/", { headers: { Cookie: cookie.split(";")[0] ?? "" } }),
    );
    return { status: result.status, toast, errors: null };
  }
  return { status: result.init?.status ?? 200, toast: null, errors: result.data.stepBack?.error };
}

async function shown(contestId: string) {
  const page = (await (desk.loader as Fn)({
    request: new Request(`http://inkwell.test/judge/compare/${contestId}`),
    params: { contestId },
    context: {},
  })) as { pair: { id: string; pieces: { label: string; title: string }[] } | null };
  return page.pair;
}

async function comparisonRound(entries = 30) {
  const { contest } = await lifecycleContest();
  const now = Date.now();
  const round = await prisma.judgingRound.create({
    data: {
      contestId: contest.id,
      number: 1,
      name: "First read",
      method: "comparison",
      comparisonsPerEntry: 4,
      judgingOpen: new Date(now - HOUR),
      judgingClose: new Date(now + 24 * HOUR),
    },
  });
  const ids: string[] = [];
  for (let i = 0; i < entries; i++) ids.push((await entry(contest.id)).submission.id);
  const judges = [(await person("cjudge", ["judge"])).id, (await person("cjudge", ["judge"])).id];
  await seatPanel(contest.id, judges);
  return { contest, round, ids, judges };
}

describe("stepping back at the comparison desk", () => {
  test("the recusal is kept, the pair given back, and the judge never sees the entry again", async () => {
    const { contest, round, ids, judges } = await comparisonRound();
    const [j, other] = judges as [string, string];
    who.judge = j;
    const pair = await shown(contest.id);
    expect(pair).not.toBeNull();
    const held = await prisma.comparison.findUniqueOrThrow({ where: { id: pair!.id } });

    // Without a piece and a reason nothing is written.
    const refused = await post(contest.id, { intent: "step-back", comparisonId: pair!.id });
    expect(refused.status).toBe(400);
    expect(refused.errors?.piece).toEqual(["Choose the piece you are stepping back from."]);
    expect(refused.errors?.reason).toEqual(["Choose why you are stepping back."]);
    expect(await prisma.recusal.count({ where: { contestId: contest.id } })).toBe(0);

    // Another judge cannot step back from this judge's pair.
    who.judge = other;
    const notTheirs = await post(contest.id, {
      intent: "step-back",
      comparisonId: pair!.id,
      piece: "A",
      reason: "knows-writer",
    });
    expect(notTheirs.status).toBe(404);
    who.judge = j;

    const answer = await post(contest.id, {
      intent: "step-back",
      comparisonId: pair!.id,
      piece: "A",
      reason: "knows-writer",
    });
    expect(answer.status).toBe(302);
    expect(answer.toast?.title).toBe("You have stepped back from piece A");
    const recusals = await prisma.recusal.findMany({ where: { contestId: contest.id } });
    expect(recusals).toEqual([
      expect.objectContaining({
        judgeId: j,
        submissionId: held.entryAId,
        reason: "knows-writer",
        round: 1,
        replacementId: null,
      }),
    ]);
    // The admin's recusal lists (the entry's page, the Assign page) say what happened: no judge
    // replaces another at the desk, the pair went back to the pool.
    const onEntry = await entryRecusals(held.entryAId);
    const onContest = await contestRecusals(contest.id);
    expect(onEntry).toEqual([
      expect.objectContaining({ atComparisonDesk: true, replacement: null }),
    ]);
    expect(onContest).toEqual([
      expect.objectContaining({ atComparisonDesk: true, replacement: null }),
    ]);
    const row = { id: "r", at: "today", judge: "A judge", reason: "I know the writer" };
    const entryPage = renderToStaticMarkup(
      createElement(EntryRecusals, {
        recusals: [{ ...row, replacement: null, atComparisonDesk: onEntry[0]!.atComparisonDesk }],
      }),
    );
    const assignPage = renderToStaticMarkup(
      createElement(RecusalList, {
        recusals: [
          {
            ...row,
            title: "T",
            replacement: null,
            atComparisonDesk: onContest[0]!.atComparisonDesk,
          },
        ],
      }),
    );
    for (const html of [entryPage, assignPage]) {
      expect(html).toContain(
        "Stepped back at the comparison desk: other judges still compare this piece.",
      );
      expect(html).not.toMatch(/No (other )?judge could take/);
    }
    // A rubric round's step back without a replacement still says the entry is short of a judge.
    expect(
      renderToStaticMarkup(
        createElement(EntryRecusals, {
          recusals: [{ ...row, replacement: null, atComparisonDesk: false }],
        }),
      ),
    ).toContain("No judge could take their place: the entry is short of a judge.");

    // The pair is given back: no pending or decided row of it for anyone.
    expect(await prisma.comparison.findUnique({ where: { id: pair!.id } })).toBeNull();

    // The desk's next pair, and every pair after it until none is left, leaves the entry out.
    const next = await shown(contest.id);
    expect(next!.id).not.toBe(pair!.id);
    const deskRoundJ = (await deskRound(j, contest.id))!;
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = await nextPair(j, deskRoundJ);
      if (!p) break;
      seen.add(p.entryAId).add(p.entryBId);
      await decide(j, { comparisonId: p.id, winner: i % 2 ? "A" : "B" });
    }
    expect(seen.size).toBe(ids.length - 1);
    expect(seen.has(held.entryAId)).toBe(false);
    expect(
      await prisma.comparison.count({
        where: {
          roundId: round.id,
          judgeId: j,
          OR: [{ entryAId: held.entryAId }, { entryBId: held.entryAId }],
        },
      }),
    ).toBe(0);

    // Another judge still compares the entry.
    const roundOther = (await deskRound(other, contest.id))!;
    const seenByOther = new Set<string>();
    for (let i = 0; i < 200 && !seenByOther.has(held.entryAId); i++) {
      const p = await nextPair(other, roundOther);
      if (!p) break;
      seenByOther.add(p.entryAId).add(p.entryBId);
      await decide(other, { comparisonId: p.id, winner: "A" });
    }
    expect(seenByOther.has(held.entryAId)).toBe(true);
  });

  test("once the round has closed, stepping back is refused and nothing changes", async () => {
    const { contest, round, judges } = await comparisonRound(8);
    who.judge = judges[0]!;
    const pair = await shown(contest.id);
    await prisma.judgingRound.update({
      where: { id: round.id },
      data: { judgingClose: new Date(Date.now() - 1000) },
    });
    const answer = await post(contest.id, {
      intent: "step-back",
      comparisonId: pair!.id,
      piece: "B",
      reason: "same-school",
    });
    expect(answer.status).toBe(403);
    expect(await prisma.recusal.count({ where: { contestId: contest.id } })).toBe(0);
    expect(await prisma.comparison.findUnique({ where: { id: pair!.id } })).not.toBeNull();
  });
});
