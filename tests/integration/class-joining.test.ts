/**
 * A class joining at class size (docs/decisions/0041-class-joining-at-class-size.md): thirty
 * pupils sign up and join through `/join/:code` from the school's one address, at once or a few
 * at a time, and all of them are in; the pupil past the size is told the class is full; joiners
 * are matched to the imported roster; wrong codes from one address are limited. Through the
 * routes' actions and loaders, with the signed-in user named by a test header.
 */
import { redirect } from "@remix-run/node";
import { describe, expect, test, vi } from "vitest";
import { prisma } from "~/utils/db.server";
import { getToast } from "~/utils/toast.server";
import type { SessionUser } from "~/features/accounts/auth.server";

// Each request names its user (many pupils at once, so no shared "current user").
async function userOf(request: Request): Promise<SessionUser | null> {
  const id = request.headers.get("x-test-user");
  if (!id) return null;
  const u = await prisma.user.findUniqueOrThrow({ where: { id } });
  return {
    id: u.id,
    email: u.email,
    displayName: u.displayName,
    dateOfBirth: u.dateOfBirth,
    parentEmail: null,
    parentConsentAt: null,
    grade: null,
    roles: [],
  };
}
vi.mock("~/features/accounts/auth.server", async (original) => ({
  ...(await original<object>()),
  getOptionalUser: (request: Request) => userOf(request),
  requireUser: async (request: Request) => {
    const user = await userOf(request);
    if (!user) throw redirect("/login");
    return user;
  },
}));

const { action: login } = await import("~/routes/_auth+/login");
const joinPage = await import("~/routes/_public+/join.$code");
const classPage = await import("~/routes/educator+/classes+/$id");
const { addPupils } = await import("~/features/classrooms/classes.server");

const CLASS_FULL = "This class is full. Ask your teacher.";
const NETWORK = /Too many sign-ups from your network/;

type Result = { status: number; message: string; toast: string; data: unknown };

/** A route function's answer, as the browser would see it. */
async function answer(run: () => Promise<unknown>): Promise<Result> {
  let result: unknown;
  try {
    result = await run();
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
    return { status: result.status, message: "", toast: toast?.title ?? "", data: null };
  }
  const r = result as {
    type?: string;
    data?: Record<string, unknown>;
    init?: { status?: number };
  };
  const body = (r.type === "DataWithResponseInit" ? r.data : result) as Record<string, unknown>;
  const formErrors = (body?.result as { error?: Record<string, string[]> } | undefined)?.error?.[
    ""
  ];
  return {
    status: r.type === "DataWithResponseInit" ? (r.init?.status ?? 200) : 200,
    message: String(body?.error ?? body?.message ?? formErrors?.[0] ?? ""),
    toast: "",
    data: body,
  };
}

const form = (fields: Record<string, string>) =>
  new URLSearchParams(Object.entries(fields)).toString();

function signUp(email: string, code: string, address: string) {
  return answer(() =>
    login({
      request: new Request("http://inkwell.test/login", {
        method: "POST",
        body: form({
          intent: "signup",
          email,
          password: "secret-pass",
          displayName: email.split("@")[0],
          dateOfBirth: "2009-05-01",
          redirectTo: `/join/${code}`,
        }),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      params: {},
      context: { clientAddress: address },
    } as never),
  );
}

function join(userId: string, code: string, address: string, fields: Record<string, string>) {
  return answer(() =>
    joinPage.action({
      request: new Request(`http://inkwell.test/join/${code}`, {
        method: "POST",
        body: form(fields),
        headers: { "Content-Type": "application/x-www-form-urlencoded", "x-test-user": userId },
      }),
      params: { code },
      context: { clientAddress: address },
    } as never),
  );
}

function joinPageFor(code: string, address: string, userId?: string) {
  return answer(() =>
    joinPage.loader({
      request: new Request(`http://inkwell.test/join/${code}`, {
        headers: userId ? { "x-test-user": userId } : {},
      }),
      params: { code },
      context: { clientAddress: address },
    } as never),
  );
}

let n = 0;
const uniq = () => `${++n}${process.pid}${Date.now().toString(36)}`;

async function makeClass(size: number) {
  const code = `J${uniq().slice(-6).toUpperCase()}`.slice(0, 7);
  const user = await prisma.user.create({
    data: { email: `teacher-${uniq()}@school.test`, displayName: "Grace Hopkins" },
  });
  const educator = await prisma.educator.create({
    data: {
      user: { connect: { id: user.id } },
      role: "Teacher",
      status: "approved",
      school: { create: { name: "Hill School", city: "Leeds", country: "UK" } },
    },
  });
  const classroom = await prisma.classroom.create({
    data: { educatorId: educator.userId, name: "5B", band: "Grade 5", size, joinCode: code },
  });
  return { code, classroom, teacherId: user.id };
}

/** One pupil: signs up with the code from the school's address, then presses Join. */
async function pupilJoins(code: string, address: string, tag: string) {
  const email = `p-${tag}@kids.test`;
  const signed = await signUp(email, code, address);
  if (signed.status !== 302) return { step: "sign-up", ...signed };
  const user = await prisma.user.findUniqueOrThrow({ where: { email } });
  const joined = await join(user.id, code, address, { firstName: `Kid${tag}` });
  return { step: "join", ...joined };
}

const joinedCount = (classroomId: string) =>
  prisma.pupil.count({ where: { classroomId, joinedAt: { not: null } } });

async function classPageFor(teacherId: string, classroomId: string) {
  const r = await answer(() =>
    classPage.loader({
      request: new Request(`http://inkwell.test/educator/classes/${classroomId}`, {
        headers: { "x-test-user": teacherId },
      }),
      params: { id: classroomId },
      context: {},
    } as never),
  );
  return r.data as { placesLeft: number; joined: number; toMatch: number; pupils: unknown[] };
}

describe("a class of thirty joins from one address", () => {
  test("thirty pupils, three at a time: every one signs up and joins", async () => {
    const address = "203.0.113.10";
    const { code, classroom } = await makeClass(30);
    const refused: string[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const results = await Promise.all(
        [0, 1, 2].map((i) => pupilJoins(code, address, `${batch * 3 + i}-${uniq()}`)),
      );
      for (const r of results) if (r.status !== 302) refused.push(`${r.step}: ${r.message}`);
    }
    expect(refused).toEqual([]);
    expect(await joinedCount(classroom.id)).toBe(30);
  }, 180_000);

  test("thirty pupils all at once: every one joins; the 31st is told the class is full", async () => {
    const address = "203.0.113.11";
    const { code, classroom, teacherId } = await makeClass(30);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => pupilJoins(code, address, `${i}-${uniq()}`)),
    );
    expect(results.filter((r) => r.status !== 302).map((r) => r.message)).toEqual([]);
    expect(await joinedCount(classroom.id)).toBe(30);
    // The 31st: refused at sign-up with the class's own words, no account made.
    const late = await pupilJoins(code, address, `late-${uniq()}`);
    expect(late).toMatchObject({ step: "sign-up", status: 409, message: CLASS_FULL });
    expect((await classPageFor(teacherId, classroom.id)).placesLeft).toBe(0);
    // A visitor opening the code's page sees that it is full, not a sign-up button.
    expect(((await joinPageFor(code, address)).data as { state: string }).state).toBe("full");
  }, 180_000);

  test("a class of 30 with one pupil in: 29 of 31 join, three at a time; the two refused are told it is full", async () => {
    const address = "203.0.113.12";
    const { code, classroom, teacherId } = await makeClass(30);
    const first = await pupilJoins(code, address, `first-${uniq()}`);
    expect(first.status).toBe(302);
    // Three at a time, as a class at a few computers does.
    const results: Awaited<ReturnType<typeof pupilJoins>>[] = [];
    for (let i = 0; i < 31; i += 3)
      results.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(3, 31 - i) }, (_, k) =>
            pupilJoins(code, address, `${i + k}-${uniq()}`),
          ),
        )),
      );
    const refused = results.filter((r) => r.status !== 302);
    expect(await joinedCount(classroom.id)).toBe(30);
    expect(refused).toHaveLength(2);
    for (const r of refused) {
      expect(r.message).toBe(CLASS_FULL);
      expect(r.message).not.toMatch(NETWORK);
    }
    const page = await classPageFor(teacherId, classroom.id);
    expect(page).toMatchObject({ joined: 30, placesLeft: 0 });
  }, 180_000);
});

describe("joiners are matched to the imported roster", () => {
  const FIRST = [
    "Ava", "Ben", "Cleo", "Dev", "Ella", "Finn", "Gus", "Hana", "Ivo", "Jade",
    "Kai", "Liam", "Maya", "Nia", "Omar", "Pia", "Quin", "Rosa", "Sami", "Tess",
    "Uma", "Vik", "Wren", "Xavi", "Yara", "Zane", "Abel", "Bea",
  ]; // prettier-ignore
  const INITIALS = "EKRSTBMNPLDOFGHAJCWVYZQUXIOK"; // Liam O.

  test("26 of a 30-row roster join: each takes their row; unsure ones choose; no initial is invented", async () => {
    const address = "203.0.113.20";
    const { code, classroom, teacherId } = await makeClass(30);
    // The class list: 28 first names and two Mias.
    const roster = [
      ...FIRST.map((firstName, i) => ({ firstName, lastInitial: INITIALS[i] })),
      { firstName: "Mia", lastInitial: "R" },
      { firstName: "Mia", lastInitial: "S" },
    ].map((p) => ({ ...p, grade: 5, parentEmail: null }));
    expect(roster).toHaveLength(30);
    await addPupils(teacherId, classroom.id, roster);

    const account = async (name: string) =>
      prisma.user.create({ data: { email: `${name}-${uniq()}@kids.test`, displayName: name } });

    // 23 type their first name and initial (in any case), all at once.
    const typing = FIRST.slice(0, 24)
      .map((firstName, i) => ({ firstName, initial: INITIALS[i] }))
      .filter((p) => p.firstName !== "Liam");
    const exact = await Promise.all(
      typing.map(async ({ firstName, initial }, i) => {
        const u = await account(firstName);
        const typedName = i % 2 ? firstName.toUpperCase() : firstName.toLowerCase();
        return join(u.id, code, address, { firstName: typedName, lastInitial: initial });
      }),
    );
    expect(exact.map((r) => r.status)).toEqual(Array(23).fill(302));

    type Asked = { choose: { id: string; name: string }[] };
    // Liam types no initial: asked which row is his (just "Liam O."), and takes it.
    const liam = await account("Liam");
    const liamAsk = await join(liam.id, code, address, { firstName: "Liam" });
    const liamRows = (liamAsk.data as Asked).choose;
    expect(liamRows.map((c) => c.name)).toEqual(["Liam O."]);
    expect(
      (await join(liam.id, code, address, { firstName: "Liam", choice: liamRows[0].id })).status,
    ).toBe(302);

    // The two Mias type no initial: each chooses between Mia R. and Mia S.
    const miaR = await account("Mia");
    const miaS = await account("Mia");
    const miaRows = ((await join(miaR.id, code, address, { firstName: "Mia" })).data as Asked)
      .choose;
    expect(miaRows.map((c) => c.name)).toEqual(["Mia R.", "Mia S."]);
    expect(
      (await join(miaR.id, code, address, { firstName: "Mia", choice: miaRows[0].id })).status,
    ).toBe(302);
    // Mia S. is asked again with only her row left, and takes it.
    const miaLeft = ((await join(miaS.id, code, address, { firstName: "Mia" })).data as Asked)
      .choose;
    expect(miaLeft.map((c) => c.name)).toEqual(["Mia S."]);
    expect(
      (await join(miaS.id, code, address, { firstName: "Mia", choice: miaLeft[0].id })).status,
    ).toBe(302);

    // 26 joined, every one on their own roster row: the roster is still 30, not 56.
    let page = await classPageFor(teacherId, classroom.id);
    expect(page.pupils).toHaveLength(30);
    expect(page).toMatchObject({ joined: 26, placesLeft: 4, toMatch: 0 });
    const claimed = await prisma.pupil.findMany({
      where: { classroomId: classroom.id, userId: { not: null } },
      include: { user: { select: { displayName: true } } },
    });
    expect(claimed).toHaveLength(26);
    for (const p of claimed) expect(p.user?.displayName).toBe(p.firstName);

    // "Liam L.", not on the list, beside "Liam O." (taken): no row to choose; he joins as
    // himself, with the initial he typed, and the teacher is asked to look (4 rows unclaimed).
    const liamL = await account("Liam");
    expect(
      (await join(liamL.id, code, address, { firstName: "Liam", lastInitial: "L" })).status,
    ).toBe(302);
    expect(await prisma.pupil.findFirstOrThrow({ where: { userId: liamL.id } })).toMatchObject({
      firstName: "Liam",
      lastInitial: "L",
      matchPending: true,
    });
    // Ada types only her first name, which is on no row: joined with no initial invented.
    const ada = await account("Ada");
    expect((await join(ada.id, code, address, { firstName: "Ada" })).status).toBe(302);
    const adaRow = await prisma.pupil.findFirstOrThrow({ where: { userId: ada.id } });
    expect(adaRow).toMatchObject({ firstName: "Ada", lastInitial: "", matchPending: true });
    page = await classPageFor(teacherId, classroom.id);
    expect(page).toMatchObject({ joined: 28, toMatch: 2 });
    expect(page.pupils).toHaveLength(32);
  }, 120_000);
});

describe("join codes cannot be guessed without limit", () => {
  test("one address: wrong codes are refused with 429 after forty, every code alike; another address's class still joins", async () => {
    const guesser = "203.0.113.30";
    const { code } = await makeClass(30);
    const statuses: number[] = [];
    let last: Result | null = null;
    for (let i = 0; i < 100; i++) {
      last = await joinPageFor(`ZZ${String(i).padStart(4, "0")}`, guesser);
      statuses.push(last.status);
    }
    expect(statuses.filter((s) => s === 404)).toHaveLength(40);
    expect(statuses.slice(40).every((s) => s === 429)).toBe(true);
    expect(last?.message).toMatch(
      /^Too many wrong class codes from your network\. Please wait \d+ minutes? and ask your teacher for the code\.$/,
    );
    // A right code is refused alike while the address waits: the answer tells nothing.
    expect((await joinPageFor(code, guesser)).status).toBe(429);
  });

  test("a class of 30 that mistypes its code once each still all join from one address", async () => {
    const school = "203.0.113.31";
    const { code, classroom } = await makeClass(30);
    const pupils = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        prisma.user.create({
          data: { email: `m${i}-${uniq()}@kids.test`, displayName: `Kid ${i}` },
        }),
      ),
    );
    for (const p of pupils) {
      expect((await joinPageFor(`${code}X`, school, p.id)).status).toBe(404);
      expect((await joinPageFor(code, school, p.id)).status).toBe(200);
    }
    const joined = await Promise.all(
      pupils.map((p, i) => join(p.id, code, school, { firstName: `Kid${i}` })),
    );
    expect(joined.map((r) => r.status)).toEqual(Array(30).fill(302));
    expect(await joinedCount(classroom.id)).toBe(30);
  }, 60_000);
});
