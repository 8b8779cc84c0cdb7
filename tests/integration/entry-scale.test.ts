/**
 * Entering a big contest costs what entering a small one does (docs/decisions/0066-entry-at-scale.md):
 * the enter page (its form, and its submit as the deadline rush sends it) reads the writer's own
 * entries and pupils by their indexes, never the contest's entries or the site's pupils. Asked of
 * each engine's own plan of every statement the page sent: SQLite's EXPLAIN QUERY PLAN (no scan
 * of Submission or Pupil, no walk of a contest's entries) and PostgreSQL's EXPLAIN ANALYZE (the
 * rows it read from those tables). The contest has 1,500 counted entries and the site 300 pupils
 * without an account: the entry-limit count walked them all before the fix.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { engine, observeSql, prisma, type SqlEvent } from "~/utils/db.server";
import { inRequestStore } from "~/utils/access-log";
import { entriesLeftFor } from "~/features/entries/entry-limit.server";
import { cookieFor } from "./session-cookie";
import { pgPlan, planNodes, sqlitePlan } from "./plans";

type Args = { request: Request; params: Record<string, string>; context: object };
const enter = (await import("~/routes/_public+/contests.$slug.enter")) as unknown as {
  loader: (args: Args) => unknown;
  action: (args: Args) => unknown;
};

const DAY = 86_400_000;
const ENTRIES = 1_500;
const PUPILS = 300;
const TABLES = ["Submission", "Pupil"];
let slug = "";
let contestId = "";
let writer = "";
let cookie = "";

beforeAll(async () => {
  const now = Date.now();
  const stamp = `${now.toString(36)}-${process.pid}`;
  const contest = await prisma.contest.create({
    data: {
      slug: `entry-scale-${stamp}`,
      title: "A big contest",
      description: "Open, with many entries",
      isPublished: true,
      wordMin: 10,
      wordMax: 2500,
      entriesPerWriter: 3,
      submissionsOpen: new Date(now - DAY),
      submissionsClose: new Date(now + 30 * DAY),
      judgingOpen: new Date(now + 31 * DAY),
      judgingClose: new Date(now + 40 * DAY),
      resultsAt: new Date(now + 50 * DAY),
    },
    select: { id: true, slug: true },
  });
  [slug, contestId] = [contest.slug, contest.id];
  const others = Array.from({ length: ENTRIES }, (_, i) => ({
    id: `es${i}-${stamp}`,
    email: `es${i}-${stamp}@scale.test`,
    displayName: `Writer ${i}`,
  }));
  writer = `esw-${stamp}`;
  const teacher = `est-${stamp}`;
  await prisma.user.createMany({
    data: [
      ...others,
      {
        id: writer,
        email: `${writer}@scale.test`,
        displayName: "The writer",
        dateOfBirth: new Date("1990-01-01T00:00:00Z"),
      },
      { id: teacher, email: `${teacher}@scale.test`, displayName: "The teacher" },
    ],
  });
  await prisma.submission.createMany({
    data: others.map((w, i) => ({
      contestId,
      entrantId: w.id,
      title: `Entry ${i}`,
      body: "A short story.",
      wordCount: 3,
      status: "submitted" as const,
    })),
  });
  // A class of 300 pupils, none with an account but the writer's: the writer's class entry counts.
  const school = await prisma.school.create({
    data: { name: `School ${stamp}`, city: "Town", country: "NZ" },
  });
  await prisma.educator.create({
    data: { userId: teacher, schoolId: school.id, role: "teacher", status: "approved" },
  });
  const classroom = await prisma.classroom.create({
    data: { educatorId: teacher, name: "Class", band: "Grade 5", size: 400, joinCode: stamp },
  });
  await prisma.pupil.createMany({
    data: Array.from({ length: PUPILS }, (_, i) => ({
      classroomId: classroom.id,
      firstName: `Pupil${i}`,
      lastInitial: "P",
      ...(i === 0 ? { userId: writer, joinedAt: new Date(now) } : {}),
    })),
  });
  const linked = await prisma.pupil.findFirstOrThrow({ where: { userId: writer } });
  await prisma.submission.create({
    data: {
      contestId,
      entrantId: teacher,
      pupilId: linked.id,
      title: "Sent by the class",
      body: "A class story.",
      wordCount: 3,
      status: "submitted",
    },
  });
  if (engine === "postgres") await prisma.$executeRawUnsafe(`VACUUM ANALYZE "Submission", "Pupil"`);
  else await prisma.$executeRawUnsafe(`ANALYZE`);
  cookie = await cookieFor(writer);
}, 240_000);

/** The statements one call of the page sent. */
async function sent(run: () => unknown) {
  const events: SqlEvent[] = [];
  const stop = observeSql((e) => events.push(e));
  try {
    return { result: await inRequestStore(async () => run()), events };
  } finally {
    stop();
  }
}

const request = (init: RequestInit = {}) =>
  new Request(`http://inkwell.test/contests/${slug}/enter`, {
    ...init,
    headers: { cookie, origin: "http://inkwell.test" },
  });

function form() {
  const f = new FormData();
  const fields = {
    title: "My own story",
    body: Array.from({ length: 150 }, (_, w) => ["river", "lamp", "stone"][w % 3]).join(" "),
    confirmOriginal: "on",
    confirmEligible: "on",
    confirmRules: "on",
    confirmAnonymous: "on",
  };
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

/**
 * What of the statements' plans grows with the contest or the site. SQLite: a scan of Submission
 * or Pupil, or a walk of a contest's entries (an index searched by its contest first). PostgreSQL:
 * the rows read from those tables, when more than the writer's own few.
 */
async function growth(events: SqlEvent[]): Promise<string[]> {
  const found: string[] = [];
  for (const e of events) {
    if (!/^\s*(SELECT|WITH)\b/i.test(e.sql)) continue;
    // A WITH that writes (the entry's INSERT with its outbox rows on PostgreSQL, ADR 0084) would
    // write again under EXPLAIN ANALYZE.
    if (/\bINSERT INTO\b/i.test(e.sql)) continue;
    if (!TABLES.some((t) => e.sql.includes(`"${t}"`) || e.sql.includes(`\`${t}\``))) continue;
    const text = e.sql.replace(/\s+/g, " ").slice(0, 300);
    if (engine === "postgres") {
      const read = planNodes(await pgPlan(e))
        .filter((n) => TABLES.includes(n["Relation Name"] ?? ""))
        .reduce((sum, n) => sum + n["Actual Rows"] * n["Actual Loops"], 0);
      if (read > 20) found.push(`${read} rows read in: ${text}`);
      continue;
    }
    const plan = await sqlitePlan(e);
    const aliases = new Set(TABLES);
    for (const t of TABLES)
      for (const m of e.sql.matchAll(new RegExp(`[\`"]${t}[\`"] (?:AS )?[\`"]?(\\w+)`, "g")))
        aliases.add(m[1]!);
    for (const { detail } of plan) {
      const m = /^(SCAN|SEARCH) (?:main\.)?(\w+)/.exec(detail);
      if (!m || !aliases.has(m[2]!)) continue;
      if (m[1] === "SCAN" || /\(contestId=/.test(detail)) found.push(`${detail} in: ${text}`);
    }
  }
  return found;
}

describe(`entering a contest of ${ENTRIES} entries`, () => {
  test("the form and the submit read the writer's rows, not the contest's", async () => {
    const page = await sent(() =>
      enter.loader({ request: request(), params: { slug }, context: {} }),
    );
    expect(await growth(page.events)).toEqual([]);

    const submit = await sent(() =>
      enter.action({
        request: request({ method: "POST", body: form() }),
        params: { slug },
        context: {},
      }),
    );
    const r = submit.result as Response;
    expect(r.status, await r.clone().text()).toBe(302);
    expect(await growth(submit.events)).toEqual([]);
  }, 120_000);

  test("the writer's entries count once each: their own and their class's", async () => {
    // The class entry and the entry just sent, of the contest's three.
    expect(await entriesLeftFor(writer, contestId, 3)).toBe(1);
    const linked = await prisma.pupil.findFirstOrThrow({ where: { userId: writer } });
    // As a class pupil (a teacher sending for them): the same two entries.
    expect(await entriesLeftFor({ pupilId: linked.id, userId: writer }, contestId, 3)).toBe(1);
    // A pupil without an account: only the entries sent for them.
    const other = await prisma.pupil.findFirstOrThrow({
      where: { classroomId: linked.classroomId, userId: null },
    });
    expect(await entriesLeftFor({ pupilId: other.id, userId: null }, contestId, 3)).toBe(3);
  });
});
