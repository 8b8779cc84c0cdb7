import { sessionStorage } from "~/features/accounts/session.server";
import { prisma } from "~/utils/db.server";

const DAY = 86_400_000;

/** A signed-in user's Cookie header value, made as the site makes it: a Session row and its cookie. */
export async function cookieFor(userId: string) {
  const row = await prisma.session.create({
    data: { userId, expiresAt: new Date(Date.now() + 30 * DAY) },
    select: { id: true },
  });
  const session = await sessionStorage().getSession();
  session.set("sessionId", row.id);
  return (await sessionStorage().commitSession(session)).split(";")[0]!;
}
