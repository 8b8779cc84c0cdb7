import { describe, expect, test } from "vitest";
import { prisma } from "~/utils/db.server";
import { userIdForGoogleProfile, verifyLogin } from "~/features/accounts/auth.server";
import {
  ACCOUNT_FAILURE_FACTOR,
  clearLoginFailures,
  consumeSignUp,
  loginRetryAfter,
  recordLoginFailure,
  tooManySignUpsMessage,
} from "~/features/accounts/rate-limit.server";
import { createAccount, EmailTaken } from "~/features/accounts/users.server";
import { getSessionAccount, getSessionId } from "~/features/accounts/session.server";
import { cookieFor } from "./session-cookie";

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
    ).rejects.toBeInstanceOf(EmailTaken);
    // Neutral, never the e-mail's local part (a child's e-mail can hold a name and birth year).
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).displayName).toMatch(
      /^Writer \d{4}$/,
    );
    const named = await createAccount({
      email: "emma.smith2014@example.com",
      password: "secret1",
      displayName: "  Em  ",
      dateOfBirth: new Date("2014-01-01"),
    });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: named.id } })).displayName).toBe(
      "Em",
    );
  });

  test("a Google identity links to the account with the same e-mail, once", async () => {
    const user = await createAccount({
      email: "linked@example.com",
      password: "secret1",
      dateOfBirth: new Date("2000-01-01"),
    });
    expect(await userIdForGoogleProfile("g-123", "Linked@Example.com")).toBe(user.id);
    expect(await userIdForGoogleProfile("g-123", "linked@example.com")).toBe(user.id);
    expect(await prisma.connection.count({ where: { userId: user.id } })).toBe(1);
    // A new account from Google gets the neutral name, not the profile's name or the e-mail.
    const fresh = await userIdForGoogleProfile("g-999", "new.person2014@example.com");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: fresh } })).displayName).toMatch(
      /^Writer \d{4}$/,
    );
  });
});

describe("sign-in rate limiting", () => {
  test("failures per e-mail block that e-mail from that address, not its owner elsewhere", async () => {
    for (let i = 0; i < 5; i++) await recordLoginFailure("victim@example.com", "10.0.0.1");
    expect(await loginRetryAfter("victim@example.com", "10.0.0.1")).toBeGreaterThan(0);
    // A stranger cannot lock the owner out from another network.
    expect(await loginRetryAfter("victim@example.com", "10.0.0.2")).toBe(0);
    expect(await loginRetryAfter("other@example.com", "10.0.0.1")).toBe(0);
    await clearLoginFailures("victim@example.com", "10.0.0.1");
    expect(await loginRetryAfter("victim@example.com", "10.0.0.1")).toBe(0);
  });
  test("refuses after repeated failures from one address across e-mails", async () => {
    for (let i = 0; i < 100; i++) await recordLoginFailure(`user${i}@example.com`, "10.9.9.9");
    expect(await loginRetryAfter("fresh@example.com", "10.9.9.9")).toBeGreaterThan(0);
    expect(await loginRetryAfter("fresh@example.com", "10.9.9.8")).toBe(0);
  });
  test("one e-mail guessed from many addresses is blocked everywhere at the account limit", async () => {
    const limit = 5 * ACCOUNT_FAILURE_FACTOR;
    for (let i = 0; i < limit; i++)
      await recordLoginFailure("target@example.com", `10.1.${Math.floor(i / 200)}.${i % 200}`);
    expect(await loginRetryAfter("target@example.com", "192.0.2.1")).toBeGreaterThan(0);
  });
  test("an IPv6 /64 counts as one address", async () => {
    for (let i = 0; i < 100; i++)
      await recordLoginFailure(`v6-${i}@example.com`, `2001:db8:1:2::${i.toString(16)}`);
    expect(await loginRetryAfter("fresh6@example.com", "2001:db8:1:2:ffff::1")).toBeGreaterThan(0);
    expect(await loginRetryAfter("fresh6@example.com", "2001:db8:1:3::1")).toBe(0);
  });
});

describe("sign-up rate limiting", () => {
  test("an address may start ten sign-ups an hour", async () => {
    for (let i = 0; i < 10; i++) expect(await consumeSignUp("10.7.7.7")).toBe(0);
    const wait = await consumeSignUp("10.7.7.7");
    expect(wait).toBeGreaterThan(0);
    expect(tooManySignUpsMessage(wait)).toMatch(
      /^Too many sign-ups from your network\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(await consumeSignUp("10.7.7.8")).toBe(0);
  });
});

describe("the session cookie", () => {
  const asked = (cookie: string) => new Request("http://localhost/", { headers: { cookie } });

  test("a cookie read before reads the same; a changed or unsigned one never does", async () => {
    const user = await createAccount({
      email: "cookie@example.com",
      password: "secret1",
      dateOfBirth: new Date("2000-01-01"),
    });
    const cookie = await cookieFor(user.id);
    const [name, value] = cookie.split("=") as [string, string];
    const id = await getSessionId(asked(cookie));
    expect(id).toMatch(/\S/);
    // Read again (from the kept reading, ADR 0083): the same id, also beside another cookie.
    expect(await getSessionId(asked(cookie))).toBe(id);
    expect(await getSessionId(asked(`${cookie}; en_toast=x`))).toBe(id);
    expect(await getSessionId(asked(`other=1; ${cookie}`))).toBe(id);
    // Only the first session cookie counts, as the cookie parser reads the header.
    expect(await getSessionId(asked(`${name}=${value.split(".")[0]}; ${cookie}`))).toBeUndefined();
    // A signature that does not match, or a value without one, reads as no session.
    const tampered = `${name}=${value.slice(0, -2)}${value.endsWith("A") ? "B" : "A"}`;
    expect(await getSessionId(asked(tampered))).toBeUndefined();
    expect(await getSessionId(asked(`${name}=${value.split(".")[0]}`))).toBeUndefined();
    expect(await getSessionId(asked("other=1"))).toBeUndefined();
    // The kept reading is only the id: a session ended in the database is over at once.
    expect((await getSessionAccount(asked(cookie)))?.id).toBe(user.id);
    await prisma.session.deleteMany({ where: { id } });
    expect(await getSessionAccount(asked(cookie))).toBeNull();
  });
});
