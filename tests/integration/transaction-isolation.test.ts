/**
 * Another request's statements never run inside an open interactive transaction
 * (docs/decisions/0087-statements-beside-a-transaction.md). On SQLite the client has one
 * connection: a write made beside a transaction that then rolled back used to be rolled back with
 * it (its request had answered success), and a read beside it saw its uncommitted rows.
 */
import { describe, expect, test } from "vitest";
import { engine, prisma } from "~/utils/db.server";
import { readRows } from "~/utils/db-read.server";

const stamp = `${Date.now().toString(36)}-${process.pid}`;

async function twoUsers(tag: string) {
  return Promise.all(
    ["a", "b"].map((k) =>
      prisma.user.create({
        data: { email: `iso-${tag}-${k}-${stamp}@example.test`, displayName: `Before ${k}` },
      }),
    ),
  );
}

/** A transaction that writes `a`, then waits for `release`, then rolls back (or commits). */
function heldTransaction(aId: string, outcome: "rollback" | "commit") {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const open = new Promise<void>((resolve) => (started = resolve));
  const done = prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id: aId }, data: { displayName: "Uncommitted" } });
    // Work inside the transaction that uses the global client and its direct reads is part of
    // the transaction, as before: it does not wait for itself.
    const inside = await readRows<{
      displayName: string;
    }>`SELECT "displayName" FROM "User" WHERE "id" = ${aId}`;
    expect(inside[0]!.displayName).toBe("Uncommitted");
    started();
    await held;
    if (outcome === "rollback") throw new Error("rolled back");
  });
  return { open, release, done };
}

describe("beside an open interactive transaction", () => {
  test("a write is kept when the transaction rolls back; reads see only what was committed", async () => {
    const [a, b] = await twoUsers("rb");
    const t = heldTransaction(a!.id, "rollback");
    await t.open;
    // Another request, meanwhile: a write of its own and two reads.
    const write = prisma.user.update({ where: { id: b!.id }, data: { displayName: "Kept" } });
    const read = readRows<{
      displayName: string;
    }>`SELECT "displayName" FROM "User" WHERE "id" = ${a!.id}`;
    const viaClient = prisma.user.findUniqueOrThrow({ where: { id: a!.id } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    t.release();
    await expect(t.done).rejects.toThrow("rolled back");
    await write;
    expect((await read)[0]!.displayName).toBe("Before a");
    expect((await viaClient).displayName).toBe("Before a");
    const after = await prisma.user.findMany({
      where: { id: { in: [a!.id, b!.id] } },
      orderBy: { email: "asc" },
    });
    expect(after.map((u) => u.displayName)).toEqual(["Before a", "Kept"]);
  });

  test("a read beside a transaction that commits sees the committed rows, and nothing waits for ever", async () => {
    const [a, b] = await twoUsers("c");
    const t = heldTransaction(a!.id, "commit");
    await t.open;
    const read = readRows<{
      displayName: string;
    }>`SELECT "displayName" FROM "User" WHERE "id" = ${a!.id}`;
    const write = prisma.user.update({ where: { id: b!.id }, data: { displayName: "Also" } });
    setTimeout(t.release, 50);
    await t.done;
    // SQLite: the read waited for the COMMIT; PostgreSQL: it read the last committed rows at once.
    expect((await read)[0]!.displayName).toBe(engine === "sqlite" ? "Uncommitted" : "Before a");
    await write;
    // A second transaction right after: statements beside it still go on.
    await prisma.$transaction(async (tx) => {
      await tx.user.update({ where: { id: a!.id }, data: { displayName: "Second" } });
    });
    const rows = await prisma.user.findMany({
      where: { id: { in: [a!.id, b!.id] } },
      orderBy: { email: "asc" },
    });
    expect(rows.map((u) => u.displayName)).toEqual(["Second", "Also"]);
  });
});
