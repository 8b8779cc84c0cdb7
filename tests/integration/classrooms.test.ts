import { parse } from "csv-parse/sync";
import { redirect } from "@remix-run/node";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { prisma } from "~/utils/db.server";
import { getToast } from "~/utils/toast.server";
import type { SessionUser } from "~/features/accounts/auth.server";
import { ATTESTATION_WORDING } from "~/features/classrooms/attestations";
import { hasParentalPermission } from "~/features/classrooms/attestations.server";
import { joinCodeHasRoom } from "~/features/classrooms/join.server";
import { lifecycleContest, person } from "./lifecycle-fixtures";

// The classroom pages (docs/decisions/0031-classrooms-and-shared-computers.md), through their
// loaders and actions, with the signed-in user stubbed (the route × role table in tests/authz
// covers who may call them over HTTP).
let current: SessionUser | null = null;
vi.mock("~/features/accounts/auth.server", async (original) => ({
  ...(await original<object>()),
  getOptionalUser: async () => current,
  requireUser: async () => {
    if (!current) throw redirect("/login");
    return current;
  },
  requireAdmin: async () => {
    if (!current) throw redirect("/login");
    if (!current.roles.includes("admin")) throw redirect("/dashboard");
    return current;
  },
}));

const educatorHome = await import("~/routes/educator+/index");
const classPage = await import("~/routes/educator+/classes+/$id");
const importPage = await import("~/routes/educator+/classes+/$id_.import");
const consentPage = await import("~/routes/educator+/classes+/$id_.consent");
const joinPage = await import("~/routes/_public+/join.$code");
const adminEducators = await import("~/routes/admin+/educators");
const adminSchools = await import("~/routes/admin+/schools");
const adminConsents = await import("~/routes/admin+/consents");
const consentsCsv = await import("~/routes/admin+/consents[.csv]");

type Answer = {
  status: number;
  location: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
  toast: { type: string; title: string; description?: string } | null;
  response: Response | null;
};

type RouteFn = (args: never) => Promise<unknown>;

async function call(
  fn: RouteFn,
  path: string,
  opts: {
    form?: Record<string, string | string[]> | FormData;
    params?: Record<string, string>;
  } = {},
): Promise<Answer> {
  let body: BodyInit | undefined;
  if (opts.form instanceof FormData) body = opts.form;
  else if (opts.form) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.form))
      for (const one of Array.isArray(v) ? v : [v]) params.append(k, one);
    body = params;
  }
  const request = new Request(`http://inkwell.test${path}`, body ? { method: "POST", body } : {});
  let result: unknown;
  try {
    result = await fn({ request, params: opts.params ?? {}, context: {} } as never);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    const cookie = result.headers.get("Set-Cookie");
    const toast = cookie
      ? (
          await getToast(
            new Request("http://inkwell.test/", { headers: { Cookie: cookie.split(";")[0] } }),
          )
        ).toast
      : null;
    return {
      status: result.status,
      location: result.headers.get("Location"),
      data: null,
      toast: (toast as Answer["toast"]) ?? null,
      response: result,
    };
  }
  const withInit = result as { type?: string; data?: unknown; init?: { status?: number } };
  if (withInit?.type === "DataWithResponseInit")
    return {
      status: withInit.init?.status ?? 200,
      location: null,
      data: withInit.data,
      toast: null,
      response: null,
    };
  return { status: 200, location: null, data: result, toast: null, response: null };
}

async function signIn(roles: string[] = [], name?: string) {
  const user = await person("user", roles);
  const named = name
    ? await prisma.user.update({ where: { id: user.id }, data: { displayName: name } })
    : user;
  current = {
    id: named.id,
    email: named.email,
    displayName: named.displayName,
    dateOfBirth: null,
    parentEmail: null,
    parentConsentAt: null,
    grade: null,
    roles,
  };
  return current;
}
const as = (user: SessionUser | null) => {
  current = user;
};

let n = 0;
const uniq = () => `${++n}-${process.pid}-${Date.now()}`;

async function makeEducator(status: "pending" | "approved" = "approved", name?: string) {
  const user = await signIn([], name ?? `Grace Hopkins`);
  const school = await prisma.school.create({
    data: { name: `School ${uniq()}`, city: "Springfield", country: "United States" },
  });
  await prisma.educator.create({
    data: { userId: user.id, schoolId: school.id, role: "Teacher", status },
  });
  return { user, school };
}

async function makeClass(size = 30) {
  const res = await call(educatorHome.action, "/educator", {
    form: { intent: "create-class", name: "Room 12 Writers", band: "Grade 5", size: String(size) },
  });
  expect(res.status).toBe(302);
  const id = res.location!.split("/").pop()!;
  return prisma.classroom.findUniqueOrThrow({ where: { id } });
}

const classAction = (id: string, form: Record<string, string>) =>
  call(classPage.action, `/educator/classes/${id}`, { form, params: { id } });

const DAY = 86_400_000;
async function openContest(title = "Open") {
  const now = Date.now();
  const { contest } = await lifecycleContest({
    published: true,
    dates: {
      submissionsOpen: new Date(now - DAY),
      submissionsClose: new Date(now + 10 * DAY),
      judgingOpen: new Date(now + 11 * DAY),
      judgingClose: new Date(now + 20 * DAY),
      resultsAt: new Date(now + 21 * DAY),
    },
  });
  return prisma.contest.update({
    where: { id: contest.id },
    data: { title: `${title} ${uniq()}` },
  });
}

beforeEach(() => {
  current = null;
});

describe("becoming an educator", () => {
  test("the adult tick is required; the school is found in any case; the row waits as pending", async () => {
    const first = await signIn();
    const city = `Shelbyville ${uniq()}`;
    const form = {
      intent: "become",
      schoolName: "Maple Grove Primary",
      city,
      country: "United States",
      role: "Teacher",
    };
    const refused = await call(educatorHome.action, "/educator", { form });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.adult).toBeTruthy();
    expect(await prisma.educator.count({ where: { userId: first.id } })).toBe(0);

    const ok = await call(educatorHome.action, "/educator", { form: { ...form, adult: "on" } });
    expect(ok.status).toBe(302);
    const mine = await prisma.educator.findUniqueOrThrow({ where: { userId: first.id } });
    expect(mine.status).toBe("pending");

    await signIn();
    await call(educatorHome.action, "/educator", {
      form: {
        ...form,
        schoolName: "  maple GROVE   primary ",
        city: city.toUpperCase(),
        country: "united states",
        role: "Librarian",
        adult: "on",
      },
    });
    const second = await prisma.educator.findUniqueOrThrow({ where: { userId: current!.id } });
    expect(second.schoolId).toBe(mine.schoolId);

    // A second application is not made; the page shows the status.
    const again = await call(educatorHome.action, "/educator", { form: { ...form, adult: "on" } });
    expect(again.toast?.title).toBe("You are an educator already");
    const page = await call(educatorHome.loader, "/educator");
    expect(page.data.educator.status).toBe("pending");
  });

  test("a non-educator cannot make a class: sent to /educator", async () => {
    await signIn();
    const res = await call(educatorHome.action, "/educator", {
      form: { intent: "create-class", name: "X", band: "Y", size: "10" },
    });
    expect(res.location).toBe("/educator");
    const page = await call(classPage.loader, "/educator/classes/x", { params: { id: "x" } });
    expect(page.location).toBe("/educator");
  });
});

describe("the admin's decision", () => {
  test("pending first; refuse needs a note, which the educator reads; approve", async () => {
    const { user: decided } = await makeEducator("approved");
    const { user: waiting } = await makeEducator("pending");
    await signIn(["admin"]);
    const list = await call(adminEducators.loader, "/admin/educators");
    const ids = list.data.educators.map((e: { userId: string }) => e.userId);
    expect(ids.indexOf(waiting.id)).toBeLessThan(ids.indexOf(decided.id));
    expect(list.data.educators[0].status).toBe("pending");

    const noNote = await call(adminEducators.action, "/admin/educators", {
      form: { intent: "refuse", userId: waiting.id, note: " " },
    });
    expect(noNote.status).toBe(400);
    expect(
      (await prisma.educator.findUniqueOrThrow({ where: { userId: waiting.id } })).status,
    ).toBe("pending");
    const refuse = await call(adminEducators.action, "/admin/educators", {
      form: { intent: "refuse", userId: waiting.id, note: "We could not find your school." },
    });
    expect(refuse.toast?.title).toBe("Educator refused");
    as({ ...current!, id: waiting.id, roles: [] });
    const page = await call(educatorHome.loader, "/educator");
    expect(page.data.educator).toMatchObject({
      status: "refused",
      decisionNote: "We could not find your school.",
    });

    await signIn(["admin"]);
    await call(adminEducators.action, "/admin/educators", {
      form: { intent: "approve", userId: waiting.id },
    });
    const row = await prisma.educator.findUniqueOrThrow({ where: { userId: waiting.id } });
    expect(row).toMatchObject({ status: "approved", decisionNote: null, decidedById: current!.id });
  });
});

describe("schools", () => {
  test("search in any case; merge moves educators and deletes the folded school; never into itself", async () => {
    const { school: keep } = await makeEducator();
    const { school: fold, user: moved } = await makeEducator();
    const tag = uniq();
    await prisma.school.update({ where: { id: keep.id }, data: { name: `Oak ${tag} Primary` } });
    await prisma.school.update({
      where: { id: fold.id },
      data: { name: `oak ${tag} primary school` },
    });
    await signIn(["admin"]);
    const found = await call(
      adminSchools.loader,
      `/admin/schools?q=${encodeURIComponent(`OAK ${tag}`)}`,
    );
    expect(found.data.schools.map((s: { id: string }) => s.id).sort()).toEqual(
      [keep.id, fold.id].sort(),
    );
    expect(found.data.schools.every((s: { educators: number }) => s.educators === 1)).toBe(true);

    const self = await call(adminSchools.action, "/admin/schools", {
      form: { intent: "merge", keepId: keep.id, foldId: keep.id },
    });
    expect(self.status).toBe(400);
    expect(await prisma.school.count({ where: { id: keep.id } })).toBe(1);

    const merged = await call(adminSchools.action, "/admin/schools", {
      form: { intent: "merge", keepId: keep.id, foldId: fold.id },
    });
    expect(merged.toast?.title).toBe("Schools merged");
    expect(await prisma.school.count({ where: { id: fold.id } })).toBe(0);
    expect(
      (await prisma.educator.findUniqueOrThrow({ where: { userId: moved.id } })).schoolId,
    ).toBe(keep.id);
    const after = await call(adminSchools.loader, `/admin/schools?q=${encodeURIComponent(tag)}`);
    expect(after.data.schools).toMatchObject([{ id: keep.id, educators: 2 }]);
  });
});

describe("classes and the roster", () => {
  test("a class: size 1..60, a unique code; another educator's class is not found", async () => {
    await makeEducator("pending");
    const big = await call(educatorHome.action, "/educator", {
      form: { intent: "create-class", name: "Big", band: "Grade 5", size: "61" },
    });
    expect(big.status).toBe(400);
    const classroom = await makeClass();
    expect(classroom.joinCode).toMatch(/^[A-HJ-NP-Z2-9]{3}-[A-HJ-NP-Z2-9]{3}$/);
    const home = await call(educatorHome.loader, "/educator");
    expect(home.data.classes).toMatchObject([{ id: classroom.id, pupils: 0, band: "Grade 5" }]);

    await makeEducator();
    const theirs = await call(classPage.loader, `/educator/classes/${classroom.id}`, {
      params: { id: classroom.id },
    });
    expect(theirs.status).toBe(404);
    const post = await classAction(classroom.id, { intent: "new-code" });
    expect(post.status).toBe(404);
  });

  test("add, refuse a duplicate, edit, remove; a pupil with entries stays", async () => {
    const { user } = await makeEducator();
    const classroom = await makeClass();
    const add = (form: Record<string, string>) =>
      classAction(classroom.id, { intent: "add-pupil", ...form });
    expect(
      (await add({ firstName: "Mia", lastInitial: "r", grade: "5", parentEmail: "p@example.com" }))
        .toast?.title,
    ).toBe("Mia R. added");
    const dup = await add({ firstName: "mia", lastInitial: "R" });
    expect(dup.status).toBe(400);
    expect(dup.data.result.error.firstName).toEqual(["Mia R. is already on the roster."]);
    const bad = await add({ firstName: "", lastInitial: "Ro", grade: "13" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.data.result.error).sort()).toEqual([
      "firstName",
      "grade",
      "lastInitial",
    ]);
    await add({ firstName: "Noah", lastInitial: "T" });

    const mia = await prisma.pupil.findFirstOrThrow({
      where: { classroomId: classroom.id, firstName: "Mia" },
    });
    const noah = await prisma.pupil.findFirstOrThrow({
      where: { classroomId: classroom.id, firstName: "Noah" },
    });
    const edit = await classAction(classroom.id, {
      intent: "edit-pupil",
      pupilId: noah.id,
      firstName: "Noah",
      lastInitial: "B",
      grade: "K",
    });
    expect(edit.status).toBe(302);
    expect(await prisma.pupil.findUniqueOrThrow({ where: { id: noah.id } })).toMatchObject({
      lastInitial: "B",
      grade: 0,
      parentEmail: null,
    });

    const page = await call(classPage.loader, `/educator/classes/${classroom.id}`, {
      params: { id: classroom.id },
    });
    expect(page.data.pupils).toMatchObject([
      { name: "Noah B.", grade: "K", account: false },
      { name: "Mia R.", grade: "5", parentEmail: "p@example.com", account: false },
    ]);

    const contest = await openContest();
    await prisma.submission.create({
      data: {
        contestId: contest.id,
        entrantId: user.id,
        pupilId: mia.id,
        title: "Mine",
        body: "b",
        status: "submitted",
      },
    });
    const refused = await classAction(classroom.id, { intent: "remove-pupil", pupilId: mia.id });
    expect(refused.toast).toMatchObject({
      type: "error",
      description: "Mia R. has entries, so they stay on the roster.",
    });
    expect(await prisma.pupil.count({ where: { id: mia.id } })).toBe(1);
    const removed = await classAction(classroom.id, { intent: "remove-pupil", pupilId: noah.id });
    expect(removed.toast?.title).toBe("Noah B. removed");
    expect(await prisma.pupil.count({ where: { id: noah.id } })).toBe(0);
  });

  test("another educator's pupil cannot be edited, removed or linked; a link needs a joined pupil", async () => {
    await makeEducator();
    const mine = await makeClass();
    await classAction(mine.id, { intent: "add-pupil", firstName: "Ava", lastInitial: "S" });
    const ava = await prisma.pupil.findFirstOrThrow({ where: { classroomId: mine.id } });
    await classAction(mine.id, { intent: "add-pupil", firstName: "Ben", lastInitial: "Q" });
    const ben = await prisma.pupil.findFirstOrThrow({
      where: { classroomId: mine.id, firstName: "Ben" },
    });
    const notJoined = await classAction(mine.id, {
      intent: "link-pupil",
      pupilId: ava.id,
      joinedId: ben.id,
    });
    expect(notJoined.toast).toMatchObject({
      type: "error",
      description: "Choose a pupil who joined this class with the code.",
    });

    await makeEducator();
    const theirs = await makeClass();
    const forms: Record<string, string>[] = [
      { intent: "edit-pupil", pupilId: ava.id, firstName: "X", lastInitial: "Y" },
      { intent: "remove-pupil", pupilId: ava.id },
      { intent: "link-pupil", pupilId: ava.id, joinedId: ben.id },
    ];
    for (const form of forms) expect((await classAction(theirs.id, form)).status).toBe(404);
    expect(await prisma.pupil.findUniqueOrThrow({ where: { id: ava.id } })).toMatchObject({
      firstName: "Ava",
      userId: null,
    });
  });

  test("open, close and renew the code", async () => {
    await makeEducator();
    const classroom = await makeClass();
    await classAction(classroom.id, { intent: "close-code" });
    expect(
      (await prisma.classroom.findUniqueOrThrow({ where: { id: classroom.id } })).joinOpen,
    ).toBe(false);
    await classAction(classroom.id, { intent: "open-code" });
    const renewed = await classAction(classroom.id, { intent: "new-code" });
    const after = await prisma.classroom.findUniqueOrThrow({ where: { id: classroom.id } });
    expect(after.joinOpen).toBe(true);
    expect(after.joinCode).not.toBe(classroom.joinCode);
    expect(renewed.toast?.title).toBe(`New join code: ${after.joinCode}`);
    expect(await joinCodeHasRoom(classroom.joinCode)).toBe(false);
    expect(await joinCodeHasRoom(after.joinCode.toLowerCase())).toBe(true);
  });
});

describe("joining with the code", () => {
  test("a visitor is offered sign-in links back here; an unknown or closed code is refused", async () => {
    const { user: teacher } = await makeEducator("approved", "Grace Hopkins");
    const classroom = await makeClass();
    as(null);
    const visitor = await call(joinPage.loader, `/join/${classroom.joinCode}`, {
      params: { code: classroom.joinCode },
    });
    expect(visitor.data).toMatchObject({
      state: "visitor",
      back: `/join/${classroom.joinCode}`,
      classroom: { name: "Room 12 Writers" },
    });
    // Only what a joining pupil needs: not the teacher's name nor the school (issue 35).
    expect(JSON.stringify(visitor.data)).not.toMatch(/Grace Hopkins|School /);
    const unknown = await call(joinPage.loader, "/join/NOPE-99", { params: { code: "NOPE-99" } });
    expect(unknown.status).toBe(404);
    await prisma.classroom.update({ where: { id: classroom.id }, data: { joinOpen: false } });
    await signIn([], "Leo Park");
    const closed = await call(joinPage.action, `/join/${classroom.joinCode}`, {
      form: { firstName: "Leo" },
      params: { code: classroom.joinCode },
    });
    expect(closed.status).toBe(404);
    expect(closed.data.error).toBe("This class code is not open. Ask your teacher for a new one.");
    expect(await prisma.pupil.count({ where: { classroomId: classroom.id } })).toBe(0);
    expect(await joinCodeHasRoom(classroom.joinCode)).toBe(false);
    expect(teacher.id).toBeTruthy();
  });

  test("joins once (named as typed), never twice, never past the size, never one's own class", async () => {
    const { user: teacher } = await makeEducator();
    const classroom = await makeClass(1);
    const code = classroom.joinCode;
    const join = () =>
      call(joinPage.action, `/join/${code}`, {
        form: { firstName: "Leo", lastInitial: "p" },
        params: { code },
      });

    const own = await join();
    expect(own.status).toBe(400);
    expect(own.data.error).toMatch(/your own class/);
    expect(await joinCodeHasRoom(code)).toBe(true);

    const leo = await signIn([], "Leo  van Park");
    // The form offers the display name's first word and last initial.
    const form = await call(joinPage.loader, `/join/${code}`, { params: { code } });
    expect(form.data.suggested).toEqual({ firstName: "Leo", lastInitial: "P" });
    const first = await join();
    expect(first.toast?.title).toBe("You joined Room 12 Writers");
    const row = await prisma.pupil.findFirstOrThrow({
      where: { classroomId: classroom.id, userId: leo.id },
    });
    expect(row).toMatchObject({ firstName: "Leo", lastInitial: "P" });
    expect(row.joinedAt).toBeInstanceOf(Date);
    const twice = await join();
    expect(twice.toast?.title).toBe("You are in this class");
    expect(await prisma.pupil.count({ where: { classroomId: classroom.id } })).toBe(1);
    const page = await call(joinPage.loader, `/join/${code}`, { params: { code } });
    expect(page.data.state).toBe("in");

    expect(await joinCodeHasRoom(code)).toBe(false);
    await signIn([], "Ava Stone");
    const full = await join();
    expect(full.status).toBe(400);
    expect(full.data.error).toBe("This class is full. Ask your teacher.");
    expect(await prisma.pupil.count({ where: { classroomId: classroom.id } })).toBe(1);
    expect(teacher.id).not.toBe(leo.id);
  });

  test("linking a roster row to the pupil who joined: one row, with the account and the entries", async () => {
    const { user: teacher } = await makeEducator();
    const classroom = await makeClass();
    await classAction(classroom.id, { intent: "add-pupil", firstName: "Zara", lastInitial: "K" });
    const roster = await prisma.pupil.findFirstOrThrow({ where: { classroomId: classroom.id } });
    const teacherSession = current;

    // Zara types a nickname: no roster row has it, so she joins as a new row, for the teacher.
    const zara = await signIn([], "Zara Kim");
    await call(joinPage.action, `/join/${classroom.joinCode}`, {
      form: { firstName: "Zaza" },
      params: { code: classroom.joinCode },
    });
    const joined = await prisma.pupil.findFirstOrThrow({
      where: { classroomId: classroom.id, userId: zara.id },
    });
    expect(joined).toMatchObject({ firstName: "Zaza", lastInitial: "", matchPending: true });
    const contest = await openContest();
    const entry = await prisma.submission.create({
      data: {
        contestId: contest.id,
        entrantId: teacher.id,
        pupilId: joined.id,
        title: "T",
        body: "b",
        status: "submitted",
      },
    });

    as(teacherSession);
    const page = await call(classPage.loader, `/educator/classes/${classroom.id}`, {
      params: { id: classroom.id },
    });
    expect(page.data.joined).toBe(1);
    expect(page.data.placesLeft).toBe(29);
    expect(page.data.toMatch).toBe(1);
    const linked = await classAction(classroom.id, {
      intent: "link-pupil",
      pupilId: roster.id,
      joinedId: joined.id,
    });
    expect(linked.toast?.title).toBe("Zara K. linked");
    const rows = await prisma.pupil.findMany({ where: { classroomId: classroom.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: roster.id, userId: zara.id, matchPending: false });
    expect(rows[0].joinedAt).not.toBeNull();
    expect((await prisma.submission.findUniqueOrThrow({ where: { id: entry.id } })).pupilId).toBe(
      roster.id,
    );
    // The place stays counted.
    const after = await call(classPage.loader, `/educator/classes/${classroom.id}`, {
      params: { id: classroom.id },
    });
    expect(after.data.placesLeft).toBe(29);
  });
});

describe("importing a class list", () => {
  const upload = (id: string, text: string | Uint8Array<ArrayBuffer>, name = "class.csv") => {
    const form = new FormData();
    form.set("intent", "preview");
    form.set("file", new File([text], name, { type: "text/csv" }));
    return call(importPage.action, `/educator/classes/${id}/import`, { form, params: { id } });
  };

  test("a preview with each row's problems writes nothing; the confirm adds only the valid rows", async () => {
    await makeEducator();
    const classroom = await makeClass();
    await classAction(classroom.id, { intent: "add-pupil", firstName: "Mia", lastInitial: "R" });
    const csv = [
      "First name,Last initial,Grade,Parent email",
      "Noah,Tran,5,noah.parent@example.com",
      "Mia,R,5,",
      "Zara,K,14,",
      "Ivy,L,K,",
      "noah,t,5,",
    ].join("\n");
    const preview = await upload(classroom.id, csv);
    expect(preview.status).toBe(200);
    const rows = preview.data.preview.rows;
    expect(preview.data.preview.addable).toBe(2);
    expect(rows.map((r: { errors: string[] }) => r.errors)).toEqual([
      [],
      ["Row 3: Mia R. is already on the roster"],
      ["Row 4: the grade must be K or 1 to 12"],
      [],
      ["Row 6: the same pupil as row 2"],
    ]);
    expect(await prisma.pupil.count({ where: { classroomId: classroom.id } })).toBe(1);

    const form = new FormData();
    form.set("intent", "confirm");
    form.set("csv", preview.data.preview.csv);
    const confirm = await call(importPage.action, `/educator/classes/${classroom.id}/import`, {
      form,
      params: { id: classroom.id },
    });
    expect(confirm.toast?.title).toBe("2 pupils added");
    const names = await prisma.pupil.findMany({
      where: { classroomId: classroom.id },
      orderBy: { firstName: "asc" },
      select: { firstName: true, lastInitial: true, grade: true, parentEmail: true },
    });
    expect(names).toEqual([
      { firstName: "Ivy", lastInitial: "L", grade: 0, parentEmail: null },
      { firstName: "Mia", lastInitial: "R", grade: null, parentEmail: null },
      { firstName: "Noah", lastInitial: "T", grade: 5, parentEmail: "noah.parent@example.com" },
    ]);
  });

  test("a file that is not CSV text, or too large, is refused in plain words", async () => {
    await makeEducator();
    const classroom = await makeClass();
    const binary = await upload(
      classroom.id,
      new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 1]),
      "list.xlsx",
    );
    expect(binary.status).toBe(400);
    expect(binary.data.error).toMatch(/not a CSV file/);
    const latin1 = await upload(classroom.id, new Uint8Array([0x5a, 0x6f, 0xeb, 0x2c, 0x42]));
    expect(latin1.data.error).toMatch(/not UTF-8/);
    const large = await upload(classroom.id, "Mia,R\n".repeat(40_000));
    expect(large.data.error).toMatch(/too large/);
    const none = await call(importPage.action, `/educator/classes/${classroom.id}/import`, {
      form: { intent: "preview" },
      params: { id: classroom.id },
    });
    expect(none.status).toBe(400);
    expect(await prisma.pupil.count({ where: { classroomId: classroom.id } })).toBe(0);
  });
});

describe("the consent ledger", () => {
  test("one row per pupil and contest with the exact wording; shown, skipped, listed and exported", async () => {
    const { user: teacher, school } = await makeEducator();
    const classroom = await makeClass();
    for (const [firstName, lastInitial] of [
      ["Mia", "R"],
      ["Noah", "T"],
    ])
      await classAction(classroom.id, { intent: "add-pupil", firstName, lastInitial });
    const teacherSession = current;
    const leo = await signIn([], "Leo Park");
    await call(joinPage.action, `/join/${classroom.joinCode}`, {
      form: { firstName: "Leo", lastInitial: "P" },
      params: { code: classroom.joinCode },
    });
    as(teacherSession);
    const contest = await openContest("Young Voices");
    const other = await openContest("Flash");
    const params = { id: classroom.id };
    const path = `/educator/classes/${classroom.id}/consent`;

    const noTick = await call(consentPage.action, path, {
      form: { contestId: contest.id, who: "roster" },
      params,
    });
    expect(noTick.status).toBe(400);
    expect(noTick.data.result.error.attest).toBeTruthy();

    const done = await call(consentPage.action, path, {
      form: { contestId: contest.id, who: "roster", attest: "on" },
      params,
    });
    expect(done.toast?.title).toBe("Permission recorded for 2 pupils");
    const rows = await prisma.consentAttestation.findMany({ where: { contestId: contest.id } });
    expect(rows).toHaveLength(2);
    for (const r of rows)
      expect(r).toMatchObject({
        kind: "parental_permission",
        educatorId: teacher.id,
        schoolName: school.name,
        wording: ATTESTATION_WORDING.parental_permission,
        contestTitle: contest.title,
      });
    expect(rows.map((r) => r.pupilName).sort()).toEqual(["Mia R.", "Noah T."]);
    expect(await hasParentalPermission(prisma, rows[0].pupilId!, contest.id)).toBe(true);
    expect(await hasParentalPermission(prisma, rows[0].pupilId!, other.id)).toBe(false);

    const page = await call(consentPage.loader, `${path}?contest=${contest.id}`, { params });
    expect(page.data.wording).toBe(ATTESTATION_WORDING.parental_permission);
    expect(page.data.pupils.filter((p: { held: boolean }) => p.held)).toHaveLength(2);

    const leoRow = await prisma.pupil.findFirstOrThrow({
      where: { classroomId: classroom.id, userId: leo.id },
    });
    const all = await call(consentPage.action, path, {
      form: { contestId: contest.id, who: "all", attest: "on" },
      params,
    });
    expect(all.toast).toMatchObject({
      title: "Permission recorded for 1 pupil",
      description: "2 had it already.",
    });
    expect(
      await prisma.consentAttestation.count({
        where: { contestId: contest.id, pupilId: leoRow.id },
      }),
    ).toBe(1);

    const ticked = await call(consentPage.action, path, {
      form: { contestId: other.id, who: "ticked", pupilIds: [leoRow.id], attest: "on" },
      params,
    });
    expect(ticked.toast?.title).toBe("Permission recorded for 1 pupil");
    const closed = await lifecycleContest({ published: true });
    const refused = await call(consentPage.action, path, {
      form: { contestId: closed.contest.id, who: "all", attest: "on" },
      params,
    });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.contestId).toEqual([
      "Choose a contest that is open for entries.",
    ]);

    await signIn(["admin"]);
    const ledger = await call(adminConsents.loader, `/admin/consents?contest=${contest.id}`);
    expect(ledger.data.total).toBe(3);
    expect(ledger.data.rows[0]).toMatchObject({
      kind: "Parental permission held by the school",
      educatorEmail: teacher.email,
      wording: ATTESTATION_WORDING.parental_permission,
    });
    const csv = await call(consentsCsv.loader, `/admin/consents.csv?contest=${contest.id}`);
    expect(csv.response!.headers.get("Content-Type")).toMatch(/text\/csv/);
    const records = parse(await csv.response!.text(), { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    expect(records).toHaveLength(3);
    expect(records.map((r) => r.Pupil).sort()).toEqual(["Leo P.", "Mia R.", "Noah T."]);
    expect(records.every((r) => r.Wording === ATTESTATION_WORDING.parental_permission)).toBe(true);
    expect(records[0]["Educator email"]).toBe(teacher.email);
    const everything = await call(consentsCsv.loader, "/admin/consents.csv");
    const allRecords = parse(await everything.response!.text(), {
      bom: true,
      columns: true,
    }) as unknown[];
    expect(allRecords.length).toBeGreaterThanOrEqual(4);
  });
});
