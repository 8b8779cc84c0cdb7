import { describe, expect, test } from "vitest";
import { deleteAccount } from "~/features/privacy/account-deletion.server";
import { prisma } from "~/utils/db.server";

const DAY = 86_400_000;

async function contest(slug: string, resultsOffsetDays: number) {
  const base = Date.now();
  return prisma.contest.create({
    data: {
      slug,
      title: slug,
      description: "A contest for testing",
      submissionsOpen: new Date(base - 30 * DAY),
      submissionsClose: new Date(base - 20 * DAY),
      judgingOpen: new Date(base - 19 * DAY),
      judgingClose: new Date(base - 10 * DAY),
      resultsAt: new Date(base + resultsOffsetDays * DAY),
    },
  });
}

describe("deleting an account", () => {
  test("a writer with no published results is removed entirely", async () => {
    const user = await prisma.user.create({
      data: { email: "gone@example.com", displayName: "Gone", password: { create: { hash: "x" } } },
    });
    const open = await contest("open-del", 5);
    await prisma.submission.create({
      data: {
        contestId: open.id,
        entrantId: user.id,
        title: "Draft",
        body: "text",
        status: "submitted",
      },
    });
    const result = await deleteAccount(user.id);
    expect(result).toEqual({ removed: 1, anonymised: 0 });
    expect(await prisma.user.count({ where: { id: user.id } })).toBe(0);
    expect(await prisma.submission.count({ where: { entrantId: user.id } })).toBe(0);
  });

  test("entries with published results keep only their title; personal data is removed", async () => {
    const user = await prisma.user.create({
      data: {
        email: "winner@example.com",
        displayName: "Winner",
        parentEmail: "p@example.com",
        password: { create: { hash: "x" } },
        sessions: { create: { expiresAt: new Date(Date.now() + DAY) } },
      },
    });
    const done = await contest("done-del", -1);
    const open = await contest("open-del-2", 5);
    const kept = await prisma.submission.create({
      data: {
        contestId: done.id,
        entrantId: user.id,
        title: "Prize story",
        body: "secret text",
        status: "submitted",
      },
    });
    await prisma.submission.create({
      data: {
        contestId: open.id,
        entrantId: user.id,
        title: "New story",
        body: "x",
        status: "submitted",
      },
    });
    expect(await deleteAccount(user.id)).toEqual({ removed: 1, anonymised: 1 });
    const row = await prisma.user.findUniqueOrThrow({
      where: { id: user.id },
      include: { password: true, sessions: true },
    });
    expect(row).toMatchObject({
      displayName: "Deleted account",
      parentEmail: null,
      dateOfBirth: null,
      password: null,
      sessions: [],
    });
    expect(row.email).not.toContain("winner");
    expect(await prisma.submission.findUniqueOrThrow({ where: { id: kept.id } })).toMatchObject({
      title: "Prize story",
      body: null,
    });
  });
});
