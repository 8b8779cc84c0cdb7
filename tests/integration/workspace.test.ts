import { describe, expect, test, vi } from "vitest";
import { observeSql, prisma } from "~/utils/db.server";
import { entry, lifecycleContest, person } from "./lifecycle-fixtures";

// The contest workspace (docs/decisions/0050-contest-workspace.md): the Overview's counts and
// what needs the admin, on a class-size contest; the old ?contest= URLs redirecting to their
// tab with their other parameters; Scoring opening on the round being judged; the Schedule in the
// contest's time zone. The admin check is stubbed (tests/authz covers who may call each route).
vi.mock("~/features/accounts/auth.server", async (original) => ({
  ...(await original<object>()),
  requireAdmin: async () => ({ id: "admin", roles: ["admin"] }),
}));

type Loader = (args: {
  request: Request;
  params: Record<string, string>;
  context: object;
}) => unknown;
const overview = (await import("~/routes/admin+/contests+/$id+/index")) as { loader: Loader };
const scoring = (await import("~/routes/admin+/contests+/$id+/scoring")) as { loader: Loader };
const schedule = (await import("~/routes/admin+/contests+/$id+/schedule")) as { loader: Loader };
const entries = (await import("~/routes/admin+/contests+/$id+/entries")) as { loader: Loader };
const old = {
  entries: (await import("~/routes/admin+/submissions+/index")) as { loader: Loader },
  assignments: (await import("~/routes/admin+/assign")) as { loader: Loader },
  scoring: (await import("~/routes/admin+/scoring+/index")) as { loader: Loader },
  schedule: (await import("~/routes/admin+/workflows")) as { loader: Loader },
};

const load = (loader: Loader, path: string, params: Record<string, string> = {}) =>
  Promise.resolve(
    loader({ request: new Request(`http://inkwell.test${path}`), params, context: {} }),
  ).catch((thrown: unknown) => thrown);

const DAY = 86_400_000;
/** Submissions closed, judging open now (round 1 of the contest), results later. */
function judgingNow() {
  const now = Date.now();
  return {
    submissionsOpen: new Date(now - 20 * DAY),
    submissionsClose: new Date(now - 10 * DAY),
    judgingOpen: new Date(now - 5 * DAY),
    judgingClose: new Date(now + 5 * DAY),
    resultsAt: new Date(now + 20 * DAY),
  };
}

type Overview = {
  phase: string;
  next: { what: string; at: string } | null;
  counts: {
    byStatus: Record<string, number>;
    paid: number;
    waitingForPayment: number;
    waitingForConsent: number;
  };
  judging: { round: number; assigned: number; scored: number; overdue: number }[];
  attention: { kind: string; tab: string }[];
};

describe("the contest workspace", () => {
  test("Overview: a class of 30 entries counted by aggregates, and what needs the admin", async () => {
    const { contest, judges } = await lifecycleContest({
      judges: 2,
      published: true,
      dates: judgingNow(),
    });
    // 30 pupils: 24 submitted (2 name their writer, 20 paid), 3 waiting for payment (one of them
    // waiting for a parent's consent too), 3 withdrawn.
    const submitted = [];
    for (let i = 0; i < 24; i++) submitted.push((await entry(contest.id)).submission);
    await prisma.submission.updateMany({
      where: { id: { in: submitted.slice(0, 2).map((s) => s.id) } },
      data: { mentionsEntrant: true },
    });
    for (const s of submitted.slice(0, 20))
      await prisma.payment.create({
        data: {
          submissionId: s.id,
          contestId: contest.id,
          feeCents: 500,
          amountCents: 500,
          status: "paid",
          paidAt: new Date(),
        },
      });
    const pending = [];
    for (let i = 0; i < 3; i++) pending.push(await entry(contest.id, "pending_payment"));
    await prisma.user.update({
      where: { id: pending[0]!.writer.id },
      data: { parentEmail: "parent@example.test", parentConsentAt: null },
    });
    for (let i = 0; i < 3; i++) await entry(contest.id, "withdrawn");
    // An educator's invoice not paid yet.
    const educator = await person("educator");
    await prisma.paymentGroup.create({
      data: {
        contestId: contest.id,
        payerId: educator.id,
        status: "invoiced",
        amountCents: 1500,
        method: "invoice",
      },
    });
    // 20 entries have a judge, 10 of them scored; 4 submitted entries have none.
    const rubricId = contest.rubrics[0]!.id;
    for (const [i, s] of submitted.slice(0, 20).entries()) {
      const judgeId = judges[i % 2]!.id;
      const a = await prisma.judgeAssignment.create({
        data: { contestId: contest.id, judgeId, submissionId: s.id, round: 1 },
      });
      if (i < 10)
        await prisma.score.create({
          data: {
            assignmentId: a.id,
            rubricId,
            judgeId,
            submissionId: s.id,
            scores: JSON.stringify({ voice: 7 }),
            total: 7,
            submittedAt: new Date(),
          },
        });
    }
    // The reminder step failed for good.
    await prisma.lifecycleStep.create({
      data: {
        contestId: contest.id,
        step: "remind",
        dueAt: new Date(Date.now() - DAY),
        attempts: 5,
        lastError: "SMTP refused",
      },
    });

    const statements: string[] = [];
    const stop = observeSql((e) => statements.push(e.sql));
    const page = (await load(overview.loader, `/admin/contests/${contest.id}`, {
      id: contest.id,
    })) as Overview;
    stop();

    expect(page.phase).toBe("Judging");
    expect(page.next?.what).toBe("Judging closes");
    expect(page.next?.at).toMatch(/C[SD]T$/); // the contest's zone (America/Chicago)
    expect(page.counts.byStatus).toMatchObject({
      submitted: 24,
      pending_payment: 3,
      withdrawn: 3,
    });
    expect(page.counts.paid).toBe(20);
    expect(page.counts.waitingForPayment).toBe(3);
    expect(page.counts.waitingForConsent).toBe(1);
    expect(page.judging).toEqual([
      expect.objectContaining({ round: 1, assigned: 20, scored: 10, overdue: 0 }),
    ]);
    const kinds = Object.fromEntries(page.attention.map((a) => [a.kind, a.tab]));
    expect(kinds).toMatchObject({
      step: "schedule",
      "names-writer": "entries",
      unassigned: "assignments",
      invoices: expect.stringMatching(/^entries/),
    });
    // Aggregates only: no statement reads the contest's entries row by row.
    expect(statements.length).toBeLessThanOrEqual(20);
    expect(statements.some((sql) => /SELECT .*"body"/.test(sql))).toBe(false);

    // The Entries tab is the submissions list of this contest only.
    const other = await lifecycleContest();
    await entry(other.contest.id);
    const list = (await load(entries.loader, `/admin/contests/${contest.id}/entries`, {
      id: contest.id,
    })) as { total: number; scoped: boolean; contests: unknown[] };
    expect(list).toMatchObject({ total: 30, scoped: true, contests: [] });
  });

  test("every old ?contest= URL redirects to its workspace tab, keeping its other parameters", async () => {
    const { contest } = await lifecycleContest();
    const cases = [
      [old.entries, "/admin/submissions", "entries"],
      [old.assignments, "/admin/assign", "assignments"],
      [old.scoring, "/admin/scoring", "scoring"],
      [old.schedule, "/admin/workflows", "schedule"],
    ] as const;
    for (const [route, path, tab] of cases) {
      const answer = (await load(route.loader, `${path}?contest=${contest.id}&page=2&q=door`)) as
        Response | undefined;
      expect(answer, path).toBeInstanceOf(Response);
      expect(answer!.status, path).toBe(302);
      expect(answer!.headers.get("Location"), path).toBe(
        `/admin/contests/${contest.id}/${tab}?page=2&q=door`,
      );
    }
    // Without a contest: a list of workspaces (no picker), or the site-wide view.
    const assign = (await load(old.assignments.loader, "/admin/assign")) as {
      contests: { id: string }[];
    };
    expect(assign.contests.map((c) => c.id)).toContain(contest.id);
    const all = (await load(old.entries.loader, "/admin/submissions")) as { scoped: boolean };
    expect(all.scoped).toBe(false);
  });

  test("Scoring opens on the round being judged (round 1 of 2), not the final round", async () => {
    const { contest } = await lifecycleContest({ published: true, dates: judgingNow() });
    const now = Date.now();
    await prisma.judgingRound.createMany({
      data: [
        {
          contestId: contest.id,
          number: 1,
          name: "Long list",
          judgingOpen: new Date(now - 5 * DAY),
          judgingClose: new Date(now + 5 * DAY),
          advanceRule: "top",
          advanceValue: 5,
        },
        {
          contestId: contest.id,
          number: 2,
          name: "Final",
          judgingOpen: new Date(now + 6 * DAY),
          judgingClose: new Date(now + 10 * DAY),
        },
      ],
    });
    const page = (await load(scoring.loader, `/admin/contests/${contest.id}/scoring`, {
      id: contest.id,
    })) as { stage: { round: number; finalRound: number } };
    expect(page.stage).toMatchObject({ round: 1, finalRound: 2 });
  });

  test("Schedule: the contest's steps and the maintenance rows in the contest's time zone", async () => {
    const { contest } = await lifecycleContest({ published: true });
    await prisma.lifecycleStep.create({
      data: { contestId: contest.id, step: "open", dueAt: contest.submissionsOpen },
    });
    const page = (await load(schedule.loader, `/admin/contests/${contest.id}/schedule`, {
      id: contest.id,
    })) as { zone: string; contest: { id: string; steps: { step: string }[] } };
    expect(page.zone).toBe("America/Chicago");
    expect(page.contest.id).toBe(contest.id);
    expect(page.contest.steps.map((s) => s.step)).toEqual(["open"]);
  });
});
