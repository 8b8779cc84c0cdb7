import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { startSession } from "~/features/accounts/session.server";
import { runMaintenanceJob } from "~/features/operations/maintenance.server";
import { runRetention } from "~/features/privacy/retention.server";
import { prisma } from "~/utils/db.server";
import { sendEmail } from "~/utils/email.server";
import { createLocalStorage, getStorage, setStorageForTests } from "~/utils/storage.server";
import { getToast } from "~/utils/toast.server";
import { liveMails } from "./inbox";

// The data retention policy against a real database and real (local folder) storage
// (docs/decisions/0038-data-retention.md).

vi.mock("~/features/accounts/auth.server", async (original) => ({
  ...(await original<object>()),
  requireAdmin: async () => ({ id: "admin", roles: ["admin"] }),
}));

const DAY = 86_400_000;
const now = new Date();
const ago = (days: number) => new Date(now.getTime() - days * DAY);
let dir = "";

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "retention-"));
  setStorageForTests(createLocalStorage(dir));
});
afterAll(() => {
  setStorageForTests(undefined);
  fs.rmSync(dir, { recursive: true, force: true });
});

let n = 0;
async function contest(resultsDaysAgo: number) {
  n++;
  const r = ago(resultsDaysAgo);
  return prisma.contest.create({
    data: {
      slug: `ret-${n}-${Date.now()}`,
      title: `Retention ${n}`,
      description: "A contest for testing",
      submissionsOpen: new Date(r.getTime() - 40 * DAY),
      submissionsClose: new Date(r.getTime() - 30 * DAY),
      judgingOpen: new Date(r.getTime() - 29 * DAY),
      judgingClose: new Date(r.getTime() - 10 * DAY),
      resultsAt: r,
    },
  });
}

async function person(tag: string, data: Record<string, unknown> = {}) {
  n++;
  return prisma.user.create({
    data: { email: `${tag}-${n}@example.com`, displayName: tag, ...data },
  });
}

async function entry(contestId: string, opts: { award?: boolean; showIfAwarded?: boolean } = {}) {
  const writer = await person("writer", { dateOfBirth: new Date("1990-01-01") });
  const key = `${writer.id}/${contestId}/${Date.now()}${n}.pdf`;
  await getStorage().put(key, Readable.from([Buffer.from("%PDF story")]));
  const judge = await person("judge");
  const s = await prisma.submission.create({
    data: {
      contestId,
      entrantId: writer.id,
      title: "My story",
      body: "Once upon a time",
      filePath: key,
      fileName: "story.pdf",
      fileType: "application/pdf",
      fileSize: 10,
      status: "submitted",
      showIfAwarded: opts.showIfAwarded ?? false,
      document: { create: { text: "Once upon a time", status: "text" } },
      identityHits: { create: { kind: "name", start: 0, end: 4 } },
    },
  });
  await prisma.judgeAssignment.create({
    data: { contestId, judgeId: judge.id, submissionId: s.id },
  });
  if (opts.award)
    await prisma.contestAward.create({
      data: { contestId, submissionId: s.id, kind: "place", place: 1 },
    });
  return { id: s.id, key };
}

const exists = (key: string) => getStorage().exists(key);

describe("entries past the retention period", () => {
  test("lose text, file, document and hits; keep title and award; winners who opted in keep all", async () => {
    const old = await contest(400);
    const recent = await contest(100);
    const loser = await entry(old.id);
    const privateWinner = await entry(old.id, { award: true, showIfAwarded: false });
    const publicWinner = await entry(old.id, { award: true, showIfAwarded: true });
    const young = await entry(recent.id);

    const run = await prisma.maintenanceRun.create({
      data: { job: "retention", finishedAt: now, outcome: "done" },
    });
    const result = await runRetention({ runId: run.id, now });
    expect(result.count).toBeGreaterThanOrEqual(2);
    expect(result.note).toMatch(/story text/);

    for (const e of [loser, privateWinner]) {
      const row = await prisma.submission.findUniqueOrThrow({
        where: { id: e.id },
        include: { document: true, identityHits: true, award: true },
      });
      expect(row).toMatchObject({ title: "My story", body: null, filePath: null, fileName: null });
      expect(row.contentRemovedAt).toEqual(now);
      expect(row.document).toBeNull();
      expect(row.identityHits).toEqual([]);
      expect(await prisma.judgeAssignment.count({ where: { submissionId: e.id } })).toBe(1);
      expect(await exists(e.key)).toBe(false);
      expect(
        await prisma.retentionRecord.count({
          where: { runId: run.id, kind: "entry-content", subjectId: e.id, contestId: old.id },
        }),
      ).toBe(1);
    }
    expect(
      (await prisma.contestAward.findUnique({ where: { submissionId: privateWinner.id } }))?.place,
    ).toBe(1);
    for (const e of [publicWinner, young]) {
      const row = await prisma.submission.findUniqueOrThrow({
        where: { id: e.id },
        include: { document: true },
      });
      expect(row).toMatchObject({ body: "Once upon a time", contentRemovedAt: null });
      expect(row.document?.text).toBe("Once upon a time");
      expect(await exists(e.key)).toBe(true);
    }

    // A repeated run finds nothing new.
    const again = await runRetention({ runId: "again", now });
    expect(await prisma.retentionRecord.count({ where: { runId: "again" } })).toBe(0);
    expect(again.note).toMatch(/0 entries/);
  });
});

describe("inactive children's accounts", () => {
  test("warned by e-mail, removed after the notice; a sign-in cancels; a failed e-mail keeps the account", async () => {
    const child = await person("child", {
      dateOfBirth: new Date(now.getTime() - 12 * 365 * DAY),
      parentEmail: `parent-${n}@example.com`,
      lastActiveAt: ago(800),
    });
    const active = await person("active", {
      dateOfBirth: new Date(now.getTime() - 12 * 365 * DAY),
      lastActiveAt: ago(800),
    });
    const adult = await person("adult", {
      dateOfBirth: new Date("1980-01-01"),
      lastActiveAt: ago(900),
    });
    const failing = await person("failing", {
      dateOfBirth: new Date(now.getTime() - 10 * 365 * DAY),
      lastActiveAt: ago(900),
    });
    // Only the "failing" child's message fails.
    const send: typeof sendEmail = async (m) =>
      m.to === failing.email ? { ok: false, error: "provider down", logId: "x" } : sendEmail(m);

    await runRetention({ runId: "warn-run", now }, send);
    const warned = await prisma.user.findUniqueOrThrow({ where: { id: child.id } });
    expect(warned.retentionWarnedAt).toEqual(now);
    expect(liveMails(child.email)[0]?.text).toMatch(/sign in/i);
    expect(liveMails(child.parentEmail!)[0]?.text).toMatch(/your child's/);
    expect(liveMails(child.email)[0]?.text).toContain("/login");
    expect(
      await prisma.retentionRecord.count({
        where: { runId: "warn-run", kind: "account-warning", subjectId: child.id },
      }),
    ).toBe(1);
    expect(
      (await prisma.user.findUniqueOrThrow({ where: { id: adult.id } })).retentionWarnedAt,
    ).toBeNull();
    expect(
      (await prisma.user.findUniqueOrThrow({ where: { id: failing.id } })).retentionWarnedAt,
    ).toBeNull();

    // The same day again: nothing new.
    await runRetention({ runId: "repeat-run", now }, send);
    expect(await prisma.retentionRecord.count({ where: { runId: "repeat-run" } })).toBe(0);

    // "active" signs in after being warned.
    expect(
      (await prisma.user.findUniqueOrThrow({ where: { id: active.id } })).retentionWarnedAt,
    ).toEqual(now);
    await startSession(new Request("http://inkwell.test/login"), active.id);
    const signedIn = await prisma.user.findUniqueOrThrow({ where: { id: active.id } });
    expect(signedIn.retentionWarnedAt).toBeNull();
    expect(signedIn.lastActiveAt).not.toBeNull();

    const later = new Date(now.getTime() + 31 * DAY);
    await runRetention({ runId: "remove-run", now: later }, send);
    expect(await prisma.user.count({ where: { id: child.id } })).toBe(0);
    expect(await prisma.user.count({ where: { id: active.id } })).toBe(1);
    expect(await prisma.user.count({ where: { id: failing.id } })).toBe(1);
    expect(await prisma.user.count({ where: { id: adult.id } })).toBe(1);
    expect(
      await prisma.retentionRecord.findMany({
        where: { runId: "remove-run", kind: "account" },
        select: { subjectId: true },
      }),
    ).toEqual([{ subjectId: child.id }]);
  });
});

describe("/admin/workflows maintenance", () => {
  test("run-job runs the retention job and the page lists the run and its records", async () => {
    const { action, loader } = await import("~/routes/admin+/workflows");
    const response = (await action({
      request: new Request("http://inkwell.test/admin/workflows", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "run-job", job: "retention" }),
      }),
      params: {},
      context: {},
    })) as Response;
    expect(response.status).toBe(302);
    const cookie = response.headers.get("Set-Cookie") ?? "";
    const { toast } = await getToast(
      new Request("http://inkwell.test/", { headers: { Cookie: cookie.split(";")[0] } }),
    );
    expect(toast).toMatchObject({
      type: "success",
      title: "Apply the data retention policy: done",
    });
    const page = (await loader({
      request: new Request("http://inkwell.test/admin/workflows"),
      params: {},
      context: {},
    })) as { runs: { job: string; outcome: string | null }[]; records: { kind: string | null }[] };
    expect(page.runs[0]).toMatchObject({ job: "retention", outcome: "done" });
    expect(page.records.length).toBeGreaterThan(0);
  });

  test("a run in progress answers busy", async () => {
    await prisma.maintenanceRun.create({ data: { job: "purge", startedAt: new Date() } });
    expect(await runMaintenanceJob("purge", new Date())).toEqual({ status: "busy" });
  });
});

describe("deleting an account", () => {
  test("an entry kept with its title loses its document and identity hits", async () => {
    const { deleteAccount } = await import("~/features/privacy/account-deletion.server");
    const old = await contest(10);
    const e = await entry(old.id);
    const { entrantId } = await prisma.submission.findUniqueOrThrow({ where: { id: e.id } });
    await deleteAccount(entrantId);
    const row = await prisma.submission.findUniqueOrThrow({
      where: { id: e.id },
      include: { document: true, identityHits: true },
    });
    expect(row).toMatchObject({ title: "My story", body: null, document: null, identityHits: [] });
    expect(await exists(e.key)).toBe(false);
  });
});
