import { adminOnly, type AuthzContext, type AuthzRow } from "./types";

/**
 * A class's entries and payments (docs/decisions/0031-classrooms-and-shared-computers.md): only the
 * class's educator; anyone else signed in is sent to /educator by requireEducator, a visitor to
 * sign in; another educator's class or pupil (or one that does not exist) is 404.
 */
const classId = (ctx: AuthzContext) =>
  ctx.id("SELECT id FROM Classroom WHERE joinCode = 'MAPLE-12'");
const miaId = (ctx: AuthzContext) =>
  ctx.id(
    `SELECT p.id AS id FROM Pupil p JOIN Classroom c ON c.id = p.classroomId
     WHERE c.joinCode = 'MAPLE-12' AND p.firstName = 'Mia'`,
  );
const PAID = "young-voices-short-story-2027";
const FREE = "flash-fiction-free-for-all";
const educatorOnly = {
  visitor: "->/login",
  entrant: "->/educator",
  judge: "->/educator",
  admin: "->/educator",
  educator: 200,
} as const;

export const classEntryRoutes: AuthzRow[] = [
  { path: (ctx) => `/educator/classes/${classId(ctx)}/contests`, ...educatorOnly },
  {
    name: "GET /educator/classes/:id/contests (another educator's or no such class)",
    path: "/educator/classes/not-my-class/contests",
    ...educatorOnly,
    educator: 404,
  },
  { path: (ctx) => `/educator/classes/${classId(ctx)}/contests/${PAID}`, ...educatorOnly },
  { path: (ctx) => `/educator/classes/${classId(ctx)}/contests/${FREE}`, ...educatorOnly },
  {
    name: "GET /educator/classes/:id/contests/:slug (no such contest)",
    path: (ctx) => `/educator/classes/${classId(ctx)}/contests/no-such-contest`,
    ...educatorOnly,
    educator: 404,
  },
  {
    name: "GET /educator/classes/:id/contests/:slug (another educator's class)",
    path: `/educator/classes/not-my-class/contests/${PAID}`,
    ...educatorOnly,
    educator: 404,
  },
  {
    name: "POST /educator/classes/:id/contests/:slug pay for no entries",
    method: "POST",
    path: (ctx) => `/educator/classes/${classId(ctx)}/contests/${PAID}`,
    form: { intent: "pay" },
    ...educatorOnly,
    educator: 400,
  },
  {
    name: "POST /educator/classes/:id/contests/:slug invoice for another's entry",
    method: "POST",
    path: (ctx) => `/educator/classes/${classId(ctx)}/contests/${PAID}`,
    form: { intent: "invoice", entry: "not-my-entry", reference: "PO-1" },
    ...educatorOnly,
    educator: 400,
  },
  {
    path: (ctx) => `/educator/classes/${classId(ctx)}/contests/${FREE}/enter/${miaId(ctx)}`,
    ...educatorOnly,
  },
  {
    name: "GET /educator/classes/:id/contests/:slug/enter/:pupilId (another educator's pupil)",
    path: (ctx) => `/educator/classes/${classId(ctx)}/contests/${FREE}/enter/not-my-pupil`,
    ...educatorOnly,
    educator: 404,
  },
  {
    name: "GET /educator/classes/:id/contests/:slug/enter/:pupilId (pupil of another class)",
    path: (ctx) => `/educator/classes/not-my-class/contests/${FREE}/enter/${miaId(ctx)}`,
    ...educatorOnly,
    educator: 404,
  },
  {
    name: "POST /educator/classes/:id/contests/:slug/enter/:pupilId (empty form)",
    method: "POST",
    path: (ctx) => `/educator/classes/${classId(ctx)}/contests/${FREE}/enter/${miaId(ctx)}`,
    form: { title: "" },
    ...educatorOnly,
    educator: 400,
  },
  { path: "/admin/invoices", ...adminOnly },
  { path: "/admin/invoices?page=2", ...adminOnly },
  {
    name: "POST /admin/invoices mark an unknown invoice paid",
    method: "POST",
    path: "/admin/invoices",
    form: { intent: "mark-paid", id: "no-such-invoice" },
    ...adminOnly,
    admin: "->/admin/invoices",
  },
];
