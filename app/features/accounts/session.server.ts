import { createHmac } from "node:crypto";
import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import { oncePerRequest } from "~/utils/access-log";
import { fromSql, prisma, withBusyRetry } from "~/utils/db.server";
import { readRows } from "~/utils/db-read.server";
import { env, isProduction } from "~/utils/env.server";
import { sessionSecrets } from "~/utils/secrets.server";

export const SESSION_TTL_MS = 1000 * 60 * 60 * 24 * 30;

function cookieOptions(name: string, maxAge?: number) {
  return {
    name,
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: isProduction() && !env().INSECURE_COOKIES,
    secrets: sessionSecrets(),
    ...(maxAge ? { maxAge } : {}),
  };
}

type Storage = ReturnType<typeof createCookieSessionStorage<Record<string, string>>>;

let storage: Storage | undefined;
/** The session cookie carries only the id of a row in the Session table. */
export function sessionStorage() {
  storage ??= createCookieSessionStorage<Record<string, string>>({
    cookie: cookieOptions("en_session", SESSION_TTL_MS / 1000),
  });
  return storage;
}

let authStorage: ReturnType<typeof createCookieSessionStorage> | undefined;
/** Short-lived cookie for OAuth state during Google sign-in. */
export function authFlowStorage() {
  authStorage ??= createCookieSessionStorage({ cookie: cookieOptions("en_auth", 60 * 10) });
  return authStorage;
}

let returnCookie: ReturnType<typeof createCookie> | undefined;
/**
 * Where a Google sign-in goes back to (a form with its query: a classroom ?code=, ADR 0031),
 * kept across the round trip to Google in a signed cookie of ten minutes.
 */
function returnToCookie() {
  const { name: _name, ...options } = cookieOptions("en_return", 60 * 10);
  returnCookie ??= createCookie("en_return", options);
  return returnCookie;
}

export const rememberReturnTo = (path: string) => returnToCookie().serialize(path);

/** The remembered way back (null when none), and the header that forgets it. */
export async function takeReturnTo(request: Request) {
  const value: unknown = await returnToCookie().parse(request.headers.get("Cookie"));
  return {
    path: typeof value === "string" ? value : null,
    clear: await returnToCookie().serialize("", { maxAge: 0 }),
  };
}

/**
 * The name under which the browser keeps this account's unsent drafts (ADR 0031): derived from
 * the account with the site's secret, so it neither is nor reveals the account's id.
 */
export function draftOwnerOf(userId: string) {
  // Asked by every signed-in page (the root loader): each account's name is derived once (ADR 0083).
  let owner = draftOwners.get(userId);
  if (owner === undefined) {
    owner = createHmac("sha256", sessionSecrets()[0])
      .update(`draft:${userId}`)
      .digest("base64url")
      .slice(0, 22);
    if (draftOwners.size >= READ_COOKIES_KEPT) draftOwners.clear();
    draftOwners.set(userId, owner);
  }
  return owner;
}
const draftOwners = new Map<string, string>();

/**
 * Session cookie values already read, to the session id they carry (a signed cookie always reads
 * the same with the same secrets): parsing, verifying and decoding it again cost every signed-in
 * request about 0.3 ms of CPU (ADR 0083). Keyed by the cookie's own value, not the whole header
 * (other cookies change, and would only take room); only verified ids are kept, the most recent
 * first.
 */
const readCookies = new Map<string, string>();
const READ_COOKIES_KEPT = 2_000;
const SESSION_COOKIE = /(?:^|;)\s*en_session=([^;]*)/;

export async function getSessionId(request: Request): Promise<string | undefined> {
  const header = request.headers.get("Cookie");
  // The first en_session cookie of the header, as the cookie parser takes it.
  const value = header ? SESSION_COOKIE.exec(header)?.[1] : undefined;
  if (!header || !value) return undefined;
  const known = readCookies.get(value);
  if (known !== undefined) {
    readCookies.delete(value);
    readCookies.set(value, known);
    return known;
  }
  const session = await sessionStorage().getSession(header);
  const id = session.get("sessionId");
  if (typeof id !== "string") return undefined;
  if (readCookies.size >= READ_COOKIES_KEPT) readCookies.delete(readCookies.keys().next().value!);
  readCookies.set(value, id);
  return id;
}

/** The account behind a live session: what every signed-in page's loaders ask of it. */
export type SessionAccount = {
  id: string;
  email: string;
  displayName: string;
  dateOfBirth: Date | null;
  grade: number | null;
  parentEmail: string | null;
  parentConsentAt: Date | null;
  roles: string[];
  /** Has an Educator row: the header's "My classes" (docs/decisions/0031). */
  isEducator: boolean;
};

/**
 * The loaders of one GET (root, layout, page) all ask who is signing in: the answer is looked
 * up once per HTTP request and shared (per request object, and through the request's store,
 * since Remix hands each loader its own copy: docs/decisions/0052-per-request-work.md). Never
 * across requests, and never for a POST, whose action may sign in or out before its loaders run
 * (docs/decisions/0021-performance.md).
 */
const accountOfRequest = new WeakMap<Request, Promise<SessionAccount | null>>();

/**
 * The signed-in account (null when there is no live session): the session, the user, its roles
 * and whether it is an educator in one statement (docs/decisions/0048-performance-budgets.md;
 * they were four, on every signed-in page).
 */
export function getSessionAccount(request: Request): Promise<SessionAccount | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return lookUpAccount(request);
  let found = accountOfRequest.get(request);
  if (!found) {
    // The same HTTP request's other loaders (each given its own Request by Remix) share it too.
    found = oncePerRequest(`account:${request.headers.get("Cookie") ?? ""}`, () =>
      lookUpAccount(request),
    );
    accountOfRequest.set(request, found);
  }
  return found;
}

/** The signed-in user's id, or null when there is no live session. */
export async function getUserId(request: Request): Promise<string | null> {
  return (await getSessionAccount(request))?.id ?? null;
}

async function lookUpAccount(request: Request): Promise<SessionAccount | null> {
  const sessionId = await getSessionId(request);
  if (!sessionId) return null;
  // One row per role (a user has one or two), or one with no role.
  const rows = await readRows<{
    id: string;
    expiresAt: Date | string;
    email: string;
    displayName: string;
    dateOfBirth: Date | string | null;
    grade: number | bigint | null;
    parentEmail: string | null;
    parentConsentAt: Date | string | null;
    role: string | null;
    educator: number | bigint;
  }>`
    SELECT u."id" AS "id", s."expiresAt" AS "expiresAt", u."email" AS "email",
      u."displayName" AS "displayName", u."dateOfBirth" AS "dateOfBirth", u."grade" AS "grade",
      u."parentEmail" AS "parentEmail", u."parentConsentAt" AS "parentConsentAt",
      r."role" AS "role",
      (SELECT COUNT(*) FROM "Educator" e WHERE e."userId" = u."id") AS "educator"
    FROM "Session" s
    JOIN "User" u ON u."id" = s."userId"
    LEFT JOIN "UserRole" r ON r."userId" = u."id"
    WHERE s."id" = ${sessionId}`;
  const row = rows[0];
  if (!row || fromSql.date(row.expiresAt).getTime() <= Date.now()) return null;
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    dateOfBirth: fromSql.dateOrNull(row.dateOfBirth),
    grade: row.grade === null ? null : fromSql.int(row.grade),
    parentEmail: row.parentEmail,
    parentConsentAt: fromSql.dateOrNull(row.parentConsentAt),
    roles: rows.flatMap((r) => (r.role === null ? [] : [String(r.role)])),
    isEducator: fromSql.int(row.educator) > 0,
  };
}

/** Creates a Session row and returns the Set-Cookie header that carries it. */
export async function startSession(request: Request, userId: string): Promise<string> {
  const now = new Date();
  // One transaction, retried while the database is busy (another process writing): a class
  // signing in together waits its turn rather than being told to try again (ADR 0087).
  const [row] = await withBusyRetry(() =>
    prisma.$transaction([
      prisma.session.create({
        data: { userId, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) },
        select: { id: true },
      }),
      // A sign-in is activity: the retention policy's clock starts again and a warning is
      // cancelled (docs/decisions/0038-data-retention.md).
      prisma.user.update({
        where: { id: userId },
        data: { lastActiveAt: now, retentionWarnedAt: null },
        select: { id: true },
      }),
    ]),
  );
  const session = await sessionStorage().getSession(request.headers.get("Cookie"));
  session.set("sessionId", row.id);
  return sessionStorage().commitSession(session);
}

export async function endSession(request: Request): Promise<string> {
  const session = await sessionStorage().getSession(request.headers.get("Cookie"));
  const id = session.get("sessionId");
  if (typeof id === "string") await prisma.session.deleteMany({ where: { id } });
  return sessionStorage().destroySession(session);
}
