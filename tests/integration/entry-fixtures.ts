/**
 * An open contest, adult writers signed in, and a typed entry posted to the entry form's action as
 * the browser sends it: shared by the tests of a writer's own entry and its direct write.
 */
import Database from "better-sqlite3";
import pg from "pg";
import { inRequestStore } from "~/utils/access-log";
import { engine, prisma } from "~/utils/db.server";
import { cookieFor } from "./session-cookie";

type Action = (args: {
  request: Request;
  params: Record<string, string>;
  context: object;
}) => unknown;
/** The entry form's route module, its action called as Remix calls it. */
export const enter = (await import("~/routes/_public+/contests.$slug.enter")) as unknown as {
  action: Action;
};

const DAY = 86_400_000;

/** A published contest taking entries now (judging a month on), with the given settings. */
export function openContest(data: {
  slug: string;
  title: string;
  entriesPerWriter: number;
  entryFeeCents?: number;
}) {
  const now = Date.now();
  return prisma.contest.create({
    data: {
      description: "Open",
      isPublished: true,
      wordMin: 10,
      wordMax: 2500,
      submissionsOpen: new Date(now - DAY),
      submissionsClose: new Date(now + 30 * DAY),
      judgingOpen: new Date(now + 31 * DAY),
      judgingClose: new Date(now + 40 * DAY),
      resultsAt: new Date(now + 50 * DAY),
      ...data,
    },
    select: { id: true, slug: true },
  });
}

/** `count` adult writers, each with a signed-in session cookie. */
export async function adultWriters(count: number, tag: string, name: string) {
  const writers: { id: string; cookie: string }[] = [];
  for (let i = 0; i < count; i++) {
    const user = await prisma.user.create({
      data: {
        email: `${tag}${i}@${tag}.test`,
        displayName: `${name} ${i}`,
        dateOfBirth: new Date("1990-01-01T00:00:00Z"),
      },
      select: { id: true },
    });
    writers.push({ id: user.id, cookie: await cookieFor(user.id) });
  }
  return writers;
}

/** A typed entry of 40 words, every box ticked, posted by `cookie`'s writer to the contest. */
export function postEntry(slug: string, cookie: string, title: string) {
  const form = new FormData();
  const fields = {
    title,
    body: Array.from({ length: 40 }, (_, w) => ["river", "lamp", "stone"][w % 3]).join(" "),
    confirmOriginal: "on",
    confirmEligible: "on",
    confirmRules: "on",
    confirmAnonymous: "on",
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return inRequestStore(() =>
    enter.action({
      request: new Request(`http://inkwell.test/contests/${slug}/enter`, {
        method: "POST",
        headers: { cookie, origin: "http://inkwell.test" },
        body: form,
      }),
      params: { slug },
      context: {},
    }),
  );
}

/**
 * Holds what a write waits for until `release`: SQLite's write lock from another connection, or
 * on PostgreSQL the row `id` of `table` (the writer's account by default) locked by another
 * session.
 */
export async function holdWrites(id: string, table = "User") {
  if (engine === "sqlite") {
    const other = new Database(process.env.DATABASE_URL!.slice("file:".length));
    other.exec("BEGIN IMMEDIATE");
    return async () => {
      other.exec("ROLLBACK");
      other.close();
    };
  }
  const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await other.connect();
  await other.query("BEGIN");
  await other.query(`SELECT 1 FROM "${table}" WHERE "id" = $1 FOR UPDATE`, [id]);
  return async () => {
    await other.query("ROLLBACK");
    await other.end();
  };
}
