// scripts/make-admin.mjs: the first admin of a new deployment (docs/deployment.md), on the
// engine of the run (SQLite, or PostgreSQL with TEST_DATABASE=postgres).
import { describe, expect, test } from "vitest";
import { createAccount } from "~/features/accounts/users.server";
import { prisma } from "~/utils/db.server";
import { makeAdmin } from "../../scripts/make-admin.mjs";

describe("make-admin", () => {
  test("grants the admin role to an account that signed up, once; refuses an unknown address", async () => {
    const user = await createAccount({
      email: "organiser@example.org",
      password: "organiser-1",
      dateOfBirth: new Date("1990-01-01"),
    });
    const url = process.env.DATABASE_URL!;
    expect(await makeAdmin(url, " Organiser@Example.org ")).toBe("granted");
    expect(await makeAdmin(url, "organiser@example.org")).toBe("already");
    expect(await makeAdmin(url, "nobody@example.org")).toBe("no-account");
    const roles = await prisma.userRole.findMany({ where: { userId: user.id } });
    expect(roles.map((r) => r.role)).toEqual(["admin"]);
    // Prisma reads the row's date as written by the script.
    expect(roles[0].createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});
