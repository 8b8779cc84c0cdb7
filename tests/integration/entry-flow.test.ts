/**
 * The entry flow as users met it without JavaScript (docs/decisions/0026-entry-flow.md): a story
 * typed before signing in is offered by its title to whoever signs in on that browser, and comes
 * back once, to the one who says it is theirs, without any ticked box (ADR 0042).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const { prisma } = await import("~/utils/db.server");
const { startSession } = await import("~/features/accounts/session.server");
const { action: enter, loader: enterPage } = await import("~/routes/_public+/contests.$slug.enter");
const { action: logout } = await import("~/routes/_auth+/logout");

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

type Page = {
  draft: { title: string; body: string; hadFile: boolean } | null;
  draftOffer: { title: string; hadFile: boolean; minutesAgo: number } | null;
};
async function pageData(cookie: string) {
  const result = (await enterPage({
    request: get(cookie),
    params: { slug: SLUG },
    context: {},
  })) as { data: Page; init: ResponseInit | null };
  return {
    ...result.data,
    page: JSON.stringify(result.data),
    setCookie: new Headers(result.init?.headers ?? {}).get("Set-Cookie"),
  };
}

/** The signed-in person answers "Is this your story?" (a small urlencoded form). */
async function answer(cookie: string, intent: "draft-keep" | "draft-not-mine") {
  const res = (await enter({
    request: new Request(`http://localhost/contests/${SLUG}/enter?code=CLASS1`, {
      method: "POST",
      body: new URLSearchParams({ intent }),
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    }),
    params: { slug: SLUG },
    context: {},
  })) as Response;
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe(`/contests/${SLUG}/enter?code=CLASS1`);
}

const signOut = (cookie: string) =>
  logout({
    request: new Request("http://localhost/logout", {
      method: "POST",
      headers: { Cookie: cookie },
    }),
    params: {},
    context: {},
  }) as Promise<Response>;

async function visitorSubmits(search = "") {
  const res = (await enter({
    request: post(
      { title: "My Lost Story", body: "once upon a time", showIfAwarded: "on", ...confirmed },
      "",
      search,
    ),
    params: { slug: SLUG },
    context: {},
  })) as Response;
  expect(res.status).toBe(302);
  return res;
}

describe("a story typed before signing in, on a shared computer (ADR 0042)", () => {
  test("pupil B, signing in where pupil A left it, is asked by its title only; A gets it back", async () => {
    const res = await visitorSubmits("?code=CLASS1");
    expect(res.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/contests/${SLUG}/enter?code=CLASS1`)}`,
    );
    const browser = jar(res);
    expect(browser).toMatch(/en_entry_draft=/);
    // The story is on the server, not in the cookie, and no ticked box was kept.
    expect(browser).not.toContain("upon");
    const row = await prisma.entryDraft.findFirstOrThrow();
    expect(row.fields).not.toMatch(/confirm|showIfAwarded/);

    // Pupil B signs in at that computer: the form is empty, B is only asked about a title.
    const b = jar(res, await startSession(get(""), pupilB));
    const bFirst = await pageData(b);
    expect(bFirst.draft).toBeNull();
    expect(bFirst.draftOffer).toMatchObject({ title: "My Lost Story", hadFile: true });
    expect(bFirst.page).not.toContain("upon");
    // B says it is not theirs: never asked again, and the story stays for its writer.
    await answer(b, "draft-not-mine");
    const bAfter = await pageData(b);
    expect(bAfter.draft).toBeNull();
    expect(bAfter.draftOffer).toBeNull();
    expect(bAfter.page).not.toContain("upon");
    await signOut(b);
    expect(await prisma.entryDraft.count()).toBe(1);

    // Pupil A comes back and signs in on the same browser: asked, says it is theirs.
    const a = jar(res, await startSession(get(""), pupilA));
    expect((await pageData(a)).draftOffer?.title).toBe("My Lost Story");
    await answer(a, "draft-keep");
    const mine = await pageData(a);
    expect(mine.draftOffer).toBeNull();
    expect(mine.draft).toEqual({
      title: "My Lost Story",
      body: "once upon a time",
      discountCode: "",
      hadFile: true,
    });
    // Never a ticked box: the page carries no confirmation or "may be shown" of A's.
    expect(mine.page).not.toMatch(/confirm|showIfAwarded/);
    // Taken once: the row is gone and the cookie cleared.
    expect(mine.setCookie).toMatch(/en_entry_draft=;.*Max-Age=0/i);
    expect(await prisma.entryDraft.count()).toBe(0);
    expect((await pageData(a)).draft).toBeNull();
    // B, signing in again afterwards, finds nothing of A's.
    const bAgain = await pageData(jar(res, await startSession(get(""), pupilB)));
    expect(bAgain.draft).toBeNull();
    expect(bAgain.draftOffer).toBeNull();
  });

  test("is never offered to someone signed in on another browser", async () => {
    await visitorSubmits();
    const other = jar(await startSession(get(""), pupilB));
    const page = await pageData(other);
    expect(page.draft).toBeNull();
    expect(page.draftOffer).toBeNull();
    expect(await prisma.entryDraft.count()).toBe(1);
    await prisma.entryDraft.deleteMany();
  });

  test("kept by one account, nobody else is offered it, and its sign-out drops it", async () => {
    const res = await visitorSubmits();
    const a = jar(res, await startSession(get(""), pupilA));
    await answer(a, "draft-keep");
    // A second "keep" by B on the same browser changes nothing.
    const b = jar(res, await startSession(get(""), pupilB));
    await answer(b, "draft-keep");
    expect((await prisma.entryDraft.findFirstOrThrow()).userId).toBe(pupilA);
    const page = await pageData(b);
    expect(page.draft).toBeNull();
    expect(page.draftOffer).toBeNull();
    // A signs out before opening the form: what A kept is deleted.
    await signOut(a);
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
    const page = await pageData(browser);
    expect(page.draft).toBeNull();
    expect(page.draftOffer).toBeNull();
    expect(await prisma.entryDraft.count()).toBe(0);
  });
});
