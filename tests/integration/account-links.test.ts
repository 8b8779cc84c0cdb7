import { describe, expect, test } from "vitest";
import { exportUserData } from "~/features/accounts/data-export.server";
import {
  changePassword,
  confirmEmailChange,
  requestEmailChange,
  resetPassword,
} from "~/features/accounts/credentials.server";
import {
  HOUR,
  issueToken,
  redeemToken,
  TOKEN_TYPES,
} from "~/features/accounts/one-time-tokens.server";
import { answerConsent, sendConsentRequest } from "~/features/accounts/parental-consent.server";
import { refusalToast } from "~/utils/action.server";
import { PleaseWait } from "~/utils/domain-error";
import { getToast } from "~/utils/toast.server";
import { prisma } from "~/utils/db.server";

const DAY = 86_400_000;
let n = 0;
const user = (extra: Record<string, unknown> = {}) =>
  prisma.user.create({
    data: { email: `u${n++}-${Date.now()}@example.com`, displayName: "Writer", ...extra },
  });

describe("one-time links", () => {
  test("work once, even when redeemed twice at the same moment, and not after expiry", async () => {
    const u = await user();
    const now = new Date();
    const token = await issueToken({
      type: TOKEN_TYPES.passwordReset,
      userId: u.id,
      ttlMs: HOUR,
      now,
    });
    const [a, b] = await Promise.all([
      redeemToken(TOKEN_TYPES.passwordReset, token, now),
      redeemToken(TOKEN_TYPES.passwordReset, token, now),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);

    const late = await issueToken({
      type: TOKEN_TYPES.passwordReset,
      userId: u.id,
      ttlMs: HOUR,
      now,
    });
    expect(
      await redeemToken(TOKEN_TYPES.passwordReset, late, new Date(now.getTime() + 2 * HOUR)),
    ).toBeNull();
    // A link of another kind is not accepted for this one.
    expect(await redeemToken(TOKEN_TYPES.emailChange, late, now)).toBeNull();
  });

  test("a new link replaces the earlier unused one", async () => {
    const u = await user();
    const first = await issueToken({ type: TOKEN_TYPES.passwordReset, userId: u.id, ttlMs: HOUR });
    const second = await issueToken({ type: TOKEN_TYPES.passwordReset, userId: u.id, ttlMs: HOUR });
    expect(await redeemToken(TOKEN_TYPES.passwordReset, first)).toBeNull();
    expect(await redeemToken(TOKEN_TYPES.passwordReset, second)).not.toBeNull();
  });
});

describe("passwords and e-mail", () => {
  test("a reset sets the password and ends every session; the link cannot be reused", async () => {
    const u = await user({ password: { create: { hash: "old" } } });
    await prisma.session.createMany({
      data: [1, 2].map(() => ({ userId: u.id, expiresAt: new Date(Date.now() + DAY) })),
    });
    const token = await issueToken({ type: TOKEN_TYPES.passwordReset, userId: u.id, ttlMs: HOUR });
    await resetPassword(token, "brand-new");
    const row = await prisma.password.findUniqueOrThrow({ where: { userId: u.id } });
    expect(row.hash).not.toBe("old");
    expect(await prisma.session.count({ where: { userId: u.id } })).toBe(0);
    await expect(resetPassword(token, "again-new")).rejects.toThrow(/expired or was already used/);
  });

  test("change password keeps the current session only, and checks the current password", async () => {
    const u = await user();
    const token = await issueToken({ type: TOKEN_TYPES.passwordReset, userId: u.id, ttlMs: HOUR });
    await resetPassword(token, "first-secret");
    const keep = await prisma.session.create({
      data: { userId: u.id, expiresAt: new Date(Date.now() + DAY) },
    });
    await prisma.session.create({ data: { userId: u.id, expiresAt: new Date(Date.now() + DAY) } });
    await expect(
      changePassword({ userId: u.id, currentPassword: "wrong", newPassword: "second" }),
    ).rejects.toMatchObject({ field: "currentPassword" });
    await changePassword({
      userId: u.id,
      currentPassword: "first-secret",
      newPassword: "second-secret",
      keepSessionId: keep.id,
    });
    const left = await prisma.session.findMany({ where: { userId: u.id }, select: { id: true } });
    expect(left).toEqual([{ id: keep.id }]);
  });

  test("an e-mail change happens only through the link, and never onto a taken address", async () => {
    const u = await user();
    const other = await user();
    await expect(requestEmailChange(u.id, other.email)).rejects.toMatchObject({
      field: "newEmail",
    });
    const next = `next-${Date.now()}@example.com`;
    await requestEmailChange(u.id, next);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: u.id } })).email).not.toBe(next);
    const link = await prisma.verification.findFirstOrThrow({
      where: { userId: u.id, type: TOKEN_TYPES.emailChange },
    });
    expect(link.target).toBe(next);
    // The raw token is only in the e-mail; the log keeps the text with the link.
    const mail = await prisma.emailLog.findFirstOrThrow({
      where: { to: next },
      orderBy: { createdAt: "desc" },
    });
    const token = mail.body?.match(/\/account\/email\/([A-Za-z0-9_-]+)/)?.[1] ?? "";
    await confirmEmailChange(token);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: u.id } })).email).toBe(next);
  });
});

describe("parental consent", () => {
  test("re-sending is limited, agreeing records consent, declining deletes the account", async () => {
    const child = await user({
      dateOfBirth: new Date(Date.now() - 9 * 365 * DAY),
      parentEmail: `parent-${Date.now()}@example.com`,
    });
    const now = new Date();
    expect((await sendConsentRequest(child.id, { now })).sent).toBe(true);
    // The refusal says honestly when the next e-mail can go, under "Please wait", not "Error".
    const refusal = await sendConsentRequest(child.id, {
      now: new Date(now.getTime() + 60_000),
      resend: true,
    }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(PleaseWait);
    expect((refusal as Error).message).toBe(
      "We have just sent the e-mail. You can send another in 4 minutes.",
    );
    const redirect = await refusalToast("/dashboard", refusal);
    const cookie = redirect.headers.get("Set-Cookie")!.split(";")[0];
    const { toast } = await getToast(
      new Request("http://localhost/dashboard", { headers: { Cookie: cookie } }),
    );
    expect(toast).toMatchObject({
      type: "info",
      title: "Please wait",
      description: "We have just sent the e-mail. You can send another in 4 minutes.",
    });
    expect(
      (await sendConsentRequest(child.id, { now: new Date(now.getTime() + HOUR), resend: true }))
        .sent,
    ).toBe(true);

    const token = await issueToken({
      type: TOKEN_TYPES.parentalConsent,
      userId: child.id,
      ttlMs: 14 * DAY,
    });
    expect(await answerConsent(token, "agree")).toBe("agreed");
    expect(
      (await prisma.user.findUniqueOrThrow({ where: { id: child.id } })).parentConsentAt,
    ).not.toBeNull();

    const other = await user({
      dateOfBirth: new Date(Date.now() - 8 * 365 * DAY),
      parentEmail: "p@example.com",
    });
    const no = await issueToken({
      type: TOKEN_TYPES.parentalConsent,
      userId: other.id,
      ttlMs: DAY,
    });
    expect(await answerConsent(no, "decline")).toBe("declined");
    expect(await prisma.user.count({ where: { id: other.id } })).toBe(0);
  });
});

describe("download my data", () => {
  test("has the entries, and scores only once results are out, never naming the judge", async () => {
    const writer = await user();
    const judge = await user({ displayName: "Secret Judge Name" });
    const base = Date.now();
    const contest = await prisma.contest.create({
      data: {
        slug: `data-${base}`,
        title: "Data contest",
        description: "A contest for testing",
        submissionsOpen: new Date(base - 30 * DAY),
        submissionsClose: new Date(base - 20 * DAY),
        judgingOpen: new Date(base - 19 * DAY),
        judgingClose: new Date(base - 10 * DAY),
        resultsAt: new Date(base + DAY),
      },
    });
    const rubric = await prisma.rubric.create({
      data: {
        name: "R",
        contestId: contest.id,
        criteria: JSON.stringify([
          { key: "voice", label: "Voice", maxPoints: 10, weight: 1, requireComment: false },
        ]),
      },
    });
    const entry = await prisma.submission.create({
      data: {
        contestId: contest.id,
        entrantId: writer.id,
        title: "Mine",
        body: "text",
        status: "submitted",
      },
    });
    const assignment = await prisma.judgeAssignment.create({
      data: { contestId: contest.id, judgeId: judge.id, submissionId: entry.id },
    });
    await prisma.score.create({
      data: {
        assignmentId: assignment.id,
        rubricId: rubric.id,
        judgeId: judge.id,
        submissionId: entry.id,
        scores: JSON.stringify({ voice: 8 }),
        comment: "Lovely voice",
        total: 8,
        submittedAt: new Date(),
      },
    });
    const before = await exportUserData(writer.id, new Date(base));
    expect(before.entries[0].title).toBe("Mine");
    expect(typeof before.entries[0].results).toBe("string");
    const after = await exportUserData(writer.id, new Date(base + 2 * DAY));
    expect(after.entries[0].results).toEqual([
      {
        judge: "Judge 1",
        total: 8,
        comment: "Lovely voice",
        criteria: [{ criterion: "Voice", score: 8, outOf: 10 }],
      },
    ]);
    expect(JSON.stringify(after)).not.toContain("Secret Judge Name");
  });
});
