import type Database from "better-sqlite3";

/**
 * A status code, or "->/path" for a redirect to that path ("->/path/*": to a path under it).
 * For a single-fetch `.data` request a redirect is a 202 carrying the Location.
 */
export type Expectation = number | `->${string}`;

export type AuthzContext = {
  db: Database.Database;
  /** id of the first row of `sql` (a SELECT returning one column named id). */
  id: (sql: string, ...params: unknown[]) => string;
};

export type AuthzRow = {
  /** A label for the report; defaults to "METHOD path". */
  name?: string;
  method?: "GET" | "POST";
  path: string | ((ctx: AuthzContext) => string);
  form?: Record<string, string>;
  /** Form fields that need ids from the database. */
  formFromContext?: (ctx: AuthzContext) => Record<string, string>;
  visitor: Expectation;
  entrant: Expectation;
  judge: Expectation;
  admin: Expectation;
  /** An approved educator (educator@inkwell.test); when absent, the same answer as an entrant's. */
  educator?: Expectation;
};

export const ROLES = ["visitor", "entrant", "judge", "admin", "educator"] as const;
export type AuthzRole = (typeof ROLES)[number];

/** What `row` expects for `role` (an educator is answered as an entrant unless the row says). */
export const expected = (row: AuthzRow, role: AuthzRole): Expectation =>
  role === "educator" ? (row.educator ?? row.entrant) : row[role];

/** Shorthands for the common shapes. */
export const publicPage = { visitor: 200, entrant: 200, judge: 200, admin: 200 } as const;
export const signedIn = { visitor: "->/login", entrant: 200, judge: 200, admin: 200 } as const;
export const adminOnly = {
  visitor: "->/login",
  entrant: "->/dashboard",
  judge: "->/dashboard",
  admin: 200,
} as const;
export const judgeOnly = {
  visitor: "->/login",
  entrant: "->/dashboard",
  judge: 200,
  admin: 200,
} as const;
