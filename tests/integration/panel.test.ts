import { removeMember } from "~/features/assignment/leaving.server";
import { describe, expect, test, vi } from "vitest";
import { startSession } from "~/features/accounts/session.server";
import { deleteConflict, panelConflicts, recordConflict } from "~/features/panel/conflicts.server";
import { panelConstraints } from "~/features/panel/constraints.server";
import {
  answerPanel,
  answerPanelInvitation,
  findPanelInvitation,
  judgeDeclarations,
  PANEL_LINK_DEAD,
  pendingPanelInvitations,
} from "~/features/panel/panel-invitation.server";
import {
  inviteAllJudges,
  inviteByEmail,
  inviteJudges,
  judgesOffPanel,
  panelMembers,
  saveMemberSettings,
} from "~/features/panel/panel.server";
import * as judgePage from "~/routes/judge+/index";
import * as invitationPage from "~/routes/_auth+/panel-invitation.$token";
import { prisma } from "~/utils/db.server";
import { enterFor, linkedPupil, makeEducator, openContest } from "./class-fixtures";
import { linkToken, liveMails } from "./inbox";

// The panel page's admin check is stubbed (tests/authz/panel.ts covers who may call it).
vi.mock("~/features/accounts/auth.server", async (original) => ({
  ...(await original<object>()),
  requireAdmin: async () => ({ id: null, roles: ["admin"] }),
}));
const panelPage = await import("~/routes/admin+/contests+/$id+/panel");

/** docs/decisions/0033-judging-panel.md */
let n = 0;
const email = (p: string) => `${p}-${n++}-${Date.now()}@panel.test`;
const nothing = { ownSchool: "", workWith: [] as string[] };

async function judge(name = "Judge") {
  return prisma.user.create({
    data: {
      email: email(name.toLowerCase()),
      displayName: name,
      roles: { create: { role: "judge" } },
      password: { create: { hash: "x" } },
    },
  });
}

const member = (contestId: string, judgeId: string) =>
  prisma.panelMember.findUnique({ where: { contestId_judgeId: { contestId, judgeId } } });

/** Seats `judgeId` as an accepted member (through an invitation and its answer). */
async function accepted(contestId: string, judgeId: string, declarations = nothing) {
  await inviteJudges(contestId, [judgeId], null);
  await answerPanel(contestId, judgeId, true, declarations);
}

function post(url: string, fields: Record<string, string>, cookie?: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return new Request(url, {
    method: "POST",
    body,
    headers: cookie ? { Cookie: cookie } : {},
  });
}

describe("inviting to a contest's panel", () => {
  test("existing site judges and a new address are invited; each gets a one-time link", async () => {
    const contest = await openContest();
    const [a, b] = [await judge("Ann"), await judge("Ben")];
    expect((await judgesOffPanel(contest.id)).map((j) => j.id)).toEqual(
      expect.arrayContaining([a.id, b.id]),
    );
    expect(await inviteJudges(contest.id, [a.id, b.id], null)).toBe(2);
    const address = email("newcomer");
    expect(await inviteByEmail(contest.id, { email: address, name: "Nia New" }, null)).toEqual({
      created: true,
      email: address,
    });
    const newcomer = await prisma.user.findUniqueOrThrow({
      where: { email: address },
      include: { roles: true, password: true },
    });
    // As Add Judge makes one: the judge role, pending its password.
    expect(newcomer.roles.map((r) => r.role)).toEqual(["judge"]);
    expect(newcomer.password).toBeNull();

    const members = await panelMembers(contest.id);
    expect(members.map((m) => [m.email, m.status, m.active])).toEqual([
      [a.email, "invited", true],
      [b.email, "invited", true],
      [address, "invited", false],
    ]);
    for (const to of [a.email, b.email, address])
      expect(linkToken(to, "panel-invitation")).not.toBe("");
    // The e-mail log never holds the live link.
    const logged = await prisma.emailLog.findMany({
      where: { to: address, template: "panel-invite" },
    });
    expect(logged.length).toBe(1);
    expect(JSON.stringify(logged)).not.toContain(linkToken(address, "panel-invitation"));
    expect((await judgesOffPanel(contest.id)).some((j) => j.id === a.id)).toBe(false);
    // Inviting an accepted member again is refused; the whole site's judges at once skips members.
    await answerPanel(contest.id, a.id, true, nothing);
    await expect(inviteByEmail(contest.id, { email: a.email, name: "" }, null)).rejects.toThrow(
      /already on this panel/,
    );
    const c = await judge("Cat");
    expect(await inviteAllJudges(contest.id, null)).toBeGreaterThanOrEqual(1);
    expect((await member(contest.id, c.id))?.status).toBe("invited");
    expect((await member(contest.id, a.id))?.status).toBe("accepted");
  });

  test("a new account sets its password and declares its schools through the link, once", async () => {
    const contest = await openContest();
    const address = email("fresh");
    await inviteByEmail(contest.id, { email: address, name: "Fresh" }, null);
    const token = linkToken(address, "panel-invitation");
    const found = await findPanelInvitation(token);
    expect(found).toMatchObject({ email: address, needsPassword: true });
    expect(found?.contest.title).toBe(contest.title);
    await expect(
      answerPanelInvitation({ token, signedInUserId: null, accept: true, declarations: nothing }),
    ).rejects.toThrow(/password/);
    const done = await answerPanelInvitation({
      token,
      signedInUserId: null,
      accept: true,
      password: "a-good-password",
      declarations: { ownSchool: " Willow  Creek School ", workWith: ["Oak Hill", "Pine Ridge"] },
    });
    expect(done).toMatchObject({ email: address, newAccount: true });
    const user = await prisma.user.findUniqueOrThrow({
      where: { email: address },
      include: { password: true },
    });
    expect(user.password).not.toBeNull();
    expect((await member(contest.id, user.id))?.status).toBe("accepted");
    const declared = await prisma.conflict.findMany({ where: { judgeId: user.id } });
    expect(declared.every((c) => c.kind === "school" && c.source === "judge" && !c.contestId)).toBe(
      true,
    );
    expect(await judgeDeclarations(user.id)).toEqual({
      ownSchool: "Willow Creek School",
      workWith: "Oak Hill\nPine Ridge",
    });
    // Single use.
    await expect(
      answerPanelInvitation({
        token,
        signedInUserId: user.id,
        accept: true,
        password: "a-good-password",
        declarations: nothing,
      }),
    ).rejects.toThrow(PANEL_LINK_DEAD);
    expect(await findPanelInvitation(token)).toBeNull();
  });

  test("an existing account answers only signed in as itself; another judge cannot accept it", async () => {
    const contest = await openContest();
    const [a, other] = [await judge("Ada"), await judge("Otto")];
    await inviteJudges(contest.id, [a.id], null);
    const token = linkToken(a.email, "panel-invitation");
    await expect(
      answerPanelInvitation({
        token,
        signedInUserId: other.id,
        accept: true,
        declarations: nothing,
      }),
    ).rejects.toThrow(`This invitation is for ${a.email}`);
    await expect(
      answerPanelInvitation({ token, signedInUserId: null, accept: true, declarations: nothing }),
    ).rejects.toThrow(`This invitation is for ${a.email}`);
    // Nor from /judge: Otto was never invited.
    await expect(answerPanel(contest.id, other.id, true, nothing)).rejects.toThrow(
      /already answered or withdrawn/,
    );
    expect(await member(contest.id, other.id)).toBeNull();

    // The page: a visitor is asked to sign in; the invited account answers with its declarations.
    const url = `http://localhost/panel-invitation/${token}`;
    const visitor = (await invitationPage.loader({
      request: new Request(url),
      params: { token },
      context: {},
    })) as unknown as { data: { invitation: { canAnswer: boolean; signedIn: string } } };
    expect(visitor.data.invitation).toMatchObject({ canAnswer: false, signedIn: "no" });
    const cookie = (await startSession(new Request(url), a.id)).split(";")[0];
    const res = (await invitationPage.action({
      request: post(
        url,
        { intent: "accept", ownSchool: "Cedar Park", workWith: "Elm Row" },
        cookie,
      ),
      params: { token },
      context: {},
    })) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/judge");
    expect((await member(contest.id, a.id))?.status).toBe("accepted");
    expect(await judgeDeclarations(a.id)).toEqual({ ownSchool: "Cedar Park", workWith: "Elm Row" });
  });

  test("from /judge: pending invitations are answered without a link; declining and asking again", async () => {
    const [first, second] = [await openContest(), await openContest()];
    const j = await judge("Jo");
    await inviteJudges(first.id, [j.id], null);
    const firstLink = linkToken(j.email, "panel-invitation");
    await inviteJudges(second.id, [j.id], null);
    // Each contest's invitation keeps its own link.
    expect((await findPanelInvitation(firstLink))?.contest.id).toBe(first.id);
    expect((await pendingPanelInvitations(j.id)).map((c) => c.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
    const cookie = (await startSession(new Request("http://localhost/judge"), j.id)).split(";")[0];
    const res = (await judgePage.action({
      request: post(
        "http://localhost/judge",
        { intent: "accept", contestId: first.id, ownSchool: "Hazel Hall", workWith: "" },
        cookie,
      ),
      params: {},
      context: {},
    })) as Response;
    expect(res.status).toBe(302);
    expect((await member(first.id, j.id))?.status).toBe("accepted");
    expect((await judgeDeclarations(j.id)).ownSchool).toBe("Hazel Hall");
    // The link of the invitation answered on /judge no longer works; the other one still does.
    expect(await findPanelInvitation(firstLink)).toBeNull();
    expect((await findPanelInvitation(linkToken(j.email, "panel-invitation")))?.contest.id).toBe(
      second.id,
    );
    expect(await pendingPanelInvitations(j.id)).toHaveLength(1);

    await answerPanel(second.id, j.id, false, nothing);
    const declined = await member(second.id, j.id);
    expect(declined?.status).toBe("declined");
    expect(declined?.respondedAt).not.toBeNull();
    // Declining leaves the declarations as they were.
    expect((await judgeDeclarations(j.id)).ownSchool).toBe("Hazel Hall");
    // A judge who declined may be asked again.
    expect(await inviteJudges(second.id, [j.id], null)).toBe(1);
    expect((await member(second.id, j.id))?.status).toBe("invited");
    expect((await member(second.id, j.id))?.respondedAt).toBeNull();
  });
});

describe("a member's capacity, divisions and removal", () => {
  test("capacity and divisions are saved and read by the constraints", async () => {
    const contest = await openContest();
    const division = await prisma.division.create({
      data: {
        contestId: contest.id,
        position: 1,
        name: "Grades 3-5",
        basis: "grade",
        min: 3,
        max: 5,
      },
    });
    const other = await openContest();
    const foreign = await prisma.division.create({
      data: { contestId: other.id, position: 1, name: "Else", basis: "grade", min: 1, max: 2 },
    });
    const j = await judge("Cap");
    await accepted(contest.id, j.id);
    await saveMemberSettings(contest.id, j.id, {
      capacity: 7,
      divisionIds: [division.id, foreign.id],
    });
    let c = await panelConstraints(contest.id, []);
    expect(c.capacity.get(j.id)).toBe(7);
    expect([...(c.judgeDivisions.get(j.id) ?? [])]).toEqual([division.id]);
    await saveMemberSettings(contest.id, j.id, { capacity: null, divisionIds: [] });
    c = await panelConstraints(contest.id, []);
    expect(c.capacity.has(j.id)).toBe(false);
    expect(c.judgeDivisions.has(j.id)).toBe(false);
  });

  test("removal takes back unscored assignments in that contest only; submitted scores stay", async () => {
    const contest = await openContest();
    const elsewhere = await openContest();
    const j = await judge("Rem");
    await accepted(contest.id, j.id);
    const writer = await prisma.user.create({ data: { email: email("w"), displayName: "W" } });
    const rubric = await prisma.rubric.create({
      data: { contestId: contest.id, name: "R", criteria: "[]" },
    });
    const entry = (contestId: string, title: string) =>
      prisma.submission.create({
        data: {
          contestId,
          entrantId: writer.id,
          title,
          body: "x",
          wordCount: 1,
          status: "submitted",
        },
      });
    const [scored, drafted, open, away] = [
      await entry(contest.id, "scored"),
      await entry(contest.id, "drafted"),
      await entry(contest.id, "open"),
      await entry(elsewhere.id, "away"),
    ];
    const assign = (contestId: string, submissionId: string) =>
      prisma.judgeAssignment.create({ data: { contestId, judgeId: j.id, submissionId } });
    const scoredA = await assign(contest.id, scored.id);
    const draftedA = await assign(contest.id, drafted.id);
    await assign(contest.id, open.id);
    await assign(elsewhere.id, away.id);
    for (const [a, submittedAt] of [
      [scoredA, new Date()],
      [draftedA, null],
    ] as const)
      await prisma.score.create({
        data: {
          assignmentId: a.id,
          rubricId: rubric.id,
          judgeId: j.id,
          submissionId: a.submissionId!,
          scores: "{}",
          total: 5,
          submittedAt,
        },
      });
    const listed = (await panelMembers(contest.id)).find((m) => m.judgeId === j.id);
    expect(listed).toMatchObject({ assigned: 3, scored: 1 });

    await removeMember(contest.id, j.id);
    expect(await member(contest.id, j.id)).toBeNull();
    const left = await prisma.judgeAssignment.findMany({
      where: { judgeId: j.id },
      select: { submissionId: true },
    });
    expect(left.map((a) => a.submissionId).sort()).toEqual([scored.id, away.id].sort());
    expect(await prisma.score.count({ where: { judgeId: j.id, submittedAt: { not: null } } })).toBe(
      1,
    );
    await expect(removeMember(contest.id, j.id)).rejects.toThrow(/not on the panel/);
  });
});

describe("conflicts of interest", () => {
  test("entrant, educator, school by id and school by declared name cover the class's entries", async () => {
    const teacher = await makeEducator();
    const contest = await openContest();
    const { user: writer, pupil } = await linkedPupil(teacher.classroom.id);
    const sent = await enterFor(teacher, pupil, contest);
    expect(sent.ok).toBe(true);
    const entryOf = await prisma.submission.findFirstOrThrow({
      where: { contestId: contest.id },
      select: { id: true },
    });
    const outsider = await prisma.user.create({
      data: { email: email("out"), displayName: "Out" },
    });
    const outsiders = await prisma.submission.create({
      data: {
        contestId: contest.id,
        entrantId: outsider.id,
        title: "Elsewhere",
        body: "x",
        wordCount: 1,
        status: "submitted",
      },
    });
    const [byEntrant, byEducator, bySchool, byDeclared, free] = await Promise.all(
      ["E", "D", "S", "N", "F"].map((x) => judge(`Judge ${x}`)),
    );
    for (const j of [byEntrant, byEducator, bySchool, free]) await accepted(contest.id, j.id);
    // Declares a school that does not exist yet, by a name spelled otherwise.
    const declaredName = `Birch Lane Academy ${Date.now()}`;
    await accepted(contest.id, byDeclared.id, {
      ownSchool: `  ${declaredName.toUpperCase()} `,
      workWith: [],
    });
    const stored = await prisma.conflict.findFirstOrThrow({ where: { judgeId: byDeclared.id } });
    expect(stored).toMatchObject({ schoolId: null, schoolName: declaredName.toUpperCase() });
    await prisma.school.update({ where: { id: teacher.school.id }, data: { name: declaredName } });

    await recordConflict(contest.id, byEntrant.id, { kind: "entrant", email: writer.email }, null);
    await recordConflict(
      contest.id,
      byEducator.id,
      { kind: "educator", email: teacher.user.email.toUpperCase(), note: "Colleague" },
      null,
    );
    await recordConflict(
      contest.id,
      bySchool.id,
      { kind: "school", schoolId: teacher.school.id },
      null,
    );
    // Refusals name their field.
    await expect(
      recordConflict(contest.id, free.id, { kind: "educator", email: writer.email }, null),
    ).rejects.toMatchObject({ field: "email" });
    await expect(
      recordConflict(contest.id, free.id, { kind: "entrant", email: "nobody@nowhere.test" }, null),
    ).rejects.toMatchObject({ field: "email" });
    await expect(
      recordConflict(contest.id, free.id, { kind: "school", schoolName: " " }, null),
    ).rejects.toMatchObject({ field: "schoolName" });
    await expect(
      recordConflict(contest.id, byEntrant.id, { kind: "entrant", email: writer.email }, null),
    ).rejects.toThrow(/already recorded/);

    const c = await panelConstraints(contest.id, [entryOf.id, outsiders.id]);
    for (const j of [byEntrant, byEducator, bySchool, byDeclared]) {
      expect([...(c.barred.get(j.id) ?? [])], j.displayName).toEqual([entryOf.id]);
      expect(c.barredWhy(j.id, entryOf.id)).toBe("conflict");
    }
    expect(c.barred.get(free.id)).toBeUndefined();

    // The admin sees every conflict with its identity; only this contest's admin rows are deleted.
    const listed = await panelConflicts(contest.id, [byEntrant.id, byDeclared.id]);
    expect(listed.find((x) => x.judgeId === byEntrant.id)).toMatchObject({
      kind: "entrant",
      source: "admin",
      deletable: true,
    });
    expect(listed.find((x) => x.judgeId === byEntrant.id)?.with).toContain(writer.email);
    const declared = listed.find((x) => x.judgeId === byDeclared.id)!;
    expect(declared).toMatchObject({ source: "judge", deletable: false });
    await expect(deleteConflict(contest.id, declared.id)).rejects.toThrow(/already deleted/);
    const mine = listed.find((x) => x.judgeId === byEntrant.id)!;
    await expect(deleteConflict((await openContest()).id, mine.id)).rejects.toThrow();
    await deleteConflict(contest.id, mine.id);
    const after = await panelConstraints(contest.id, [entryOf.id]);
    expect(after.barred.get(byEntrant.id)).toBeUndefined();
  });
});

describe("the invitation e-mail", () => {
  test("names the contest and links to the panel invitation", async () => {
    const contest = await openContest();
    const j = await judge("Mail");
    await inviteJudges(contest.id, [j.id], null);
    const [mail] = liveMails(j.email);
    expect(mail.subject).toContain(contest.title);
    expect(mail.text).toMatch(/\/panel-invitation\/[A-Za-z0-9_-]{40,}/);
  });
});

describe("the panel page", () => {
  test("lists the members; a bad capacity is refused on its member's form; a good one is saved", async () => {
    const contest = await openContest();
    const j = await judge("Page");
    await accepted(contest.id, j.id);
    const url = `http://localhost/admin/contests/${contest.id}/panel`;
    const params = { id: contest.id };
    const page = (await panelPage.loader({ request: new Request(url), params, context: {} })) as {
      members: { judgeId: string; status: string }[];
      offPanel: { id: string }[];
    };
    expect(page.members.map((m) => [m.judgeId, m.status])).toEqual([[j.id, "accepted"]]);
    expect(page.offPanel.some((o) => o.id === j.id)).toBe(false);

    const bad = (await panelPage.action({
      request: post(url, { intent: "settings", judgeId: j.id, capacity: "0" }),
      params,
      context: {},
    })) as unknown as { data: { formId: string; result: { error: Record<string, string[]> } } };
    expect(bad.data.formId).toBe(`settings-${j.id}`);
    expect(bad.data.result.error.capacity?.[0]).toMatch(/whole number/);

    const ok = (await panelPage.action({
      request: post(url, { intent: "settings", judgeId: j.id, capacity: "4" }),
      params,
      context: {},
    })) as Response;
    expect(ok.status).toBe(302);
    expect((await member(contest.id, j.id))?.capacity).toBe(4);

    const conflict = (await panelPage.action({
      request: post(url, { intent: "conflict", judgeId: j.id, kind: "entrant", email: "" }),
      params,
      context: {},
    })) as unknown as { data: { formId: string; result: { error: Record<string, string[]> } } };
    expect(conflict.data.formId).toBe(`conflict-${j.id}`);
    expect(conflict.data.result.error.email?.[0]).toMatch(/e-mail address/);
  });
});
