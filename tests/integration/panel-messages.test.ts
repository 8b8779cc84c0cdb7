import { InngestTestEngine } from "@inngest/test";
import { describe, expect, test, vi } from "vitest";
import { prisma } from "~/utils/db.server";
import type * as Email from "~/utils/email.server";
import { getToast } from "~/utils/toast.server";
import { entry, lifecycleContest, person } from "./lifecycle-fixtures";

// "Write to entrants" / "Write to judges" (docs/decisions/0033-judging-panel.md): the preview sends
// nothing; the send goes through the outbox and e-mails each recipient exactly once, even when
// the delivery fails halfway and is retried, or runs twice. The admin check is stubbed
// (tests/authz/panel-discussion.ts covers who may call the page).
const failing = vi.hoisted(() => new Set<string>());
vi.mock("~/utils/email.server", async (original) => {
  const mod = await original<typeof Email>();
  return {
    ...mod,
    sendEmail: async (m: Parameters<typeof mod.sendEmail>[0]) =>
      failing.has(m.to)
        ? { ok: false as const, error: "provider down", logId: "none" }
        : mod.sendEmail(m),
  };
});
const admin = await person("admin", ["admin"]);
vi.mock("~/features/accounts/auth.server", async (original) => ({
  ...(await original<object>()),
  requireAdmin: async () => ({ id: admin.id, roles: ["admin"] }),
}));
const page = await import("~/routes/admin+/contests+/$id+/messages");
const { deliverDueEvents } = await import("~/features/lifecycle/outbox.server");
const { handleLocally } = await import("~/features/lifecycle/scheduler.server");
const { sendContestMessage } = await import("~/features/lifecycle/contest-message.server");
const { countRecipients, recipientsOf, sendMessage } =
  await import("~/features/messages/messages.server");
const { contestMessage } = await import("../../inngest/contest-message");

type Action = (args: {
  request: Request;
  params: Record<string, string>;
  context: object;
}) => unknown;

async function post(contestId: string, form: Record<string, string>) {
  const result = (await (page.action as Action)({
    request: new Request(`http://inkwell.test/admin/contests/${contestId}/messages`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    }),
    params: { id: contestId },
    context: {},
  })) as Response | { data: unknown; init: { status?: number } | null };
  if (result instanceof Response) {
    const cookie = result.headers.get("Set-Cookie") ?? "";
    const { toast } = await getToast(
      new Request("http://inkwell.test/", { headers: { Cookie: cookie.split(";")[0] } }),
    );
    return { status: result.status, toast, data: null as unknown };
  }
  return { status: result.init?.status ?? 200, toast: null, data: result.data };
}

const YEAR = 365 * 86_400_000;

async function scene() {
  const { contest } = await lifecycleContest();
  const division = await prisma.division.create({
    data: { contestId: contest.id, position: 0, name: "Seniors", basis: "grade", min: 9, max: 12 },
  });
  const twice = await entry(contest.id);
  await prisma.submission.create({
    data: {
      contestId: contest.id,
      entrantId: twice.writer.id,
      title: "Second",
      status: "submitted",
    },
  });
  const unpaid = await entry(contest.id, "pending_payment");
  await prisma.submission.update({
    where: { id: unpaid.submission.id },
    data: { divisionId: division.id },
  });
  const withdrawn = await entry(contest.id, "withdrawn");
  const child = await entry(contest.id);
  await prisma.user.update({
    where: { id: child.writer.id },
    data: {
      dateOfBirth: new Date(Date.now() - 10 * YEAR),
      parentEmail: `parent-${child.writer.id}@example.test`,
      parentConsentAt: new Date(),
    },
  });
  // A child whose parent has not agreed: no copy to that address.
  const waiting = await entry(contest.id);
  await prisma.user.update({
    where: { id: waiting.writer.id },
    data: {
      dateOfBirth: new Date(Date.now() - 10 * YEAR),
      parentEmail: `parent-${waiting.writer.id}@example.test`,
    },
  });
  return { contest, division, twice, unpaid, withdrawn, child, waiting };
}

const logged = (to: string) =>
  prisma.emailLog.count({ where: { to, template: "contest-message", status: "logged" } });

describe("contest messages", () => {
  test("preview sends nothing; send reaches every entrant once, with parents' copies, under retries", async () => {
    const s = await scene();
    const fields = {
      audience: "entrants",
      subject: "Judging has begun",
      body: "Hello all.\n\nThanks!",
    };
    const before = await prisma.emailLog.count();
    const preview = await post(s.contest.id, { intent: "preview", ...fields });
    expect(preview.status).toBe(200);
    const shown = preview.data as { preview: { recipients: number; paragraphs: string[] } };
    // twice (two entries, one e-mail), unpaid, child, waiting; not the withdrawn one.
    expect(shown.preview.recipients).toBe(4);
    expect(shown.preview.paragraphs).toEqual(["Hello all.", "Thanks!"]);
    expect(await prisma.contestMessage.count({ where: { contestId: s.contest.id } })).toBe(0);
    expect(await prisma.outboxEvent.count({ where: { name: "contest/message.send" } })).toBe(0);
    expect(await prisma.emailLog.count()).toBe(before);

    // The send fails for one entrant the first time: the others go out, the event is retried.
    failing.add(s.unpaid.writer.email);
    const sent = await post(s.contest.id, { intent: "send", ...fields });
    expect(sent.toast?.title).toBe("Message on its way");
    const message = await prisma.contestMessage.findFirstOrThrow({
      where: { contestId: s.contest.id },
    });
    expect(message).toMatchObject({ recipients: 4, sentAt: null, audience: "entrants" });
    const first = await deliverDueEvents(new Date(), handleLocally);
    expect(first.failed).toBe(1);
    expect(await logged(s.unpaid.writer.email)).toBe(0);
    failing.clear();
    const retry = await deliverDueEvents(new Date(Date.now() + 86_400_000), handleLocally);
    expect(retry.delivered).toBe(1);
    // The handler running again (a second delivery) sends nothing new.
    await sendContestMessage(message.id);

    for (const w of [s.twice, s.unpaid, s.child, s.waiting])
      expect(await logged(w.writer.email)).toBe(1);
    expect(await logged(s.withdrawn.writer.email)).toBe(0);
    expect(await logged(`parent-${s.child.writer.id}@example.test`)).toBe(1);
    expect(await logged(`parent-${s.waiting.writer.id}@example.test`)).toBe(0);
    const body = await prisma.emailLog.findFirstOrThrow({
      where: { to: s.twice.writer.email, template: "contest-message" },
    });
    expect(body.subject).toBe(`${s.contest.title}: Judging has begun`);
    expect(body.body).toContain(`Hello ${s.twice.writer.displayName},`);
    expect(body.body).toContain(`/contests/${s.contest.slug}`);
    const done = await prisma.contestMessage.findUniqueOrThrow({ where: { id: message.id } });
    expect(done.sentAt).not.toBeNull();
    expect(
      await prisma.lifecycleEmail.count({
        where: { key: { startsWith: `message:${message.id}:` } },
      }),
    ).toBe(5);
    expect(
      await prisma.lifecycleEmail.count({
        where: { key: `message:${message.id}:parent:${s.child.writer.id}` },
      }),
    ).toBe(1);

    const history = (await (page.loader as Action)({
      request: new Request(`http://inkwell.test/admin/contests/${s.contest.id}/messages`),
      params: { id: s.contest.id },
      context: {},
    })) as { history: { subject: string; recipients: number; delivered: number; sent: boolean }[] };
    expect(history.history).toEqual([
      expect.objectContaining({
        subject: "Judging has begun",
        recipients: 4,
        delivered: 4,
        sent: true,
      }),
    ]);
  });

  test("filters: entry status and division; judges of the panel, those left to score", async () => {
    const s = await scene();
    const f = (status: string | null, divisionId: string | null = null) => ({
      audience: "entrants",
      status,
      divisionId,
    });
    expect(await countRecipients(s.contest.id, f(null))).toBe(4);
    expect((await recipientsOf(s.contest.id, f("pending_payment"))).map((r) => r.userId)).toEqual([
      s.unpaid.writer.id,
    ]);
    expect((await recipientsOf(s.contest.id, f(null, s.division.id))).map((r) => r.userId)).toEqual(
      [s.unpaid.writer.id],
    );
    expect((await recipientsOf(s.contest.id, f("withdrawn"))).map((r) => r.userId)).toEqual([
      s.withdrawn.writer.id,
    ]);

    // The panel: busy (an entry to score), done (scored), invited (not accepted), outsider.
    const [busy, done, invited, outsider] = [
      await person("busy", ["judge"]),
      await person("done", ["judge"]),
      await person("invited", ["judge"]),
      await person("outsider", ["judge"]),
    ];
    for (const [judge, status] of [
      [busy, "accepted"],
      [done, "accepted"],
      [invited, "invited"],
    ] as const)
      await prisma.panelMember.create({
        data: { contestId: s.contest.id, judgeId: judge.id, status },
      });
    const rubric = await prisma.rubric.findFirstOrThrow({ where: { contestId: s.contest.id } });
    for (const judge of [busy, done, outsider])
      await prisma.judgeAssignment.create({
        data: { contestId: s.contest.id, judgeId: judge.id, submissionId: s.twice.submission.id },
      });
    const a = await prisma.judgeAssignment.findFirstOrThrow({ where: { judgeId: done.id } });
    await prisma.score.create({
      data: {
        assignmentId: a.id,
        rubricId: rubric.id,
        judgeId: done.id,
        submissionId: s.twice.submission.id,
        scores: "{}",
        total: 5,
        submittedAt: new Date(),
      },
    });
    const ids = async (status: string | null, divisionId: string | null = null) =>
      (await recipientsOf(s.contest.id, { audience: "judges", status, divisionId }))
        .map((r) => r.userId)
        .sort();
    expect(await ids(null)).toEqual([busy.id, done.id].sort());
    expect(await ids("unscored")).toEqual([busy.id]);
    // Nobody judges the Seniors division yet; a judge restricted to it does.
    expect(await ids(null, s.division.id)).toEqual([]);
    await prisma.judgeDivision.create({ data: { divisionId: s.division.id, judgeId: done.id } });
    expect(await ids(null, s.division.id)).toEqual([done.id]);
    // Judges get no parents' copies.
    expect(
      (
        await recipientsOf(s.contest.id, { audience: "judges", status: null, divisionId: null })
      ).every((r) => r.parentEmail === null),
    ).toBe(true);

    // A division of another contest is refused in words; nobody to write to is refused too.
    const other = await post(s.contest.id, {
      intent: "preview",
      audience: "entrants",
      divisionId: "no-such-division",
      subject: "x",
      body: "y",
    });
    expect(other.status).toBe(400);
    expect(JSON.stringify(other.data)).toContain("Choose a division of this contest");
    const nobody = await post(s.contest.id, {
      intent: "send",
      audience: "entrants",
      status: "disqualified",
      subject: "x",
      body: "y",
    });
    expect(nobody.status).toBe(400);
    expect(JSON.stringify(nobody.data)).toContain("no one to write to");
    expect(await prisma.contestMessage.count({ where: { contestId: s.contest.id } })).toBe(0);
  });

  test("the Inngest function sends each e-mail once, however often it runs", async () => {
    const s = await scene();
    const { id } = await sendMessage(s.contest.id, admin.id, {
      intent: "send",
      audience: "entrants",
      status: "pending_payment",
      divisionId: null,
      subject: "Pay soon",
      body: "Your entry waits for its fee.",
    });
    const event = { name: "contest/message.send" as const, data: { messageId: id } };
    const run = () =>
      new InngestTestEngine({ function: contestMessage, events: [event] }).execute();
    expect((await run()).result).toMatchObject({ outcome: { sent: 1, recipients: 1 } });
    expect((await run()).result).toMatchObject({ outcome: { sent: 0, recipients: 1 } });
    expect(await logged(s.unpaid.writer.email)).toBe(1);
    expect(await logged(s.twice.writer.email)).toBe(0);
    expect((contestMessage.opts as { retries?: number }).retries).toBe(10);
  });
});
