import { describe, expect, test } from "vitest";
import { startSession } from "~/features/accounts/session.server";
import { readingSizeOf } from "~/features/judging/reading-size.server";
import { action } from "~/routes/_account+/preferences.reading";
import { prisma } from "~/utils/db.server";

/**
 * The judge's text size (docs/decisions/0034-reading-desk.md): a cookie, then back to a /judge/
 * page only; with JavaScript, the size answered instead of a redirect.
 */
let seq = 0;
async function cookieFor(roles: string[]) {
  seq++;
  const user = await prisma.user.create({
    data: {
      email: `reading-size-${seq}@example.test`,
      displayName: `Reader ${seq}`,
      roles: { create: roles.map((role) => ({ role })) },
    },
  });
  const setCookie = await startSession(new Request("http://localhost/"), user.id);
  return setCookie.split(";")[0];
}

async function post(fields: Record<string, string>, cookie?: string) {
  const request = new Request("http://localhost/preferences/reading", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
  try {
    return (await action({ request, params: {}, context: {} })) as unknown;
  } catch (thrown) {
    return thrown;
  }
}

const location = (r: unknown) => (r as Response).headers.get("Location");

describe("POST /preferences/reading", () => {
  test("a judge's size is kept in a cookie, and the judge goes back to the review page", async () => {
    const judge = await cookieFor(["judge"]);
    const res = (await post(
      { intent: "size", size: "larger", back: "/judge/review/abc#p-3" },
      judge,
    )) as Response;
    expect(res.status).toBe(302);
    expect(location(res)).toBe("/judge/review/abc#p-3");
    const cookie = res.headers.get("Set-Cookie")!.split(";")[0];
    expect(
      await readingSizeOf(new Request("http://localhost/", { headers: { Cookie: cookie } })),
    ).toBe("larger");
  });

  test("never back to another site or outside /judge/", async () => {
    const judge = await cookieFor(["judge"]);
    for (const back of ["https://evil.example/judge/x", "//evil.example/judge/", "/admin"])
      expect(location(await post({ intent: "size", size: "large", back }, judge))).toBe("/judge");
  });

  test("with JavaScript: the size answered, no redirect", async () => {
    const judge = await cookieFor(["judge"]);
    const res = (await post(
      { intent: "size", size: "large", back: "/judge/review/x", enhanced: "1" },
      judge,
    )) as { data: unknown; init: ResponseInit | null };
    expect(res.data).toEqual({ size: "large" });
    expect(new Headers(res.init?.headers).get("Set-Cookie")).toContain("en_reading_size=");
  });

  test("an unknown size is refused: back with a toast, no size cookie", async () => {
    const judge = await cookieFor(["judge"]);
    const res = (await post(
      { intent: "size", size: "huge", back: "/judge/review/x" },
      judge,
    )) as Response;
    expect(location(res)).toBe("/judge/review/x");
    expect(res.headers.get("Set-Cookie") ?? "").not.toContain("en_reading_size=");
  });

  test("a visitor signs in first; an entrant goes to their dashboard", async () => {
    expect(location(await post({ intent: "size", size: "large" }))).toMatch(/^\/login/);
    const entrant = await cookieFor([]);
    expect(location(await post({ intent: "size", size: "large" }, entrant))).toBe("/dashboard");
  });
});
