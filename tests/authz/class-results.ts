import type { AuthzContext, AuthzRow } from "./types";

/**
 * A class's results per contest, its downloads and the educator's certificate
 * (docs/decisions/0031-classrooms-and-shared-computers.md): the educator's own class only (another
 * class, or one that does not exist, is a 404); anyone who is not an educator is sent to
 * /educator, a visitor to sign in. A pupil's own access to the entries sent for them is tested in
 * tests/integration/class-results.test.ts; here the demo entrant, who is not that pupil, is refused.
 */
const demoClass = (ctx: AuthzContext) =>
  ctx.id(`SELECT id FROM Classroom WHERE joinCode = 'MAPLE-12'`);
/** The class's best-scored entry in Winter Tales: the one that places (prisma/seed.ts). */
const placedClassEntry = (ctx: AuthzContext) =>
  ctx.id(
    `SELECT s.id AS id FROM Submission s JOIN SubmissionScoreSummary ss ON ss.submissionId = s.id
     JOIN Contest c ON c.id = s.contestId
     WHERE s.pupilId IS NOT NULL AND c.slug = 'winter-tales-2026'
     ORDER BY ss.average DESC, s.id LIMIT 1`,
  );
/** The entry Grace sent for Leo P. (pupil@inkwell.test). */
const leosEntry = (ctx: AuthzContext) =>
  ctx.id(
    `SELECT s.id AS id FROM Submission s JOIN Pupil p ON p.id = s.pupilId
     JOIN User u ON u.id = p.userId WHERE u.email = 'pupil@inkwell.test' LIMIT 1`,
  );

const educatorsOwn = {
  visitor: "->/login",
  entrant: "->/educator",
  judge: "->/educator",
  admin: "->/educator",
  educator: 200,
} as const;
const notTheirs = { ...educatorsOwn, educator: 404 } as const;

const classPath = (ctx: AuthzContext, rest: string) =>
  `/educator/classes/${demoClass(ctx)}/contests/winter-tales-2026/${rest}`;

export const classResultRoutes: AuthzRow[] = [
  {
    name: "GET /educator/classes/:id/contests/:slug/results",
    path: (ctx) => classPath(ctx, "results"),
    ...educatorsOwn,
  },
  {
    name: "GET another class's results",
    path: "/educator/classes/no-such-class/contests/winter-tales-2026/results",
    ...notTheirs,
  },
  {
    name: "GET a class's results in no such contest",
    path: (ctx) => `/educator/classes/${demoClass(ctx)}/contests/no-such-contest/results`,
    ...notTheirs,
  },
  {
    name: "GET /educator/classes/:id/contests/:slug/results.csv",
    path: (ctx) => classPath(ctx, "results.csv"),
    ...educatorsOwn,
  },
  {
    name: "GET another class's results.csv",
    path: "/educator/classes/no-such-class/contests/winter-tales-2026/results.csv",
    ...notTheirs,
  },
  {
    name: "GET /educator/classes/:id/contests/:slug/certificates.zip",
    path: (ctx) => classPath(ctx, "certificates.zip"),
    ...educatorsOwn,
  },
  {
    name: "GET another class's certificates.zip",
    path: "/educator/classes/no-such-class/contests/winter-tales-2026/certificates.zip",
    ...notTheirs,
  },
  {
    name: "GET /educator/classes/:id/contests/:slug/certificates/:submissionId",
    path: (ctx) => classPath(ctx, `certificates/${placedClassEntry(ctx)}`),
    ...educatorsOwn,
  },
  {
    name: "GET a certificate of an entry not of this class",
    path: (ctx) => classPath(ctx, "certificates/no-such-entry"),
    ...notTheirs,
  },
  {
    name: "GET /educator/classes/:id/contests/:slug/educator-certificate",
    path: (ctx) => classPath(ctx, "educator-certificate"),
    ...educatorsOwn,
  },
  {
    name: "GET another class's educator-certificate",
    path: "/educator/classes/no-such-class/contests/winter-tales-2026/educator-certificate",
    ...notTheirs,
  },
  {
    name: "GET a class entry's page (the demo entrant is not its pupil; its educator sent it)",
    path: (ctx) => `/dashboard/submissions/${leosEntry(ctx)}`,
    visitor: "->/login",
    entrant: 404,
    judge: 404,
    admin: 404,
    educator: 200,
  },
  {
    name: "GET a class entry's certificate (not the demo entrant's; its educator's)",
    path: (ctx) => `/dashboard/submissions/${placedClassEntry(ctx)}/certificate`,
    visitor: "->/login",
    entrant: 404,
    judge: 404,
    admin: 404,
    educator: 200,
  },
];
