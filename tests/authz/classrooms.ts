import Database from "better-sqlite3";
import { adminOnly, type AuthzContext, type AuthzRow } from "./types";

/** The demo class of educator@inkwell.test (Grace Hopkins). */
const ownClass = (ctx: AuthzContext) =>
  ctx.id("SELECT id FROM Classroom WHERE joinCode = 'MAPLE-12'");

/**
 * A class of another educator (the pending teacher2@inkwell.test, who has none in the demo data),
 * made here once through a writable handle on the same file (the table's own handle is
 * read-only): the demo educator must get a 404 for it.
 */
const OTHER_CLASS = "authz-other-class";
const otherClass = (ctx: AuthzContext) => {
  if (!ctx.db) return OTHER_CLASS; // the coverage test's stand-in context
  const db = new Database(ctx.db.name, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare(
      `INSERT OR IGNORE INTO Classroom (id, educatorId, name, band, size, joinCode)
       SELECT ?, e.userId, 'Another class', 'Grade 3', 20, 'AUTHZ-OTHER'
       FROM Educator e JOIN User u ON u.id = e.userId WHERE u.email = 'teacher2@inkwell.test'`,
    ).run(OTHER_CLASS);
  } finally {
    db.close();
  }
  return OTHER_CLASS;
};

/** Educators' pages: signed-in non-educators are sent to /educator to apply. */
const educatorOnly = {
  visitor: "->/login",
  entrant: "->/educator",
  judge: "->/educator",
  admin: "->/educator",
  educator: 200,
} as const;

/** Classrooms and schools (docs/decisions/0031-classrooms-and-shared-computers.md). */
export const classroomRoutes: AuthzRow[] = [
  {
    path: "/educator",
    visitor: "->/login",
    entrant: 200,
    judge: 200,
    admin: 200,
    educator: 200,
  },
  {
    name: "POST /educator become (nothing filled in)",
    method: "POST",
    path: "/educator",
    form: { intent: "become" },
    visitor: "->/login",
    entrant: 400,
    judge: 400,
    admin: 400,
    educator: "->/educator",
  },
  {
    name: "POST /educator create-class (no name)",
    method: "POST",
    path: "/educator",
    form: { intent: "create-class", name: "", band: "Grade 5", size: "20" },
    ...educatorOnly,
    educator: 400,
  },
  {
    name: "GET /educator/classes/:id (own)",
    path: (ctx) => `/educator/classes/${ownClass(ctx)}`,
    ...educatorOnly,
  },
  {
    name: "GET /educator/classes/:id (another educator's)",
    path: (ctx) => `/educator/classes/${otherClass(ctx)}`,
    ...educatorOnly,
    educator: 404,
  },
  { path: "/educator/classes/no-such-class", ...educatorOnly, educator: 404 },
  {
    name: "POST /educator/classes/:id add-pupil (no name)",
    method: "POST",
    path: (ctx) => `/educator/classes/${ownClass(ctx)}`,
    form: { intent: "add-pupil", firstName: "", lastInitial: "" },
    ...educatorOnly,
    educator: 400,
  },
  {
    name: "POST /educator/classes/:id new-code (another educator's)",
    method: "POST",
    path: (ctx) => `/educator/classes/${otherClass(ctx)}`,
    form: { intent: "new-code" },
    ...educatorOnly,
    educator: 404,
  },
  {
    name: "GET /educator/classes/:id/import (own)",
    path: (ctx) => `/educator/classes/${ownClass(ctx)}/import`,
    ...educatorOnly,
  },
  {
    name: "GET /educator/classes/:id/import (another educator's)",
    path: (ctx) => `/educator/classes/${otherClass(ctx)}/import`,
    ...educatorOnly,
    educator: 404,
  },
  {
    name: "POST /educator/classes/:id/import (no file)",
    method: "POST",
    path: (ctx) => `/educator/classes/${ownClass(ctx)}/import`,
    form: { intent: "preview" },
    ...educatorOnly,
    educator: 400,
  },
  {
    name: "GET /educator/classes/:id/consent (own)",
    path: (ctx) => `/educator/classes/${ownClass(ctx)}/consent`,
    ...educatorOnly,
  },
  {
    name: "GET /educator/classes/:id/consent (another educator's)",
    path: (ctx) => `/educator/classes/${otherClass(ctx)}/consent`,
    ...educatorOnly,
    educator: 404,
  },
  {
    name: "POST /educator/classes/:id/consent (nothing ticked)",
    method: "POST",
    path: (ctx) => `/educator/classes/${ownClass(ctx)}/consent`,
    ...educatorOnly,
    educator: 400,
  },
  { path: "/join/MAPLE-12", visitor: 200, entrant: 200, judge: 200, admin: 200, educator: 200 },
  { path: "/join/NO-SUCH-1", visitor: 404, entrant: 404, judge: 404, admin: 404 },
  {
    name: "POST /join/:code (unknown code)",
    method: "POST",
    path: "/join/NO-SUCH-1",
    visitor: "->/login",
    entrant: 404,
    judge: 404,
    admin: 404,
  },
  { path: "/admin/educators", ...adminOnly },
  {
    name: "POST /admin/educators refuse (no note)",
    method: "POST",
    path: "/admin/educators",
    form: { intent: "refuse", userId: "no-such-user", note: "" },
    ...adminOnly,
    admin: 400,
  },
  {
    name: "POST /admin/educators approve (unknown educator)",
    method: "POST",
    path: "/admin/educators",
    form: { intent: "approve", userId: "no-such-user" },
    ...adminOnly,
    admin: "->/admin/educators",
  },
  { path: "/admin/schools", ...adminOnly },
  { path: "/admin/schools?q=maple", ...adminOnly },
  {
    name: "POST /admin/schools merge a school into itself",
    method: "POST",
    path: "/admin/schools",
    form: { intent: "merge", keepId: "no-such-school", foldId: "no-such-school" },
    ...adminOnly,
    admin: 400,
  },
  { path: "/admin/consents", ...adminOnly },
  { path: "/admin/consents.csv", ...adminOnly },
];
