import { linkToken } from "./inbox";
import { describe, expect, test } from "vitest";
import { exportUserData } from "~/features/privacy/data-export.server";
import {
  cancelEmailChange,
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
import { hashPassword } from "~/features/accounts/auth.server";
import { answerConsent, sendConsentRequest } from "~/features/privacy/parental-consent.server";
import { answerRefusal } from "~/utils/action.server";
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
    const u = await user({ password: { create: { hash: await hashPassword("pw-123456") } } });
    const other = await user();
    const pw = { currentPassword: "pw-123456" };
    await expect(requestEmailChange(u.id, other.email, pw)).rejects.toMatchObject({
      field: "newEmail",
    });
    const next = `next-${Date.now()}@example.com`;
    await requestEmailChange(u.id, next, pw);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: u.id } })).email).not.toBe(next);
    const link = await prisma.verification.findFirstOrThrow({
      where: { userId: u.id, type: TOKEN_TYPES.emailChange },
    });
    expect(link.target).toBe(next);
    // The raw token is only in the e-mail; the log keeps the text with the link redacted.
    const mail = await prisma.emailLog.findFirstOrThrow({
      where: { to: next },
      orderBy: { createdAt: "desc" },
    });
    expect(mail.body).toContain("/account/email/[redacted]");
    const token = linkToken(next, "account/email");
    expect(mail.body).not.toContain(token);
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
    const redirect = await answerRefusal(refusal, { redirectTo: "/dashboard" });
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

/** docs/decisions/0025-accounts-and-tokens.md */
describe("e-mail change safety", () => {
  const secret = "pw-secret-1";
  const withPassword = async (extra: Record<string, unknown> = {}) =>
    user({ password: { create: { hash: await hashPassword(secret) } }, ...extra });
  const pendingChanges = (userId: string) =>
    prisma.verification.count({
      where: { userId, type: TOKEN_TYPES.emailChange, usedAt: null },
    });

  test("asks for the current password; a Google-only account needs a recent sign-in", async () => {
    const u = await withPassword();
    const next = `pw-${Date.now()}@example.com`;
    await expect(requestEmailChange(u.id, next)).rejects.toMatchObject({
      field: "currentPassword",
    });
    await expect(
      requestEmailChange(u.id, next, { currentPassword: "wrong-one" }),
    ).rejects.toMatchObject({ field: "currentPassword" });
    expect(await pendingChanges(u.id)).toBe(0);
    await requestEmailChange(u.id, next, { currentPassword: secret });
    expect(await pendingChanges(u.id)).toBe(1);

    const google = await user({
      connections: { create: { providerName: "google", providerId: `g-${Date.now()}` } },
    });
    const old = await prisma.session.create({
      data: {
        userId: google.id,
        expiresAt: new Date(Date.now() + DAY),
        createdAt: new Date(Date.now() - 60 * 60 * 1000),
      },
    });
    await expect(
      requestEmailChange(google.id, `g1-${Date.now()}@example.com`, { sessionId: old.id }),
    ).rejects.toThrow(/sign in with Google again/);
    const fresh = await prisma.session.create({
      data: { userId: google.id, expiresAt: new Date(Date.now() + DAY) },
    });
    await requestEmailChange(google.id, `g2-${Date.now()}@example.com`, { sessionId: fresh.id });
    expect(await pendingChanges(google.id)).toBe(1);
  });

  test("the old address and a young writer's parent are told; their link stops the change", async () => {
    const parent = `parent-${Date.now()}@example.com`;
    const child = await withPassword({
      dateOfBirth: new Date(Date.now() - 10 * 365 * DAY),
      parentEmail: parent,
    });
    const session = await prisma.session.create({
      data: { userId: child.id, expiresAt: new Date(Date.now() + DAY) },
    });
    const next = `taken-over-${Date.now()}@example.com`;
    await requestEmailChange(child.id, next, { currentPassword: secret });
    const confirm = linkToken(next, "account/email");
    const fromOld = linkToken(child.email, "account/email-cancel");
    const fromParent = linkToken(parent, "account/email-cancel");
    expect(fromOld).not.toBe("");
    expect(fromParent).toBe(fromOld);
    const notice = await prisma.emailLog.findFirstOrThrow({
      where: { to: child.email, template: "email-change-notice" },
    });
    expect(notice.body).toContain(next);
    expect(notice.body).toContain("/account/email-cancel/[redacted]");

    expect(await cancelEmailChange(fromParent)).toMatchObject({ email: child.email });
    await expect(confirmEmailChange(confirm)).rejects.toThrow(/expired or was already used/);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: child.id } })).email).toBe(
      child.email,
    );
    expect(await prisma.session.findUnique({ where: { id: session.id } })).toBeNull();
    // Once.
    expect(await cancelEmailChange(fromOld)).toBeNull();
  });

  test("a change already confirmed is undone by the old address's link", async () => {
    const u = await withPassword();
    const next = `quick-${Date.now()}@example.com`;
    await requestEmailChange(u.id, next, { currentPassword: secret });
    await confirmEmailChange(linkToken(next, "account/email"));
    expect((await prisma.user.findUniqueOrThrow({ where: { id: u.id } })).email).toBe(next);
    await cancelEmailChange(linkToken(u.email, "account/email-cancel"));
    expect((await prisma.user.findUniqueOrThrow({ where: { id: u.id } })).email).toBe(u.email);
  });

  test("a password reset or a password change ends a pending e-mail change", async () => {
    const u = await withPassword();
    const next = `pending-${Date.now()}@example.com`;
    await requestEmailChange(u.id, next, { currentPassword: secret });
    const confirm = linkToken(next, "account/email");
    const reset = await issueToken({ type: TOKEN_TYPES.passwordReset, userId: u.id, ttlMs: HOUR });
    await resetPassword(reset, "brand-new-pass");
    await expect(confirmEmailChange(confirm)).rejects.toThrow(/expired or was already used/);

    const next2 = `pending2-${Date.now()}@example.com`;
    await requestEmailChange(u.id, next2, { currentPassword: "brand-new-pass" });
    const confirm2 = linkToken(next2, "account/email");
    await changePassword({
      userId: u.id,
      currentPassword: "brand-new-pass",
      newPassword: "another-new-pass",
    });
    await expect(confirmEmailChange(confirm2)).rejects.toThrow(/expired or was already used/);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: u.id } })).email).toBe(u.email);
  });
});
