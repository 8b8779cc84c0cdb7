/**
 * Signing in while another process holds the database's write lock (SQLite) or the account's row
 * (PostgreSQL): the sign-in waits its turn and starts its session, instead of answering "The site
 * is busy" (a class signing in together on one school network).
 */
import { expect, test } from "vitest";
import { startSession } from "~/features/accounts/session.server";
import { prisma } from "~/utils/db.server";
import { adultWriters, holdWrites } from "./entry-fixtures";

test("a sign-in that meets a busy database waits, then starts one session", async () => {
  const [writer] = await adultWriters(1, `busy-sign-in-${Date.now().toString(36)}`, "Busy");
  const before = await prisma.session.count({ where: { userId: writer!.id } });
  const release = await holdWrites(writer!.id);
  const signingIn = startSession(new Request("http://inkwell.test/login"), writer!.id);
  await new Promise((resolve) => setTimeout(resolve, 300));
  await release();
  expect(await signingIn).toMatch(/^en_session=/);
  expect(await prisma.session.count({ where: { userId: writer!.id } })).toBe(before + 1);
  const user = await prisma.user.findUniqueOrThrow({ where: { id: writer!.id } });
  expect(user.lastActiveAt).not.toBeNull();
}, 30_000);
