/**
 * Entries an educator sends for pupils (docs/decisions/0031-classrooms-and-shared-computers.md):
 * the sender is the educator and the writer the pupil; the attestations go to the consent ledger
 * in the entry's own transaction (a refused entry leaves no row); entries per writer count per
 * pupil (and with a linked pupil's own entries); an unapproved educator and another educator's
 * pupil are refused.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { settled } from "./entry-outcome";

process.env.RESEND_API_KEY = "re_test_key";
process.env.RESEND_BASE_URL = "http://127.0.0.1:9";

const { prisma } = await import("~/utils/db.server");
const { createLocalStorage, setStorageForTests } = await import("~/utils/storage.server");
const { ATTESTATION_WORDING } = await import("~/features/classrooms/attestations");
const { classContestRoster, permissionNeeded } =
  await import("~/features/classrooms/class-entries.server");
const { CLASS_ENTRY_MESSAGES } = await import("~/features/classrooms/class-entry-form");
const { ownPupil, ownClassroom } = await import("~/features/classrooms/educator-access.server");
const { entriesLeftFor } = await import("~/features/entries/entry-limit.server");
const { receiveEntry: receive, newEntryKey } =
  await import("~/features/entries/receive-entry.server");
const receiveEntry = settled(receive);
const fx = await import("./class-fixtures");

const root = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-class-entries-"));
beforeAll(() => setStorageForTests(createLocalStorage(root)));
afterAll(() => {
  setStorageForTests(undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

const ledger = (pupilId: string) =>
  prisma.consentAttestation.findMany({ where: { pupilId }, orderBy: { kind: "asc" } });

describe("an entry for a roster pupil", () => {
  test("is sent by the educator for the pupil, with both attestations in the ledger", async () => {
    const t = await fx.makeEducator();
    const mia = await fx.rosterPupil(t.classroom.id);
    const contest = await fx.openContest();
    const outcome = await fx.enterFor(t, mia, contest);
    expect(outcome).toMatchObject({ ok: true, status: "submitted", duplicate: false });
    if (!outcome.ok) return;
    const s = await prisma.submission.findUniqueOrThrow({ where: { id: outcome.submissionId } });
    expect(s).toMatchObject({ entrantId: t.user.id, pupilId: mia.id, mentionsEntrant: false });
    const rows = await ledger(mia.id);
    expect(rows.map((r) => r.kind)).toEqual(["originality", "parental_permission"]);
    const [originality, permission] = rows;
    expect(originality.wording).toBe(ATTESTATION_WORDING.originality);
    expect(permission.wording).toBe(ATTESTATION_WORDING.parental_permission);
    expect(originality).toMatchObject({
      submissionId: s.id,
      educatorId: t.user.id,
      educatorName: t.user.displayName,
      schoolName: t.school.name,
      pupilName: "Mia R.",
      contestId: contest.id,
      contestTitle: contest.title,
    });
    expect(permission.submissionId).toBeNull();
    // A free class entry sends no per-entry confirmation: the educator is told on the page.
    expect(
      await prisma.outboxEvent.count({
        where: { name: "entry/submitted", payload: { contains: s.id } },
      }),
    ).toBe(0);
  });

  test("a refused entry leaves no ledger row: originality not ticked", async () => {
    const t = await fx.makeEducator();
    const mia = await fx.rosterPupil(t.classroom.id);
    const contest = await fx.openContest();
    // The original-work box is the originality attestation: one box, in the educator's words.
    const outcome = await fx.enterFor(t, mia, contest, { confirmOriginal: "" });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.status).toBe(400);
    expect(outcome.reply?.error?.confirmOriginal?.length).toBe(1);
    expect(await prisma.submission.count({ where: { pupilId: mia.id } })).toBe(0);
    expect(await ledger(mia.id)).toEqual([]);
  });

  test("without the permission on record the box is needed; with it, it is not asked again", async () => {
    const t = await fx.makeEducator();
    const mia = await fx.rosterPupil(t.classroom.id);
    const contest = await fx.openContest({ entriesPerWriter: 2 });
    const refused = await fx.enterFor(t, mia, contest, { attestPermission: "" });
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.reply?.error?.attestPermission).toEqual([CLASS_ENTRY_MESSAGES.permission]);
    expect(await ledger(mia.id)).toEqual([]);
    expect((await fx.enterFor(t, mia, contest)).ok).toBe(true);
    // The permission is on the ledger now: the second entry does not need the box.
    const second = await fx.enterFor(t, mia, contest, { attestPermission: "" });
    expect(second.ok).toBe(true);
    const kinds = (await ledger(mia.id)).map((r) => r.kind).sort();
    expect(kinds).toEqual(["originality", "originality", "parental_permission"]);
  });

  test("the anonymity scan looks for the pupil's, the educator's and the school's names", async () => {
    const t = await fx.makeEducator();
    const zara = await fx.rosterPupil(t.classroom.id, "Zarabeth", "K");
    const contest = await fx.openContest({ entriesPerWriter: 3 });
    const bySchool = await fx.enterFor(t, zara, contest, {
      body: `Our trip from ${t.school.name} to the sea was long.`,
    });
    const byPupil = await fx.enterFor(t, zara, contest, {
      body: "Zarabeth walked to the sea and back again.",
    });
    const plain = await fx.enterFor(t, zara, contest);
    const flags = await prisma.submission.findMany({
      where: {
        id: { in: [bySchool, byPupil, plain].flatMap((o) => (o.ok ? [o.submissionId] : [])) },
      },
      select: { body: true, mentionsEntrant: true },
    });
    expect(flags).toHaveLength(3);
    expect(flags.filter((f) => f.mentionsEntrant)).toHaveLength(2);
  });
});

describe("entries per writer count per pupil", () => {
  test("one entry per pupil: a second for Mia is refused, Noah's is fine", async () => {
    const t = await fx.makeEducator();
    const mia = await fx.rosterPupil(t.classroom.id, "Mia", "R");
    const noah = await fx.rosterPupil(t.classroom.id, "Noah", "T");
    const contest = await fx.openContest({ entriesPerWriter: 1 });
    expect((await fx.enterFor(t, mia, contest)).ok).toBe(true);
    const again = await fx.enterFor(t, mia, contest, { title: "Another story" });
    expect(again).toMatchObject({ ok: false, status: 403 });
    expect((await fx.enterFor(t, noah, contest)).ok).toBe(true);
    // The educator's own entries are not the pupils': the educator still has their own entry.
    expect(await entriesLeftFor(t.user.id, contest.id, 1)).toBe(1);
    const roster = await classContestRoster(t.classroom.id, contest);
    expect(roster.map((p) => [p.name, p.left, p.entries.length])).toEqual([
      ["Mia R.", 0, 1],
      ["Noah T.", 0, 1],
    ]);
    // Only one originality row per accepted entry: the refused one left none.
    expect(
      await prisma.consentAttestation.count({ where: { pupilId: mia.id, kind: "originality" } }),
    ).toBe(1);
  });

  test("a linked pupil's own entries and class entries count together", async () => {
    const t = await fx.makeEducator();
    const { user, pupil } = await fx.linkedPupil(t.classroom.id);
    const contest = await fx.openContest({ entriesPerWriter: 2 });
    // The pupil enters on their own first.
    const fd = new FormData();
    for (const [k, v] of Object.entries({
      title: "My Own Story",
      body: "I wrote this one at home by myself.",
      entryKey: newEntryKey(),
      ...fx.FOUR_BOXES,
    }))
      fd.append(k, v);
    const own = await receiveEntry(
      new Request(`http://inkwell.test/contests/${contest.slug}/enter`, {
        method: "POST",
        body: fd,
      }),
      user,
      contest,
    );
    expect(own.ok).toBe(true);
    expect(await entriesLeftFor({ pupilId: pupil.id, userId: user.id }, contest.id, 2)).toBe(1);
    expect((await fx.enterFor(t, pupil, contest)).ok).toBe(true);
    // Both used: neither the class nor the pupil may send another.
    expect(await entriesLeftFor(user.id, contest.id, 2)).toBe(0);
    expect((await fx.enterFor(t, pupil, contest, { title: "Third" })).ok).toBe(false);
    const roster = await classContestRoster(t.classroom.id, contest);
    expect(roster[0]).toMatchObject({ left: 0, canAdd: false });
  });
});

describe("who may send", () => {
  test("an educator not yet approved is refused, and nothing is written", async () => {
    const t = await fx.makeEducator("pending");
    const mia = await fx.rosterPupil(t.classroom.id);
    const contest = await fx.openContest();
    const outcome = await fx.enterFor(t, mia, contest);
    expect(outcome).toMatchObject({
      ok: false,
      status: 403,
      formError: CLASS_ENTRY_MESSAGES.notApproved,
    });
    expect(await prisma.submission.count({ where: { pupilId: mia.id } })).toBe(0);
    expect(await ledger(mia.id)).toEqual([]);
  });

  test("another educator's class and pupil are not found (404)", async () => {
    const a = await fx.makeEducator();
    const b = await fx.makeEducator();
    const mia = await fx.rosterPupil(a.classroom.id);
    const notMine = await ownPupil(b.user.id, mia.id).catch((e: unknown) => e);
    expect(notMine).toBeInstanceOf(Response);
    expect((notMine as Response).status).toBe(404);
    const notMyClass = await ownClassroom(b.user.id, a.classroom.id).catch((e: unknown) => e);
    expect((notMyClass as Response).status).toBe(404);
  });

  test("a joined pupil under 13 without their parent's consent: the school's permission box covers the class entry (ADR 0044)", async () => {
    const t = await fx.makeEducator();
    const young = new Date(Date.now() - 10 * 365 * 86_400_000);
    const { pupil } = await fx.linkedPupil(t.classroom.id, { dateOfBirth: young });
    const contest = await fx.openContest();
    // The form asks for the box from its first view, and the write refuses without it.
    expect(await permissionNeeded(pupil, contest.id)).toBe(true);
    const refused = await fx.enterFor(t, pupil, contest, { attestPermission: "" });
    expect(refused).toMatchObject({ ok: false, status: 400 });
    if (!refused.ok)
      expect(refused.reply?.error?.attestPermission).toEqual([CLASS_ENTRY_MESSAGES.permission]);
    expect(await ledger(pupil.id)).toEqual([]);
    // Ticked: the entry goes in, with the school's permission on the ledger.
    expect((await fx.enterFor(t, pupil, contest)).ok).toBe(true);
    expect((await ledger(pupil.id)).map((r) => r.kind)).toEqual([
      "originality",
      "parental_permission",
    ]);
    expect(await permissionNeeded(pupil, contest.id)).toBe(false);
  });

  test("a joined pupil 13 or over, or whose parent consented, needs no permission box", async () => {
    const t = await fx.makeEducator();
    const contest = await fx.openContest();
    const teen = await fx.linkedPupil(t.classroom.id, { firstName: "Tess" });
    const consented = await fx.linkedPupil(t.classroom.id, {
      firstName: "Cora",
      dateOfBirth: new Date(Date.now() - 9 * 365 * 86_400_000),
      parentConsentAt: new Date(),
    });
    for (const { pupil } of [teen, consented]) {
      expect(await permissionNeeded(pupil, contest.id)).toBe(false);
      expect((await fx.enterFor(t, pupil, contest, { attestPermission: "" })).ok).toBe(true);
      expect((await ledger(pupil.id)).map((r) => r.kind)).toEqual(["originality"]);
    }
  });

  test("a paid contest's class entry waits for payment, with an open Payment and no checkout", async () => {
    const t = await fx.makeEducator();
    const mia = await fx.rosterPupil(t.classroom.id);
    const contest = await fx.openContest({ feeCents: 1500 });
    const outcome = await fx.enterFor(t, mia, contest);
    expect(outcome).toMatchObject({ ok: true, status: "pending_payment" });
    if (!outcome.ok) return;
    const p = await prisma.payment.findUniqueOrThrow({
      where: { submissionId: outcome.submissionId },
    });
    expect(p).toMatchObject({
      status: "open",
      amountCents: 1500,
      groupId: null,
      checkoutSessionId: null,
    });
    const roster = await classContestRoster(t.classroom.id, contest);
    expect(roster[0].entries[0]).toMatchObject({ status: "Waiting for payment", payable: true });
  });
});

describe("the test-mode checkout of a class payment", () => {
  test("lists a line per entry, is opened by its payer only, and stays paid until every line is refunded", async () => {
    const groups = {
      ...(await import("~/features/payments/group-checkout.server")),
      ...(await import("~/features/payments/group-settlement.server")),
    };
    const provider = await import("~/features/payments/provider.server");
    const { refundEntry } = await import("~/features/payments/checkout.server");
    const t = await fx.makeEducator();
    const other = await fx.makeEducator();
    const contest = await fx.openContest({ feeCents: 1000 });
    const ids: string[] = [];
    for (const name of ["Mia", "Noah"]) {
      const pupil = await fx.rosterPupil(t.classroom.id, name, "R");
      const o = await fx.enterFor(t, pupil, contest);
      if (o.ok) ids.push(o.submissionId);
    }
    const start = await groups.startGroupCheckout({
      payerId: t.user.id,
      contestId: contest.id,
      submissionIds: ids,
      origin: "http://inkwell.test",
      returnPath: "/educator",
    });
    if (start.kind !== "redirect") throw new Error("no checkout");
    const id = new URL(start.url).pathname.split("/").pop()!;
    expect(await provider.testCheckoutFor(other.user.id, id)).toBeNull();
    const row = await provider.testCheckoutFor(t.user.id, id);
    expect(provider.testCheckoutLines(row!).map((l) => l.name)).toEqual([
      expect.stringMatching(/\(Mia R\.\)$/),
      expect.stringMatching(/\(Noah R\.\)$/),
    ]);
    await provider.completeTestCheckout(id);
    expect(await groups.finalizeGroup(start.groupId)).toBe("confirmed");
    await refundEntry(ids[0]!);
    expect(
      (await prisma.testCheckoutSession.findUniqueOrThrow({ where: { id } })).paymentStatus,
    ).toBe("paid");
    await refundEntry(ids[1]!);
    expect(
      (await prisma.testCheckoutSession.findUniqueOrThrow({ where: { id } })).paymentStatus,
    ).toBe("refunded");
  });
});
