/**
 * One entry's submit, as the deadline rush sends it (docs/decisions/0048-performance-budgets.md,
 * issue 36): the enter page's action on a real Request with a real session cookie, a typed story
 * of 150 words. Its SQL statements are counted (never timed), on both engines: a submit that
 * starts sending more (a check per entry of the contest, a second read of what it already read,
 * a Prisma model call instead of a raw statement) fails here. The entry is stored once, with its outbox events.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { engine, observeSql, prisma, type SqlEvent } from "~/utils/db.server";
import { inRequestStore } from "~/utils/access-log";
import { enter } from "./entry-fixtures";
import { cookieFor } from "./session-cookie";

const DAY = 86_400_000;
const WRITERS = 30;
let slug = "";
let contestId = "";
const cookies: string[] = [];

const story = (i: number) =>
  Array.from(
    { length: 150 },
    (_, w) => ["river", "lamp", "window", "quiet", "stone"][(i + w) % 5],
  ).join(" ");

beforeAll(async () => {
  const now = Date.now();
  const stamp = now.toString(36);
  const contest = await prisma.contest.create({
    data: {
      slug: `rush-${stamp}`,
      title: "Rush contest",
      description: "Open for the deadline rush",
      isPublished: true,
      wordMin: 10,
      wordMax: 2500,
      entriesPerWriter: 2,
      submissionsOpen: new Date(now - DAY),
      submissionsClose: new Date(now + 30 * DAY),
      judgingOpen: new Date(now + 31 * DAY),
      judgingClose: new Date(now + 40 * DAY),
      resultsAt: new Date(now + 50 * DAY),
    },
    select: { id: true, slug: true },
  });
  slug = contest.slug;
  contestId = contest.id;
  for (let i = 0; i < WRITERS; i++) {
    const user = await prisma.user.create({
      data: {
        email: `rush${i}-${stamp}@budget.test`,
        displayName: `Rush writer ${i}`,
        dateOfBirth: new Date("1990-01-01T00:00:00Z"),
      },
      select: { id: true },
    });
    cookies.push(await cookieFor(user.id));
  }
}, 60_000);

async function submit(i: number) {
  const form = new FormData();
  const fields = {
    title: `Rush ${i}`,
    body: story(i),
    confirmOriginal: "on",
    confirmEligible: "on",
    confirmRules: "on",
    confirmAnonymous: "on",
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const events: SqlEvent[] = [];
  const stop = observeSql((e) => events.push(e));
  let response: unknown;
  const started = performance.now();
  try {
    response = await inRequestStore(() =>
      enter.action({
        request: new Request(`http://inkwell.test/contests/${slug}/enter`, {
          method: "POST",
          headers: { cookie: cookies[i], origin: "http://inkwell.test" },
          body: form,
        }),
        params: { slug },
        context: {},
      }),
    );
  } finally {
    stop();
  }
  if (process.env.SUBMIT_PROFILE) {
    // Where one submit's time goes (docs/decisions/0059-writing-at-scale.md): not an assertion.
    const ms = performance.now() - started;
    const sql = events.reduce((n, e) => n + e.ms, 0);
    console.log(
      `submit ${i}: ${ms.toFixed(1)} ms, SQL ${sql.toFixed(1)} ms in ${events.length} statements: ` +
        events
          .map((e) => `${e.ms.toFixed(1)} ${e.sql.replace(/\s+/g, " ").slice(0, 40)}`)
          .join(" | "),
    );
  }
  return { response, events };
}

describe("one entry's submit", () => {
  test("a class of writers submits: each submit within its statement budget, every entry stored", async () => {
    const counts: number[] = [];
    for (let i = 0; i < WRITERS; i++) {
      const { response, events } = await submit(i);
      expect(response).toBeInstanceOf(Response);
      const r = response as Response;
      expect(r.status, await r.clone().text()).toBe(302);
      expect(r.headers.get("Location")).toBe("/dashboard");
      counts.push(events.length);
      if (i === WRITERS - 1) {
        const detail = events
          .map((e) => `${e.rows} rows: ${e.sql.replace(/\s+/g, " ").slice(0, 150)}`)
          .join("\n");
        console.log(`a submit: ${events.length} statements\n${detail}`);
        // 22 on SQLite and 23 on PostgreSQL (its writer's row lock) before ADR 0059:
        // the writer's division read twice outside the write, and a new entry's identity places
        // deleted, its flag updated and its two outbox events written one statement each.
        // 18 and 19 before ADR 0066: the writer's identity (name, e-mail, school, joined classes'
        // teachers) one statement a relation.
        // 15 and 16 before ADR 0078: the contest read again in the write, the writer's division
        // and counted entries read twice (before the body and in the write), the writer's
        // identities two statements, and the write's rules one model call each (the account,
        // the form's key, the repeat) before its INSERT. 8 on PostgreSQL before ADR 0084 (the
        // outbox its own statement after the INSERT). Now: the contest, the session, one read
        // before the body, one read in the write, the INSERT, the outbox, COMMIT; on PostgreSQL
        // the writer's row lock (sent with its BEGIN), the read, the INSERT with the outbox's
        // INSERT in its WITH, COMMIT.
        expect(events.length, detail).toBeLessThanOrEqual(7);
        // Raw statements only: a Prisma model call costs 0.3-0.5 ms of CPU before its SQL
        // (ADR 0075); its SQL names the schema ("main" on SQLite, "public" on PostgreSQL).
        expect(
          events.filter((e) => /`main`\.|"public"\./.test(e.sql)).map((e) => e.sql.slice(0, 80)),
          detail,
        ).toEqual([]);
        // After the entry's INSERT only its outbox events, then COMMIT: on PostgreSQL the events'
        // INSERT is in the entry's statement (docs/decisions/0059-writing-at-scale.md, 0084).
        const insert = events.findIndex((e) =>
          /^\s*(WITH "queued" AS \(INSERT INTO "OutboxEvent"[^]*\) )?INSERT INTO [^ ]*Submission/.test(
            e.sql,
          ),
        );
        expect(insert, detail).toBeGreaterThan(0);
        expect(
          events.slice(insert + 1).map((e) => e.sql.split(" (")[0]),
          detail,
        ).toEqual(
          engine === "postgres"
            ? ["COMMIT"]
            : [expect.stringMatching(/^INSERT INTO .*OutboxEvent/), "COMMIT"],
        );
      }
    }
    expect(Math.max(...counts)).toBe(Math.min(...counts));
    expect(await prisma.submission.count({ where: { contestId } })).toBe(WRITERS);
  }, 120_000);
});
