/**
 * Where an entry names its writer (docs/decisions/0034-reading-desk.md): the places are found as
 * whole words and recorded, the admin removes or keeps each, `mentionsEntrant` follows the places
 * still waiting, and judges read "[removed]" (never the words) and are given the original file
 * only when every place was kept.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { prisma } from "~/utils/db.server";
import { createLocalStorage, getStorage, setStorageForTests } from "~/utils/storage.server";
import {
  HitNotFound,
  decideIdentityHits,
  identityHitsForAdmin,
  recordIdentityHits,
} from "~/features/anonymity/identity.server";
import { REMOVED } from "~/features/anonymity/identity-hits";
import { readingFor } from "~/features/judging/reading.server";
import { judgeFile } from "~/features/judging/review.server";
import { getToast } from "~/utils/toast.server";
import * as fx from "./class-fixtures";

// The admin's entry page's loader and action, with the admin check stubbed (the route × role
// table in tests/authz/identity-hits.ts covers who may call it).
vi.mock("~/features/accounts/auth.server", async (original) => ({
  ...(await original<object>()),
  requireAdmin: async () => ({ id: "admin-of-identity-tests", roles: ["admin"] }),
}));
const page = await import("~/routes/admin+/submissions+/$id");

const DAY = 86_400_000;
let seq = 0;
const next = () => `${Date.now().toString(36)}h${++seq}`;

const root = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-identity-hits-"));
beforeAll(() => setStorageForTests(createLocalStorage(root)));
afterAll(() => {
  setStorageForTests(undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

async function person(name: string, roles: string[] = []) {
  const n = next();
  return prisma.user.create({
    data: {
      email: `${name.toLowerCase().replace(/\W+/g, ".")}.${n}@example.test`,
      displayName: name,
      dateOfBirth: new Date("2009-05-05T00:00:00Z"),
      roles: { create: roles.map((role) => ({ role })) },
    },
  });
}

/** A contest in its judging window. */
async function judgingContest() {
  const n = next();
  const now = Date.now();
  return prisma.contest.create({
    data: {
      slug: `identity-${n}`,
      title: `Identity test ${n}`,
      description: "A contest for identity tests",
      submissionsOpen: new Date(now - 30 * DAY),
      submissionsClose: new Date(now - 20 * DAY),
      judgingOpen: new Date(now - 10 * DAY),
      judgingClose: new Date(now + 10 * DAY),
      resultsAt: new Date(now + 20 * DAY),
    },
  });
}

/**
 * A document entry: its file in storage, its reading text in EntryDocument, and a judge assigned.
 * The hits are not recorded yet.
 */
async function documentEntry(
  writer: { id: string },
  text: string,
  opts: { pupilId?: string; entrantId?: string } = {},
) {
  const contest = await judgingContest();
  const key = `${writer.id}/${contest.id}/${Date.now()}${++seq}.txt`;
  await getStorage().put(key, Readable.from([Buffer.from(text, "utf8")]), {
    contentType: "text/plain",
  });
  const s = await prisma.submission.create({
    data: {
      contestId: contest.id,
      entrantId: opts.entrantId ?? writer.id,
      pupilId: opts.pupilId ?? null,
      title: `A story ${next()}`,
      body: null,
      wordCount: text.split(/\s+/).length,
      filePath: key,
      fileName: "story.txt",
      fileType: "text/plain",
      fileSize: Buffer.byteLength(text),
      status: "submitted",
      document: { create: { text, status: "text" } },
    },
    include: { document: true },
  });
  const judge = await person("Jude Reader", ["judge"]);
  await prisma.judgeAssignment.create({
    data: { contestId: contest.id, judgeId: judge.id, submissionId: s.id },
  });
  return { submission: s, judge, contest };
}

const hitsOf = (submissionId: string) =>
  prisma.identityHit.findMany({ where: { submissionId }, orderBy: { start: "asc" } });
const flag = async (id: string) =>
  (await prisma.submission.findUniqueOrThrow({ where: { id }, select: { mentionsEntrant: true } }))
    .mentionsEntrant;
async function reading(id: string) {
  const s = await prisma.submission.findUniqueOrThrow({
    where: { id },
    select: {
      id: true,
      body: true,
      filePath: true,
      mentionsEntrant: true,
      document: { select: { text: true, status: true } },
    },
  });
  return readingFor(s);
}
const words = (r: { paragraphs: string[] }) => r.paragraphs.join("\n\n");

describe("recording where an entry names its writer", () => {
  test("an individual entrant: the name, the e-mail and the surname alone, as whole words", async () => {
    const writer = await person("Oliver Thistlewood");
    const text = [
      "The fog came in over the harbour before dawn.",
      `Written by Oliver Thistlewood, write to me at ${""}EMAIL.`,
      "Old Thistlewood's boat was the last one back. The Thistlewoods-ish jokes were not his.",
    ]
      .join("\n\n")
      .replace("EMAIL", writer.email);
    const { submission } = await documentEntry(writer, text);
    const count = await recordIdentityHits(prisma, submission.id, { reading: text });
    const hits = await hitsOf(submission.id);
    expect(count).toBe(hits.length);
    const found = hits.map((h) => [h.kind, text.slice(h.start, h.end)]);
    expect(found).toContainEqual(["name", "Oliver Thistlewood"]);
    expect(found).toContainEqual(["email", writer.email]);
    // "Thistlewood's": the surname alone, a whole word before the apostrophe.
    expect(found.filter(([, w]) => w === "Thistlewood")).toHaveLength(1);
    // "Thistlewoods-ish" is another word.
    expect(found.some(([, w]) => w.startsWith("Thistlewoods"))).toBe(false);
    expect(hits.every((h) => h.status === "pending")).toBe(true);
    expect(await flag(submission.id)).toBe(true);
  });

  test("a class pupil's entry: the pupil, the educator and the school", async () => {
    const t = await fx.makeEducator();
    const mia = await fx.rosterPupil(t.classroom.id);
    const text = [
      "The Paper Boat",
      `Mia R. wrote this in ${t.user.displayName}'s class.`,
      `We are the best readers at ${t.school.name} this year.`,
    ].join("\n\n");
    const { submission } = await documentEntry(t.user, text, { pupilId: mia.id });
    await recordIdentityHits(prisma, submission.id, { reading: text });
    const found = (await hitsOf(submission.id)).map((h) => [h.kind, text.slice(h.start, h.end)]);
    expect(found).toContainEqual(["name", "Mia R."]);
    expect(found).toContainEqual(["educator", t.user.displayName]);
    expect(found).toContainEqual(["school", t.school.name]);
    expect(await flag(submission.id)).toBe(true);
  });

  test("recording again replaces the earlier places; a clean text clears the flag", async () => {
    const writer = await person("Beatrix Quennell");
    const text = "A story by Beatrix Quennell about the sea.";
    const { submission } = await documentEntry(writer, text);
    await recordIdentityHits(prisma, submission.id, { reading: text });
    expect(await hitsOf(submission.id)).toHaveLength(1);
    const again = "A story by Beatrix Quennell. Quennell loves the sea.";
    await recordIdentityHits(prisma, submission.id, { reading: again });
    const hits = await hitsOf(submission.id);
    expect(hits.map((h) => again.slice(h.start, h.end))).toEqual(["Beatrix Quennell", "Quennell"]);
    expect(await recordIdentityHits(prisma, submission.id, { reading: "No names here." })).toBe(0);
    expect(await hitsOf(submission.id)).toHaveLength(0);
    expect(await flag(submission.id)).toBe(false);
  });

  test("only the file names the writer: a place with no passage, and no file for judges", async () => {
    const writer = await person("Cosima Vantongeren");
    const text = "The wind in the reeds said nothing at all.";
    const { submission, judge } = await documentEntry(writer, text);
    await recordIdentityHits(prisma, submission.id, {
      reading: text,
      file: `${text}\nAuthor: Cosima Vantongeren`,
    });
    const [hit] = await hitsOf(submission.id);
    expect(hit).toMatchObject({ start: 0, end: 0, status: "pending" });
    const admin = await identityHitsForAdmin(submission.id);
    expect(admin[0]).toMatchObject({ passage: null, status: "pending" });
    const r = await reading(submission.id);
    expect(words(r)).toBe(text);
    expect(r.originalAllowed).toBe(false);
    expect((await judgeFile(judge.id, submission.id)).status).toBe("not-found");
  });
});

describe("the admin's decisions, and what judges read", () => {
  async function flagged() {
    const writer = await person("Percival Ashdown");
    const text = [
      "My grandmother kept the lighthouse key on a string.",
      "I am Percival Ashdown and this is true.",
      "Ashdown is a windy place.",
    ].join("\n\n");
    const entry = await documentEntry(writer, text);
    await recordIdentityHits(prisma, entry.submission.id, { reading: text });
    const admin = await person("Ada Admin", ["admin"]);
    return { ...entry, text, admin };
  }

  test("while places wait, judges read [removed] and get no file", async () => {
    const { submission, judge } = await flagged();
    const r = await reading(submission.id);
    expect(words(r)).not.toContain("Ashdown");
    expect(words(r)).not.toContain("Percival");
    expect(words(r)).toContain(`I am ${REMOVED} and this is true.`);
    expect(words(r)).toContain(`${REMOVED} is a windy place.`);
    expect(r.removed).toBe(2);
    expect(r.originalAllowed).toBe(false);
    expect((await judgeFile(judge.id, submission.id)).status).toBe("not-found");
  });

  test("redacting one place keeps the flag for the other; the redacted words stay removed", async () => {
    const { submission, judge, admin } = await flagged();
    const [first] = await hitsOf(submission.id);
    await decideIdentityHits({
      submissionId: submission.id,
      hitId: first!.id,
      decision: "redacted",
      adminId: admin.id,
    });
    const hits = await hitsOf(submission.id);
    expect(hits.map((h) => h.status)).toEqual(["redacted", "pending"]);
    expect(hits[0]).toMatchObject({ decidedById: admin.id });
    expect(hits[0]!.decidedAt).not.toBeNull();
    expect(await flag(submission.id)).toBe(true);
    // Clear the other: nothing waits, but a redacted passage is still in the file.
    await decideIdentityHits({
      submissionId: submission.id,
      hitId: hits[1]!.id,
      decision: "cleared",
      adminId: admin.id,
    });
    expect(await flag(submission.id)).toBe(false);
    const r = await reading(submission.id);
    expect(words(r)).toContain(`I am ${REMOVED} and this is true.`);
    expect(words(r)).toContain("Ashdown is a windy place.");
    expect(words(r)).not.toContain("Percival");
    expect(r.removed).toBe(1);
    expect(r.originalAllowed).toBe(false);
    expect((await judgeFile(judge.id, submission.id)).status).toBe("not-found");
  });

  test("clearing every waiting place: judges read the words and may have the file", async () => {
    const { submission, judge, admin, text } = await flagged();
    await decideIdentityHits({
      submissionId: submission.id,
      hitId: null,
      decision: "cleared",
      adminId: admin.id,
    });
    expect((await hitsOf(submission.id)).every((h) => h.status === "cleared")).toBe(true);
    expect(await flag(submission.id)).toBe(false);
    const r = await reading(submission.id);
    expect(words(r)).toBe(text);
    expect(r.removed).toBe(0);
    expect(r.originalAllowed).toBe(true);
    const file = await judgeFile(judge.id, submission.id);
    expect(file.status).toBe("ok");
    if (file.status === "ok") expect(file.name).not.toContain("Ashdown");
  });

  test("removing every waiting place at once", async () => {
    const { submission, admin } = await flagged();
    await decideIdentityHits({
      submissionId: submission.id,
      hitId: null,
      decision: "redacted",
      adminId: admin.id,
    });
    expect((await hitsOf(submission.id)).map((h) => h.status)).toEqual(["redacted", "redacted"]);
    expect(await flag(submission.id)).toBe(false);
    expect(words(await reading(submission.id))).not.toContain("Ashdown");
  });

  test("a place that is not on this entry is refused", async () => {
    const a = await flagged();
    const b = await flagged();
    const [other] = await hitsOf(b.submission.id);
    await expect(
      decideIdentityHits({
        submissionId: a.submission.id,
        hitId: other!.id,
        decision: "cleared",
        adminId: a.admin.id,
      }),
    ).rejects.toBeInstanceOf(HitNotFound);
    await expect(
      decideIdentityHits({
        submissionId: a.submission.id,
        hitId: "no-such-hit",
        decision: "redacted",
        adminId: a.admin.id,
      }),
    ).rejects.toBeInstanceOf(HitNotFound);
    // Nothing changed on either entry.
    expect((await hitsOf(b.submission.id)).every((h) => h.status === "pending")).toBe(true);
    expect(await flag(a.submission.id)).toBe(true);
  });
});

describe("the admin's entry page", () => {
  const args = (request: Request, id: string) => ({ request, params: { id }, context: {} });
  async function post(id: string, form: Record<string, string>) {
    const response = (await page.action(
      args(
        new Request(`http://inkwell.test/admin/submissions/${id}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(form),
        }),
        id,
      ),
    )) as Response;
    const cookie = response.headers.get("Set-Cookie") ?? "";
    const { toast } = await getToast(
      new Request("http://inkwell.test/", { headers: { Cookie: cookie.split(";")[0] } }),
    );
    return { response, toast };
  }

  async function flaggedEntry() {
    const writer = await person("Rosalind Featherstonehaugh");
    const text = "Chapter one.\n\nThis is by Rosalind Featherstonehaugh, age twelve.\n\nThe end.";
    const entry = await documentEntry(writer, text);
    await recordIdentityHits(prisma, entry.submission.id, { reading: text });
    return { ...entry, text };
  }

  test("shows each place with its passage, and the document's text with the places marked", async () => {
    const { submission, text } = await flaggedEntry();
    const data = (await page.loader(
      args(new Request(`http://inkwell.test/admin/submissions/${submission.id}`), submission.id),
    )) as Awaited<ReturnType<typeof page.loader>>;
    expect(data.hits).toHaveLength(1);
    expect(data.hits[0]).toMatchObject({
      label: "the writer's name",
      status: "pending",
      decided: null,
      passage: { match: "Rosalind Featherstonehaugh" },
    });
    expect(data.hits[0]!.passage!.before).toContain("This is by ");
    expect(data.documentText?.text).toBe(text);
    const [span] = data.documentText!.spans;
    expect(text.slice(span!.start, span!.end)).toBe("Rosalind Featherstonehaugh");
  });

  test("remove for judges, keep, and a place that is gone", async () => {
    const { submission } = await flaggedEntry();
    const [hit] = await hitsOf(submission.id);
    const removed = await post(submission.id, { intent: "redact-hit", hitId: hit!.id });
    expect(removed.response.status).toBe(302);
    expect(removed.response.headers.get("Location")).toBe(`/admin/submissions/${submission.id}`);
    expect(removed.toast).toMatchObject({ type: "success", title: "Removed for judges" });
    expect((await hitsOf(submission.id))[0]).toMatchObject({
      status: "redacted",
      decidedById: "admin-of-identity-tests",
    });
    expect(await flag(submission.id)).toBe(false);

    const kept = await post(submission.id, { intent: "clear-hit", hitId: hit!.id });
    expect(kept.toast).toMatchObject({ type: "success", title: "Kept" });
    expect((await hitsOf(submission.id))[0]!.status).toBe("cleared");

    const gone = await post(submission.id, { intent: "clear-hit", hitId: "no-such-hit" });
    expect(gone.response.status).toBe(302);
    expect(gone.toast).toMatchObject({ type: "error", description: new HitNotFound().message });

    const invalid = (await page.action(
      args(
        new Request(`http://inkwell.test/admin/submissions/${submission.id}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "redact-hit" }),
        }),
        submission.id,
      ),
    )) as unknown as { init: { status: number } | null };
    expect(invalid.init?.status).toBe(400);
  });

  test("remove all for judges touches only the places still waiting", async () => {
    const writer = await person("Horatio Blackwood");
    const text = "By Horatio Blackwood.\n\nBlackwood went to sea.";
    const { submission } = await documentEntry(writer, text);
    await recordIdentityHits(prisma, submission.id, { reading: text });
    const [first] = await hitsOf(submission.id);
    await post(submission.id, { intent: "clear-hit", hitId: first!.id });
    const all = await post(submission.id, { intent: "redact-all-hits" });
    expect(all.toast).toMatchObject({ type: "success", title: "Removed for judges" });
    expect((await hitsOf(submission.id)).map((h) => h.status)).toEqual(["cleared", "redacted"]);
    expect(await flag(submission.id)).toBe(false);
  });
});
