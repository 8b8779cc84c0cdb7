import { describe, expect, test } from "vitest";
import { prisma } from "~/utils/db.server";
import { userIdForGoogleProfile, verifyLogin } from "~/features/accounts/auth.server";
import {
  clearLoginFailures,
  loginRetryAfter,
  recordLoginFailure,
} from "~/features/accounts/rate-limit.server";
import { createAccount, EmailTakenError } from "~/features/accounts/users.server";

describe("accounts", () => {
  test("passwords are hashed and verified; wrong ones fail", async () => {
    const user = await createAccount({
      email: "Pat@Example.com",
      password: "secret1",
      dateOfBirth: new Date("2000-01-01"),
    });
    const row = await prisma.password.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row.hash).not.toContain("secret1");
    expect(await verifyLogin("pat@example.com", "secret1")).toBe(user.id);
    expect(await verifyLogin("pat@example.com", "secret2")).toBeNull();
    expect(await verifyLogin("nobody@example.com", "secret1")).toBeNull();
    await expect(
      createAccount({ email: "pat@example.com", password: "x".repeat(6), dateOfBirth: new Date() }),
    ).rejects.toBeInstanceOf(EmailTakenError);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).displayName).toBe(
      "pat",
    );
  });

  test("a Google identity links to the account with the same e-mail, once", async () => {
    const user = await createAccount({
      email: "linked@example.com",
      password: "secret1",
      dateOfBirth: new Date("2000-01-01"),
    });
    expect(await userIdForGoogleProfile("g-123", "Linked@Example.com", "L")).toBe(user.id);
    expect(await userIdForGoogleProfile("g-123", "linked@example.com", "L")).toBe(user.id);
    expect(await prisma.connection.count({ where: { userId: user.id } })).toBe(1);
    const fresh = await userIdForGoogleProfile("g-999", "new@example.com", "New Person");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: fresh } })).displayName).toBe(
      "New Person",
    );
  });
});

describe("sign-in rate limiting", () => {
  test("refuses after repeated failures per e-mail, not for other e-mails", async () => {
    for (let i = 0; i < 5; i++) await recordLoginFailure("victim@example.com", "10.0.0.1");
    expect(await loginRetryAfter("victim@example.com", "10.0.0.2")).toBeGreaterThan(0);
    expect(await loginRetryAfter("other@example.com", "10.0.0.2")).toBe(0);
    await clearLoginFailures("victim@example.com");
    expect(await loginRetryAfter("victim@example.com", "10.0.0.2")).toBe(0);
  });
  test("refuses after repeated failures from one address across e-mails", async () => {
    for (let i = 0; i < 30; i++) await recordLoginFailure(`user${i}@example.com`, "10.9.9.9");
    expect(await loginRetryAfter("fresh@example.com", "10.9.9.9")).toBeGreaterThan(0);
    expect(await loginRetryAfter("fresh@example.com", "10.9.9.8")).toBe(0);
  });
});
