/**
 * The division pages through their loaders and actions (docs/decisions/0032-divisions-and-rounds.md),
 * with the signed-in user stubbed as in classrooms.test.ts: the admin's divisions page, the move on
 * an entry's admin page, the profile's grade, the entry form's division line and the public page.
 */
import { redirect } from "@remix-run/node";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { prisma } from "~/utils/db.server";
import { getToast } from "~/utils/toast.server";
import type { SessionUser } from "~/features/accounts/auth.server";
import { openContest } from "./class-fixtures";
import { person } from "./lifecycle-fixtures";

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

const divisionsPage = await import("~/routes/admin+/contests+/$id+/divisions");
const submissionPage = await import("~/routes/admin+/submissions+/$id");
const accountPage = await import("~/routes/_account+/account");
const enterPage = await import("~/routes/_public+/contests.$slug.enter");
const contestPage = await import("~/routes/_public+/contests.$slug._index");

type Answer = {
  status: number;
  location: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
  toast: { type: string; title: string; description?: string } | null;
};
type RouteFn = (args: never) => Promise<unknown>;

async function call(
  fn: RouteFn,
  path: string,
  opts: { form?: Record<string, string | string[]>; params?: Record<string, string> } = {},
): Promise<Answer> {
  let body: URLSearchParams | undefined;
  if (opts.form) {
    body = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.form))
      for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
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
    };
  }
  const withInit = result as { type?: string; data?: unknown; init?: { status?: number } };
  if (withInit?.type === "DataWithResponseInit")
    return {
      status: withInit.init?.status ?? 200,
      location: null,
      data: withInit.data,
      toast: null,
    };
  return { status: 200, location: null, data: result, toast: null };
}

async function signIn(roles: string[], facts: { grade?: number | null } = {}) {
  const user = await person("div-page", roles);
  const row = await prisma.user.update({
    where: { id: user.id },
    data: { dateOfBirth: new Date("2005-01-01T00:00:00Z"), grade: facts.grade ?? null },
  });
  current = {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    dateOfBirth: row.dateOfBirth,
    parentEmail: null,
    parentConsentAt: null,
    grade: row.grade,
    roles,
  };
  return row;
}

type Contest = Awaited<ReturnType<typeof openContest>>;
let contest: Contest;
const here = () => `/admin/contests/${contest.id}/divisions`;
const post = (form: Record<string, string | string[]>) =>
  call(divisionsPage.action as RouteFn, here(), { form, params: { id: contest.id } });

beforeAll(async () => {
  contest = await openContest();
});

describe("the admin's divisions page", () => {
  test("adds divisions in order and shows who each is for", async () => {
    await signIn(["admin"]);
    const added = await post({
      intent: "add",
      name: "Juniors",
      basis: "grade",
      min: "3",
      max: "5",
    });
    expect(added).toMatchObject({
      status: 302,
      location: here(),
      toast: { title: "Division added" },
    });
    await post({
      intent: "add",
      name: "Seniors",
      basis: "grade",
      min: "6",
      max: "8",
      wordMin: "10",
      wordMax: "20",
    });
    const page = await call(divisionsPage.loader as RouteFn, here(), {
      params: { id: contest.id },
    });
    expect(page.data.divisions).toMatchObject([
      { name: "Juniors", range: "Grades 3-5", entries: 0 },
      { name: "Seniors", range: "Grades 6-8", wordMin: 10, wordMax: 20 },
    ]);
  });

  test("refuses mixing ages with grades, and an overlap, on the form", async () => {
    const mixed = await post({
      intent: "add",
      name: "Teens",
      basis: "age",
      min: "13",
      max: "16",
      ageOn: "2026-09-01",
    });
    expect(mixed.status).toBe(400);
    expect(mixed.data.formId).toBe("add");
    expect(mixed.data.result.error.basis[0]).toMatch(/go by school grade/);
    const overlap = await post({ intent: "add", name: "Mid", basis: "grade", min: "5", max: "6" });
    expect(overlap.data.result.error.min[0]).toMatch(/overlaps "Juniors"/);
    const noDate = await post({ intent: "add", name: "Kids", basis: "age", min: "8", max: "9" });
    expect(noDate.status).toBe(400);
    expect(noDate.data.result.error.ageOn).toBeTruthy();
  });

  test("is for admins only", async () => {
    await signIn([]);
    const page = await call(divisionsPage.loader as RouteFn, here(), {
      params: { id: contest.id },
    });
    expect(page).toMatchObject({ status: 302, location: "/dashboard" });
    const write = await post({ intent: "add", name: "X", basis: "grade", min: "9", max: "9" });
    expect(write).toMatchObject({ status: 302, location: "/dashboard" });
    expect(await prisma.division.count({ where: { contestId: contest.id, name: "X" } })).toBe(0);
  });
});

describe("entering a contest with divisions", () => {
  test("the form shows the writer's division and its word range", async () => {
    await signIn([], { grade: 7 });
    const page = await call(enterPage.loader as RouteFn, `/contests/${contest.slug}/enter`, {
      params: { slug: contest.slug },
    });
    expect(page.data.division).toMatchObject({ kind: "placed", name: "Seniors" });
    expect(page.data.contest).toMatchObject({ wordMin: 10, wordMax: 20 });
  });

  test("a writer without a grade reads why before typing, with the account page to fix it", async () => {
    await signIn([]);
    const page = await call(enterPage.loader as RouteFn, `/contests/${contest.slug}/enter`, {
      params: { slug: contest.slug },
    });
    expect(page.data.division).toMatchObject({
      kind: "refused",
      fix: "account",
      message: expect.stringMatching(/Add your grade on your account page/),
    });
  });

  test("the public page lists the divisions and who each is for", async () => {
    current = null;
    const page = await call(contestPage.loader as RouteFn, `/contests/${contest.slug}`, {
      params: { slug: contest.slug },
    });
    expect(page.data.contest.divisions).toMatchObject([
      { name: "Juniors", range: "Grades 3-5", words: null },
      { name: "Seniors", range: "Grades 6-8", words: "10–20 words" },
    ]);
  });
});

describe("the profile's grade", () => {
  test("is saved from /account, and cleared with Not given", async () => {
    const me = await signIn([]);
    const saved = await call(accountPage.action as RouteFn, "/account", {
      form: { intent: "profile", displayName: "Ada", grade: "0" },
    });
    expect(saved).toMatchObject({ status: 302, toast: { title: "Profile updated" } });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: me.id } })).grade).toBe(0);
    const bad = await call(accountPage.action as RouteFn, "/account", {
      form: { intent: "profile", displayName: "Ada", grade: "14" },
    });
    expect(bad.status).toBe(400);
    await call(accountPage.action as RouteFn, "/account", {
      form: { intent: "profile", displayName: "Ada", grade: "" },
    });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: me.id } })).grade).toBeNull();
  });
});

describe("the admin's move on the entry's page", () => {
  test("needs a note, then moves the entry and lists the move", async () => {
    const writer = await person("div-writer");
    const [juniors, seniors] = await prisma.division.findMany({
      where: { contestId: contest.id },
      orderBy: { position: "asc" },
    });
    const entry = await prisma.submission.create({
      data: {
        contestId: contest.id,
        entrantId: writer.id,
        title: "Moved Story",
        body: "words",
        wordCount: 12,
        status: "submitted",
        divisionId: juniors.id,
      },
    });
    await signIn(["admin"]);
    const path = `/admin/submissions/${entry.id}`;
    const noNote = await call(submissionPage.action as RouteFn, path, {
      form: { intent: "move-division", divisionId: seniors.id },
      params: { id: entry.id },
    });
    expect(noNote.status).toBe(400);
    expect(noNote.data.form).toBe("move");
    const moved = await call(submissionPage.action as RouteFn, path, {
      form: { intent: "move-division", divisionId: seniors.id, note: "Wrong grade on the form" },
      params: { id: entry.id },
    });
    expect(moved).toMatchObject({ status: 302, toast: { title: "Entry moved" } });
    const page = await call(submissionPage.loader as RouteFn, path, { params: { id: entry.id } });
    expect(page.data.division).toMatchObject({ name: "Seniors" });
    expect(page.data.moves).toMatchObject([
      { from: "Juniors", to: "Seniors", note: "Wrong grade on the form" },
    ]);
    // Deleting a division that has entries is refused with a toast.
    const refused = await post({ intent: "delete", divisionId: seniors.id });
    expect(refused.toast).toMatchObject({ type: "error" });
    expect(refused.toast?.description).toMatch(/can't be deleted/);
  });
});
