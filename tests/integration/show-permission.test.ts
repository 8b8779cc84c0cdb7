/**
 * "May be shown" taken back (docs/decisions/0042-a-childs-words-and-name.md): after the results
 * are published, the writer on their entry page and an admin on request withdraw it; the public
 * results page stops naming the writer and showing the story at once, the visitor page cache is
 * purged, and who did it and when is recorded.
 */
import { describe, expect, test } from "vitest";

const { prisma } = await import("~/utils/db.server");
const { startSession } = await import("~/features/accounts/session.server");
const { PURGE_VISITOR_PAGES } = await import("~/utils/visitor-pages.server");
const { action: entryAction, loader: entryPage } =
  await import("~/routes/_account+/dashboard_.submissions.$id");
const { action: adminAction } = await import("~/routes/admin+/submissions+/$id");
const { loader: resultsPage } = await import("~/routes/_public+/contests.$slug.results");
const { loader: parentPage, action: parentAnswer } =
  await import("~/routes/_public+/show-permission.$token");
const { sendSubmissionConfirmation } =
  await import("~/features/entries/entrant-submissions.server");
const { linkToken } = await import("#tests/integration/inbox");

const DAY = 86_400_000;
const SLUG = "withdraw-show";
const criteria = JSON.stringify([
  { key: "voice", label: "Voice", maxPoints: 10, weight: 1, requireComment: false },
]);

async function setUp() {
  const base = Date.now();
  const contest = await prisma.contest.create({
    data: {
      slug: SLUG,
      title: "Withdraw Contest",
      description: "Results are out",
      isPublished: true,
      places: 2,
      honourableMentions: 0,
      submissionsOpen: new Date(base - 40 * DAY),
      submissionsClose: new Date(base - 30 * DAY),
      judgingOpen: new Date(base - 29 * DAY),
      judgingClose: new Date(base - 3 * DAY),
      resultsAt: new Date(base - DAY),
      rubrics: { create: { name: "R", criteria } },
    },
    include: { rubrics: true },
  });
  const entries = [];
  for (const [i, total] of [9, 8].entries()) {
    const writer = await prisma.user.create({
      data: { email: `show-${i}@example.com`, displayName: `Named Writer ${i}` },
    });
    const entry = await prisma.submission.create({
      data: {
        contestId: contest.id,
        entrantId: writer.id,
        title: `Shown Story ${i}`,
        body: `The winning words ${i}`,
        status: "submitted",
        showIfAwarded: true,
      },
    });
    const judge = await prisma.user.create({
      data: { email: `show-judge-${i}@example.com`, displayName: "Judge" },
    });
    const a = await prisma.judgeAssignment.create({
      data: { contestId: contest.id, judgeId: judge.id, submissionId: entry.id },
    });
    await prisma.score.create({
      data: {
        assignmentId: a.id,
        rubricId: contest.rubrics[0].id,
        judgeId: judge.id,
        submissionId: entry.id,
        scores: JSON.stringify({ voice: total }),
        total,
        submittedAt: new Date(),
      },
    });
    entries.push({ id: entry.id, writerId: writer.id });
  }
  const admin = await prisma.user.create({
    data: {
      email: "show-admin@example.com",
      displayName: "Admin",
      roles: { create: { role: "admin" } },
    },
  });
  return { entries, admin };
}

const cookieOf = (setCookie: string) => setCookie.split(";")[0];
const session = async (userId: string) =>
  cookieOf(await startSession(new Request("http://localhost/"), userId));

async function publicPage() {
  const page = await resultsPage({
    request: new Request(`http://localhost/contests/${SLUG}/results`),
    params: { slug: SLUG },
    context: {},
  });
  return JSON.stringify(page);
}

const post = (path: string, cookie: string, fields: Record<string, string>) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });

describe("taking back “may be shown”", () => {
  test("after publication, by the writer and by an admin: the public page stops naming them at once", async () => {
    const { entries, admin } = await setUp();
    let purges = 0;
    (globalThis as Record<symbol, unknown>)[PURGE_VISITOR_PAGES] = () => purges++;

    // Published: both writers agreed, both are named with their stories.
    const before = await publicPage();
    expect(before).toContain("Named Writer 0");
    expect(before).toContain("Named Writer 1");
    expect(before).toContain("The winning words 0");
    expect(
      await prisma.contestAward.count({ where: { publicName: { not: null } } }),
    ).toBeGreaterThanOrEqual(2);

    // The writer of entry 0 takes it back on their entry page.
    const writer = await session(entries[0].writerId);
    const page = (await entryPage({
      request: new Request(`http://localhost/dashboard/submissions/${entries[0].id}`, {
        headers: { Cookie: writer },
      }),
      params: { id: entries[0].id },
      context: {},
    })) as { show: { agreed: boolean } | null };
    expect(page.show?.agreed).toBe(true);
    const res = (await entryAction({
      request: post(`/dashboard/submissions/${entries[0].id}`, writer, {
        intent: "withdraw-show",
      }),
      params: { id: entries[0].id },
      context: {},
    })) as Response;
    expect(res.status).toBe(302);
    expect(purges).toBe(1);
    const after = await publicPage();
    expect(after).not.toContain("Named Writer 0");
    expect(after).not.toContain("The winning words 0");
    expect(after).toContain("Shown Story 0");
    expect(after).toContain("Named Writer 1");
    const row = await prisma.submission.findUniqueOrThrow({ where: { id: entries[0].id } });
    expect(row).toMatchObject({
      showIfAwarded: false,
      showWithdrawnBy: "writer",
      showWithdrawnByUserId: entries[0].writerId,
    });
    expect(row.showWithdrawnAt).toBeInstanceOf(Date);
    expect(
      (await prisma.contestAward.findUniqueOrThrow({ where: { submissionId: entries[0].id } }))
        .publicName,
    ).toBeNull();

    // Someone else cannot do it for an entry that is not theirs.
    const other = await session(entries[1].writerId);
    await expect(
      entryAction({
        request: post(`/dashboard/submissions/${entries[0].id}`, other, {
          intent: "withdraw-show",
        }),
        params: { id: entries[0].id },
        context: {},
      }),
    ).rejects.toMatchObject({ status: 404 });

    // An admin, on request, for entry 1.
    const adminCookie = await session(admin.id);
    await adminAction({
      request: post(`/admin/submissions/${entries[1].id}`, adminCookie, {
        intent: "withdraw-show",
      }),
      params: { id: entries[1].id },
      context: {},
    });
    expect(purges).toBe(2);
    const last = await publicPage();
    expect(last).not.toContain("Named Writer");
    expect(
      await prisma.submission.findUniqueOrThrow({ where: { id: entries[1].id } }),
    ).toMatchObject({ showWithdrawnBy: "admin", showWithdrawnByUserId: admin.id });

    // Pressed again: nothing changes, the record stays the first one.
    await entryAction({
      request: post(`/dashboard/submissions/${entries[0].id}`, writer, {
        intent: "withdraw-show",
      }),
      params: { id: entries[0].id },
      context: {},
    });
    expect(purges).toBe(2);
    expect(
      (await prisma.submission.findUniqueOrThrow({ where: { id: entries[0].id } })).showWithdrawnAt,
    ).toEqual(row.showWithdrawnAt);
    delete (globalThis as Record<symbol, unknown>)[PURGE_VISITOR_PAGES];
  });

  test("the parent of an under-13 writer takes it back through the link e-mailed to them", async () => {
    const contest = await prisma.contest.findUniqueOrThrow({ where: { slug: SLUG } });
    const parent = `show-parent-${Date.now()}@example.com`;
    const child = await prisma.user.create({
      data: {
        email: `show-child-${Date.now()}@example.com`,
        displayName: "Young Writer",
        dateOfBirth: new Date(Date.now() - 10 * 365 * DAY),
        parentEmail: parent,
        parentConsentAt: new Date(),
      },
    });
    const entry = await prisma.submission.create({
      data: {
        contestId: contest.id,
        entrantId: child.id,
        title: "Child's Story",
        body: "words",
        status: "submitted",
        showIfAwarded: true,
      },
    });
    await sendSubmissionConfirmation(entry.id);
    const token = linkToken(parent, "show-permission");
    expect(token).not.toBe("");
    // The e-mail log never holds the live link.
    const logged = await prisma.emailLog.findFirstOrThrow({
      where: { to: parent, template: "show-permission" },
    });
    expect(logged.body).not.toContain(token);

    const opened = (await parentPage({
      request: new Request(`http://localhost/show-permission/${token}`),
      params: { token },
      context: {},
    })) as { data: { entry: { title: string; agreed: boolean } | null }; init: ResponseInit };
    expect(opened.data.entry).toMatchObject({ title: "Child's Story", agreed: true });
    await parentAnswer({
      request: new Request(`http://localhost/show-permission/${token}`, { method: "POST" }),
      params: { token },
      context: {},
    });
    expect(await prisma.submission.findUniqueOrThrow({ where: { id: entry.id } })).toMatchObject({
      showIfAwarded: false,
      showWithdrawnBy: "parent",
      showWithdrawnByUserId: null,
    });
    // Used once.
    const again = (await parentPage({
      request: new Request(`http://localhost/show-permission/${token}`),
      params: { token },
      context: {},
    })) as { init: ResponseInit };
    expect(again.init.status).toBe(410);
  });
});
