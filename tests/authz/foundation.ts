import { adminOnly, publicPage, signedIn, type AuthzRow } from "./types";

/** Issue 2: the public shell, accounts and the guarded shells. */
export const foundationRoutes: AuthzRow[] = [
  { path: "/", ...publicPage },
  { path: "/legal/terms", ...publicPage },
  { path: "/legal/privacy", ...publicPage },
  { path: "/no-such-page", visitor: 404, entrant: 404, judge: 404, admin: 404 },
  {
    path: "/login",
    visitor: 200,
    entrant: "->/dashboard",
    judge: "->/dashboard",
    admin: "->/dashboard",
  },
  { path: "/dashboard", ...signedIn },
  { path: "/account", ...signedIn },
  {
    name: "POST /account (empty)",
    method: "POST",
    path: "/account",
    visitor: "->/login",
    entrant: 400,
    judge: 400,
    admin: 400,
  },
  { path: "/admin", ...adminOnly },
  {
    name: "POST /logout",
    method: "POST",
    path: "/logout",
    visitor: "->/login",
    entrant: "->/login",
    judge: "->/login",
    admin: "->/login",
  },
  {
    name: "GET /auth/google",
    path: "/auth/google",
    visitor: "->/login",
    entrant: "->/login",
    judge: "->/login",
    admin: "->/login",
  },
];
