/**
 * A class on one school network (docs/decisions/0031-classrooms-and-shared-computers.md): thirty
 * pupils behind one address can sign in and sign up in a lesson, while that address still cannot
 * guess passwords or flood sign-ups.
 */
import { describe, expect, test } from "vitest";

const { prisma } = await import("~/utils/db.server");
const { action: login } = await import("~/routes/_auth+/login");
const { clearLoginFailures, loginRetryAfter, recordLoginFailure } =
  await import("~/features/accounts/rate-limit.server");

const SCHOOL = "198.51.100.20";

type Answer =
  Response | { init: ResponseInit | null; data: { result: { error?: Record<string, string[]> } } };
/** The action's answer: a redirect (the account was made) or data with a status (refused). */
const status = (a: Answer) => (a instanceof Response ? a.status : (a.init?.status ?? 200));

async function signUp(i: number, redirectTo: string, address = SCHOOL) {
  const form = new URLSearchParams({
    intent: "signup",
    email: `pupil${i}-${address}@school.test`,
    password: "secret-pass",
    dateOfBirth: "2009-05-01",
    redirectTo,
  });
  const answer = (await login({
    request: new Request("http://localhost/login", {
      method: "POST",
      body: form,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
    params: {},
    context: { clientAddress: address },
  })) as Answer;
  return { status: status(answer), answer };
}

const refusal = (res: { answer: Answer }) =>
  res.answer instanceof Response ? [] : (res.answer.data.result.error?.[""] ?? []);

async function makeClass(code: string, size: number) {
  const user = await prisma.user.create({
    data: { email: `teacher-${code}@school.test`, displayName: "T" },
  });
  await prisma.educator.create({
    data: {
      user: { connect: { id: user.id } },
      role: "Teacher",
      status: "approved",
      school: { create: { name: "Hill School", city: "Leeds", country: "UK" } },
      classes: { create: { name: "5B", band: "Grade 5", size, joinCode: code } },
    },
  });
}

describe("a class on one school network", () => {
  test("thirty pupils sign up with the class code from one address; a stranger's eleventh sign-up without it is refused", async () => {
    await makeClass("HILL-5B", 30);
    for (let i = 0; i < 30; i++) {
      const res = await signUp(i, "/join/HILL-5B");
      expect(res.status, `pupil ${i}`).toBe(302);
    }
    expect(
      await prisma.user.count({ where: { email: { endsWith: `-${SCHOOL}@school.test` } } }),
    ).toBe(30);
    // Without a code, the address has its ten sign-ups an hour, untouched by the class's thirty.
    for (let i = 100; i < 110; i++) expect((await signUp(i, "/contests")).status).toBe(302);
    const res = await signUp(110, "/contests");
    expect(res.status).toBe(429);
    expect(refusal(res)[0]).toMatch(/^Too many sign-ups from your network\. Please wait/);
  }, 120_000); // 41 sign-ups, each hashing a password: minutes on a busy machine, never a timing check

  test("the code lets through no more sign-ups than the class has free places", async () => {
    const address = "198.51.100.30";
    await makeClass("TINY-2", 2);
    // Two places: two sign-ups through the code, then the address's own ten, then refused.
    for (let i = 0; i < 12; i++)
      expect((await signUp(i, "/join/TINY-2", address)).status, `sign-up ${i}`).toBe(302);
    expect((await signUp(12, "/join/TINY-2", address)).status).toBe(429);
  });

  test("a closed or unknown code is no exception", async () => {
    const address = "198.51.100.40";
    await makeClass("SHUT-1", 30);
    await prisma.classroom.update({ where: { joinCode: "SHUT-1" }, data: { joinOpen: false } });
    for (let i = 0; i < 10; i++)
      expect((await signUp(i, "/join/SHUT-1", address)).status).toBe(302);
    expect((await signUp(10, "/join/SHUT-1", address)).status).toBe(429);
    expect((await signUp(11, "/join/NOPE-99", address)).status).toBe(429);
  });

  test("thirty pupils mistyping three times each still sign in; one address guessing is stopped", async () => {
    const school = "198.51.100.50";
    for (let pupil = 0; pupil < 30; pupil++)
      for (let t = 0; t < 3; t++) await recordLoginFailure(`p${pupil}@school.test`, school);
    // Ninety failures: every pupil may still try, and their next success clears their own count.
    expect(await loginRetryAfter("p0@school.test", school)).toBe(0);
    expect(await loginRetryAfter("p29@school.test", school)).toBe(0);
    await clearLoginFailures("p0@school.test", school);
    // One account guessed from the school: five tries, then that account waits (the others do not).
    for (let t = 0; t < 5; t++) await recordLoginFailure("victim@school.test", school);
    expect(await loginRetryAfter("victim@school.test", school)).toBeGreaterThan(0);
    expect(await loginRetryAfter("p1@school.test", school)).toBe(0);
    // Guessing across accounts from one address stops at a hundred failures.
    for (let i = 0; i < 10; i++) await recordLoginFailure(`spray${i}@school.test`, school);
    expect(await loginRetryAfter("p2@school.test", school)).toBeGreaterThan(0);
  });
});
