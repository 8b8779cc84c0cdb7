// The test mailbox (docs/decisions/0043-test-mailbox.md): with no e-mail provider in test mode,
// every message the site would have sent is kept whole here, its one-time links working, so the
// quick start's parents, judges and writers can follow them. Never on a real site: the setting
// is refused on Fly and with an e-mail provider (env.server.ts).
import { prisma } from "./db.server";

const PAGE = 50;

/** The newest messages first, to one address when `to` is given. */
export async function testMailboxMessages(to: string | null) {
  return prisma.testMailMessage.findMany({
    where: to ? { to: { in: [...new Set([to, to.toLowerCase()])] } } : {},
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: PAGE,
    select: { id: true, to: true, subject: true, createdAt: true },
  });
}

export async function testMailboxMessage(id: string) {
  return prisma.testMailMessage.findUnique({ where: { id } });
}
