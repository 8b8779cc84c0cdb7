import { expect, test, type APIRequestContext } from "@playwright/test";
import { allRoutes } from "../authz";
import {
  ROLES,
  expected,
  type AuthzContext,
  type AuthzRole,
  type Expectation,
} from "../authz/types";
import { createAuthzFixture } from "./judging-fixtures";
import { ADMIN, DEMO_PASSWORD, EDUCATOR, ENTRANT, JUDGE, e2eDb } from "./utils";

// Real HTTP against the built site: every route, for visitor, entrant, judge and admin.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP-level table; runs once");

const ACCOUNTS: Record<Exclude<AuthzRole, "visitor">, string> = {
  entrant: ENTRANT,
  judge: JUDGE,
  admin: ADMIN,
  educator: EDUCATOR,
};

async function sessionCookie(request: APIRequestContext, baseURL: string, email: string) {
  const res = await request.post("/login", {
    form: { intent: "signin", email, password: DEMO_PASSWORD },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(res.status(), `sign in as ${email}`).toBe(302);
  const cookie = res
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value.split(";")[0])
    .find((c) => c.startsWith("en_session="));
  expect(cookie, `session cookie for ${email}`).toBeTruthy();
  return cookie!;
}

function describe(actual: { status: number; location: string | undefined }) {
  return actual.status >= 300 && actual.status < 400
    ? `${actual.status} -> ${actual.location}`
    : String(actual.status);
}

function matches(expected: Expectation, actual: { status: number; location: string | undefined }) {
  if (typeof expected === "number") return actual.status === expected;
  const target = expected.slice(2);
  // A single-fetch (.data) redirect is a 202 with the Location.
  const redirected = (actual.status >= 300 && actual.status < 400) || actual.status === 202;
  if (!redirected || !actual.location) return false;
  const pathname = new URL(actual.location, "http://x").pathname;
  return target.endsWith("/*") ? pathname.startsWith(target.slice(0, -1)) : pathname === target;
}

test("every route answers each role as the table says", async ({ playwright, baseURL }) => {
  test.setTimeout(180_000);
  await createAuthzFixture();
  const db = e2eDb();
  const ctx: AuthzContext = {
    db,
    id: (sql, ...params) => {
      const row = db.prepare(sql).get(...params) as { id: string } | undefined;
      if (!row) throw new Error(`authz fixture not found: ${sql}`);
      return row.id;
    },
  };
  const failures: string[] = [];
  for (const role of ROLES) {
    const request = await playwright.request.newContext({ baseURL });
    let cookie =
      role === "visitor" ? undefined : await sessionCookie(request, baseURL!, ACCOUNTS[role]);
    for (const row of allRoutes) {
      const path = typeof row.path === "function" ? row.path(ctx) : row.path;
      const method = row.method ?? "GET";
      const headers: Record<string, string> = { Origin: baseURL! };
      if (cookie) headers.Cookie = cookie;
      const res =
        method === "GET"
          ? await request.get(path, { headers, maxRedirects: 0 })
          : await request.post(path, {
              headers,
              form: { ...row.form, ...row.formFromContext?.(ctx) },
              maxRedirects: 0,
            });
      const actual = { status: res.status(), location: res.headers()["location"] };
      if (!matches(expected(row, role), actual)) {
        failures.push(
          `${row.name ?? `${method} ${path}`} as ${role}: expected ${expected(row, role)}, got ${describe(actual)}`,
        );
      }
      // A sign-out row ends the session; sign in again for the rest of the table.
      if (role !== "visitor" && method === "POST" && path === "/logout") {
        cookie = await sessionCookie(request, baseURL!, ACCOUNTS[role]);
      }
    }
    await request.dispose();
  }
  db.close();
  expect(failures, failures.join("\n")).toEqual([]);
});
