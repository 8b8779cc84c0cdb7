/**
 * The entry flow as users met it without JavaScript (docs/decisions/0026-entry-flow.md): a story
 * typed before signing in comes back after the sign-in, to that browser only, once.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const { prisma } = await import("~/utils/db.server");
const { startSession } = await import("~/features/accounts/session.server");
const { claimVisitorDraft } = await import("~/features/entries/entry-draft.server");
const { action: enter, loader: enterPage } = await import("~/routes/contests.$slug.enter");
const { action: logout } = await import("~/routes/logout");

const DAY = 86_400_000;
const SLUG = "draft-contest";
const confirmed = {
  confirmOriginal: "on",
  confirmEligible: "on",
  confirmRules: "on",
  confirmAnonymous: "on",
};
let pupilA = "";
let pupilB = "";

beforeAll(async () => {
  const now = Date.now();
  await prisma.contest.create({
    data: {
      slug: SLUG,
      title: "Draft Contest",
      description: "A contest for drafts.",
      isPublished: true,
      wordMin: 3,
      wordMax: 50,
      submissionsOpen: new Date(now - DAY),
      submissionsClose: new Date(now + DAY),
      judgingOpen: new Date(now + 2 * DAY),
      judgingClose: new Date(now + 3 * DAY),
      resultsAt: new Date(now + 4 * DAY),
    },
  });
  const dob = new Date("2005-01-01T00:00:00Z");
  pupilA = (
    await prisma.user.create({
      data: { email: "a@example.test", displayName: "A", dateOfBirth: dob },
    })
  ).id;
  pupilB = (
    await prisma.user.create({
      data: { email: "b@example.test", displayName: "B", dateOfBirth: dob },
    })
  ).id;
});
afterAll(async () => {
  await prisma.entryDraft.deleteMany();
});

/** The cookies a browser would send: name=value of each Set-Cookie it was given. */
function jar(...responses: (Response | string | null | undefined)[]) {
  const cookies = new Map<string, string>();
  for (const r of responses) {
    if (!r) continue;
    const set = typeof r === "string" ? [r] : r.headers.getSetCookie();
    for (const c of set) {
      const [pair, ...attrs] = c.split(";");
      const [name, ...rest] = pair.split("=");
      const cleared = attrs.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (cleared) cookies.delete(name.trim());
      else cookies.set(name.trim(), rest.join("="));
    }
  }
  return [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
}

function post(fields: Record<string, string>, cookie = "", search = "") {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append("file", new Blob([new Uint8Array([1, 2, 3])]), "story.pdf");
  return new Request(`http://localhost/contests/${SLUG}/enter${search}`, {
    method: "POST",
    body: fd,
    headers: cookie ? { Cookie: cookie } : {},
  });
}

const get = (cookie: string) =>
  new Request(`http://localhost/contests/${SLUG}/enter`, { headers: { Cookie: cookie } });

async function pageData(cookie: string) {
  const result = (await enterPage({
    request: get(cookie),
    params: { slug: SLUG },
    context: {},
  })) as {
    data: { draft: { title: string; body: string; confirmed: string[]; hadFile: boolean } | null };
    init: ResponseInit | null;
  };
  return {
    draft: result.data.draft,
    setCookie: new Headers(result.init?.headers ?? {}).get("Set-Cookie"),
  };
}

async function visitorSubmits(search = "") {
  const res = (await enter({
    request: post({ title: "My Lost Story", body: "once upon a time", ...confirmed }, "", search),
    params: { slug: SLUG },
    context: {},
  })) as Response;
  expect(res.status).toBe(302);
  return res;
}

describe("a story typed before signing in (no JavaScript)", () => {
  test("comes back in the form after the sign-in, once, and the classroom ?code= survives", async () => {
    const res = await visitorSubmits("?code=CLASS1");
    expect(res.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/contests/${SLUG}/enter?code=CLASS1`)}`,
    );
    const browser = jar(res);
    expect(browser).toMatch(/en_entry_draft=/);
    // The story is on the server, not in the cookie.
    expect(browser).not.toContain("upon");
    expect(await prisma.entryDraft.count()).toBe(1);

    // Pupil A signs in from the sign-in page the draft led to (the login action claims it).
    const back = `/contests/${SLUG}/enter?code=CLASS1`;
    await claimVisitorDraft(
      new Request("http://localhost/login", { headers: { Cookie: browser } }),
      pupilA,
      back,
    );
    const signedIn = jar(res, await startSession(get(""), pupilA));
    const first = await pageData(signedIn);
    expect(first.draft).toMatchObject({
      title: "My Lost Story",
      body: "once upon a time",
      hadFile: true,
    });
    expect(first.draft?.confirmed).toHaveLength(4);
    // Taken once: the row is gone and the cookie cleared.
    expect(first.setCookie).toMatch(/en_entry_draft=;.*Max-Age=0/i);
    expect(await prisma.entryDraft.count()).toBe(0);
    expect((await pageData(signedIn)).draft).toBeNull();
  });

  test("is never shown to someone signed in on another browser, and is dropped at sign-out", async () => {
    const res = await visitorSubmits();
    const other = jar(await startSession(get(""), pupilB));
    expect((await pageData(other)).draft).toBeNull();
    expect(await prisma.entryDraft.count()).toBe(1);

    // Pupil A signs in on this browser, then signs out without going back to the form.
    const browser = jar(res, await startSession(get(""), pupilA));
    const out = await logout({
      request: new Request("http://localhost/logout", {
        method: "POST",
        headers: { Cookie: browser },
      }),
      params: {},
      context: {},
    });
    expect(await prisma.entryDraft.count()).toBe(0);
    // Pupil B signs in next on the same computer: nothing of A's story.
    const next = jar(res, out, await startSession(get(""), pupilB));
    expect((await pageData(next)).draft).toBeNull();
  });

  test("a shared computer: the next pupil who signs in there never sees it", async () => {
    const res = await visitorSubmits();
    const browser = jar(res);
    const atLogin = new Request("http://localhost/login", { headers: { Cookie: browser } });
    // Pupil B signs in at this computer but not back to that form: the draft stays nobody's.
    await claimVisitorDraft(atLogin, pupilB, "/dashboard");
    expect((await prisma.entryDraft.findFirstOrThrow()).userId).toBeNull();
    // Then B opens the contest's form: nothing of the visitor's story, and it is gone.
    const b = jar(res, await startSession(get(""), pupilB));
    const page = await pageData(b);
    expect(page.draft).toBeNull();
    expect(page.setCookie).toMatch(/en_entry_draft=;.*Max-Age=0/i);
    expect(await prisma.entryDraft.count()).toBe(0);
  });

  test("claimed by one account, it is shown to that account only", async () => {
    const res = await visitorSubmits();
    const browser = jar(res);
    await claimVisitorDraft(
      new Request("http://localhost/login", { headers: { Cookie: browser } }),
      pupilA,
      `/contests/${SLUG}/enter`,
    );
    // A claim is made once: a second sign-in (B) cannot take it over.
    await claimVisitorDraft(
      new Request("http://localhost/login", { headers: { Cookie: browser } }),
      pupilB,
      `/contests/${SLUG}/enter`,
    );
    expect((await prisma.entryDraft.findFirstOrThrow()).userId).toBe(pupilA);
    const b = jar(res, await startSession(get(""), pupilB));
    expect((await pageData(b)).draft).toBeNull();
    expect(await prisma.entryDraft.count()).toBe(0);
  });

  test("the received entry tells the browser to drop its own copy of the draft", async () => {
    const signedIn = jar(await startSession(get(""), pupilA));
    const fd = new FormData();
    for (const [k, v] of Object.entries({
      title: "Sent Story",
      body: "one two three four",
      entryKey: crypto.randomUUID(),
      ...confirmed,
    }))
      fd.append(k, v);
    const res = (await enter({
      request: new Request(`http://localhost/contests/${SLUG}/enter`, {
        method: "POST",
        body: fd,
        headers: { Cookie: signedIn },
      }),
      params: { slug: SLUG },
      context: {},
    })) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.getSetCookie().join("\n")).toContain(`en_draft_done=${SLUG}`);
    // And sign-out drops every draft the browser kept.
    const out = (await logout({
      request: new Request("http://localhost/logout", {
        method: "POST",
        headers: { Cookie: signedIn },
      }),
      params: {},
      context: {},
    })) as Response;
    expect(out.headers.getSetCookie().join("\n")).toContain("en_draft_done=*");
  });

  test("expires after 15 minutes", async () => {
    const res = await visitorSubmits();
    await prisma.entryDraft.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    const browser = jar(res, await startSession(get(""), pupilA));
    expect((await pageData(browser)).draft).toBeNull();
    expect(await prisma.entryDraft.count()).toBe(0);
  });
});
