/**
 * One consent rule for a class of 30 (docs/decisions/0044-class-entries-consent.md): roster
 * pupils and pupils who joined with the code, under 13 or not, with or without their parent's
 * consent. The class's pages say per pupil which consent their entry waits for, before anyone is
 * entered; the entry form asks for the school's permission exactly where the page says so; the
 * write agrees with both.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

process.env.RESEND_API_KEY = "re_test_key";
process.env.RESEND_BASE_URL = "http://127.0.0.1:9";

const { prisma } = await import("~/utils/db.server");
const { createLocalStorage, setStorageForTests } = await import("~/utils/storage.server");
const { classContestRoster, permissionNeeded } =
  await import("~/features/classrooms/class-entries.server");
const { classWithRoster } = await import("~/features/classrooms/classes.server");
const { attestParentalPermission } = await import("~/features/classrooms/consent-ledger.server");
const { CONSENT_LABELS } = await import("~/features/classrooms/pupil-consent");
const { CLASS_ENTRY_MESSAGES } = await import("~/features/classrooms/class-entry-form");
const fx = await import("./class-fixtures");

const root = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-class-consent-"));
beforeAll(() => setStorageForTests(createLocalStorage(root)));
afterAll(() => {
  setStorageForTests(undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

const YEAR = 365.25 * 86_400_000;
const born = (years: number) => new Date(Date.now() - years * YEAR);
const FIRST =
  "Ada Ben Cal Dee Eve Fay Gil Hal Ivy Jon Kai Lou Max Ned Oda Pia Quin Rae Sol Tia Uma Vic Wes Xia Yan Zed Abe Bea Cyd Dax".split(
    " ",
  );

describe("a class of 30: who is waiting for which consent", () => {
  test("the class's pages, the entry form and the write agree for every pupil", async () => {
    const t = await fx.makeEducator();
    const contest = await fx.openContest();
    // 18 roster pupils (6 of them with the school's permission already recorded), and 12 who
    // joined: 4 under 13 waiting for a parent, 3 under 13 whose parent consented, 3 aged 13 or
    // over, 2 without a date of birth.
    const kinds: string[] = [];
    const pupils: { id: string; userId: string | null; firstName: string; lastInitial: string }[] =
      [];
    for (let i = 0; i < 30; i++) {
      const firstName = FIRST[i]!;
      if (i < 18) {
        pupils.push(await fx.rosterPupil(t.classroom.id, firstName, "R"));
        kinds.push("roster");
        continue;
      }
      const j = i - 18;
      const [kind, opts] =
        j < 4
          ? ["awaiting-parent", { dateOfBirth: born(10) }]
          : j < 7
            ? ["parent", { dateOfBirth: born(11), parentConsentAt: new Date() }]
            : j < 10
              ? ["own", { dateOfBirth: born(14) }]
              : ["no-date-of-birth", { dateOfBirth: null }];
      const { pupil } = await fx.linkedPupil(t.classroom.id, {
        ...opts,
        firstName,
        lastInitial: "J",
      });
      pupils.push(pupil);
      kinds.push(kind as string);
    }
    await attestParentalPermission(t.user.id, t.classroom.id, {
      contestId: contest.id,
      who: "ticked",
      pupilIds: pupils.slice(0, 6).map((p) => p.id),
    });

    // The class page: each pupil's consent, in words, before anyone is entered.
    const { pupils: rows } = await classWithRoster(t.user.id, t.classroom.id);
    expect(rows).toHaveLength(30);
    const kindOf = new Map(pupils.map((p, i) => [p.id, kinds[i]!]));
    for (const row of rows) expect(row.consent).toBe(kindOf.get(row.id));
    expect(CONSENT_LABELS["awaiting-parent"]).toMatch(/waiting for their parent's consent/);

    // The contest page: ready or waiting, per pupil.
    const roster = await classContestRoster(t.classroom.id, contest);
    const ready = new Map(roster.map((p) => [p.id, p.consent]));
    const expectedReady = (i: number) => i < 6 || kinds[i] === "parent" || kinds[i] === "own";
    pupils.forEach((p, i) => expect(ready.get(p.id)?.ready).toBe(expectedReady(i)));
    expect(roster.filter((p) => !p.consent.ready)).toHaveLength(12 + 4 + 2);
    expect(
      roster.filter((p) => /^Waiting for their parent's consent/.test(p.consent.label)),
    ).toHaveLength(4);
    expect(roster.filter((p) => p.consent.label === "Parent consented")).toHaveLength(3);

    // The form asks for the box exactly where the page says a consent is missing.
    for (const [i, p] of pupils.entries())
      expect(await permissionNeeded(p, contest.id)).toBe(!expectedReady(i));

    // Without the box: the ready ones go in, the others are refused on the box (nothing written).
    for (const [i, p] of pupils.entries()) {
      const outcome = await fx.enterFor(t, p, contest, { attestPermission: "" });
      expect(outcome.ok).toBe(expectedReady(i));
      if (!outcome.ok)
        expect(outcome.reply?.error?.attestPermission).toEqual([CLASS_ENTRY_MESSAGES.permission]);
    }
    // With it: everyone else goes in, and the school's permission is on the ledger for them.
    for (const [i, p] of pupils.entries())
      if (!expectedReady(i)) expect((await fx.enterFor(t, p, contest)).ok).toBe(true);
    expect(
      await prisma.submission.count({ where: { contestId: contest.id, entrantId: t.user.id } }),
    ).toBe(30);
    const permissions = await prisma.consentAttestation.count({
      where: { contestId: contest.id, kind: "parental_permission" },
    });
    expect(permissions).toBe(6 + 18);
    const after = await classContestRoster(t.classroom.id, contest);
    expect(after.every((p) => p.consent.ready)).toBe(true);
  }, 180_000);
});
