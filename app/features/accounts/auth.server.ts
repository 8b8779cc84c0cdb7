import bcrypt from "bcryptjs";
import { redirect, type AppLoadContext } from "@remix-run/node";
import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { GoogleStrategy } from "remix-auth-google";
import { setRequestRole } from "~/utils/access-log";
import { prisma } from "~/utils/db.server";
import { env, siteOrigin } from "~/utils/env.server";
import { authFlowStorage, getSessionAccount, getUserId } from "./session.server";
import {
  clearLoginFailures,
  loginRetryAfter,
  recordLoginFailure,
  tooManyAttemptsMessage,
} from "./rate-limit.server";
import { canJudge, defaultDisplayName, hasRole, type Role } from "./user";

export const BCRYPT_ROUNDS = 10;
export const INVALID_CREDENTIALS = "Invalid email or password";
export { AuthorizationError };

/** A Google sign-in refused for a reason the user should read (our own words, not the library's). */
export class GoogleAccountError extends Error {}

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce?: string;
    clientAddress?: string;
  }
}

export function clientAddress(context: AppLoadContext | undefined) {
  return context?.clientAddress ?? "unknown";
}

export function hashPassword(password: string) {
  return bcrypt.hash(password, BCRYPT_ROUNDS);
}

/** The highest role of a user, for the request's log line (docs/decisions/0036-health-and-logs.md). */
function logRole(roles: string[]) {
  return roles.includes("admin") ? "admin" : roles.includes("judge") ? "judge" : "entrant";
}

/** The signed-in user with its roles, from the session's one statement (session.server.ts). */
async function loadUser(request: Request) {
  const account = await getSessionAccount(request);
  if (!account) return null;
  const { isEducator: _educator, ...user } = account;
  setRequestRole(logRole(user.roles));
  return user;
}
export type SessionUser = NonNullable<Awaited<ReturnType<typeof loadUser>>>;

let dummyHash: string | undefined;

/** Checks e-mail and password; a bcrypt comparison runs even for unknown e-mails (no timing hint). */
export async function verifyLogin(email: string, password: string) {
  const user = await prisma.user.findUnique({
    where: { email: email.toLowerCase() },
    select: { id: true, password: { select: { hash: true } } },
  });
  dummyHash ??= bcrypt.hashSync("not-a-real-password", BCRYPT_ROUNDS);
  const hash = user?.password?.hash ?? dummyHash;
  const ok = await bcrypt.compare(password, hash);
  return ok && user?.password ? user.id : null;
}

type FormUser = { userId: string };

let authenticator: Authenticator<FormUser> | undefined;

/** remix-auth with a form strategy and, when configured, Google. */
export function getAuthenticator() {
  if (authenticator) return authenticator;
  authenticator = new Authenticator<FormUser>(authFlowStorage(), { throwOnError: true });
  authenticator.use(
    new FormStrategy(async ({ form, context }) => {
      const email = String(form.get("email") ?? "")
        .trim()
        .toLowerCase();
      const password = String(form.get("password") ?? "");
      const ip = clientAddress(context);
      const wait = await loginRetryAfter(email, ip);
      if (wait > 0) throw new AuthorizationError(tooManyAttemptsMessage(wait));
      const userId = await verifyLogin(email, password);
      if (!userId) {
        await recordLoginFailure(email, ip);
        throw new AuthorizationError(INVALID_CREDENTIALS);
      }
      await clearLoginFailures(email, ip);
      return { userId };
    }),
    "form",
  );
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_OAUTH_BASE_URL } = env();
  if (GOOGLE_CLIENT_ID && GOOGLE_CLIENT_SECRET) {
    const google = new GoogleStrategy(
      {
        clientID: GOOGLE_CLIENT_ID,
        clientSecret: GOOGLE_CLIENT_SECRET,
        // Always absolute on the configured origin (docs/decisions/0023-privacy-and-links.md).
        callbackURL: new URL("/auth/google/callback", siteOrigin()).toString(),
        prompt: "select_account",
      },
      async ({ profile }) => {
        const email = profile.emails?.[0]?.value;
        if (!email || profile._json?.email_verified === false) {
          throw new GoogleAccountError("Your Google account has no verified email address.");
        }
        // Not the Google profile's name: a neutral one the writer can change (ADR 0023).
        return { userId: await userIdForGoogleProfile(profile.id, email) };
      },
    );
    if (GOOGLE_OAUTH_BASE_URL) {
      // Tests only: a local fake OAuth server that speaks Google's protocol.
      const base = GOOGLE_OAUTH_BASE_URL.replace(/\/$/, "");
      const strategy = google as unknown as Record<string, string>;
      strategy.authorizationURL = `${base}/o/oauth2/v2/auth`;
      strategy.tokenURL = `${base}/token`;
      strategy.userInfoURL = `${base}/oauth2/v3/userinfo`;
    }
    authenticator.use(google, "google");
  }
  return authenticator;
}

export function googleEnabled() {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } = env();
  return Boolean(GOOGLE_CLIENT_ID && GOOGLE_CLIENT_SECRET);
}

/** Finds the user for a Google identity: by connection, else links an account with the same e-mail, else creates one. */
export async function userIdForGoogleProfile(providerId: string, rawEmail: string) {
  const email = rawEmail.toLowerCase();
  const existing = await prisma.connection.findUnique({
    where: { providerName_providerId: { providerName: "google", providerId } },
    select: { userId: true },
  });
  if (existing) return existing.userId;
  return prisma.$transaction(async (tx) => {
    const byEmail = await tx.user.findUnique({ where: { email }, select: { id: true } });
    const userId =
      byEmail?.id ??
      (
        await tx.user.create({
          data: { email, displayName: defaultDisplayName() },
          select: { id: true },
        })
      ).id;
    await tx.connection.create({ data: { providerName: "google", providerId, userId } });
    return userId;
  });
}

/** The user of a GET, loaded once for all its loaders (as getUserId; never for a POST). */
const userOfRequest = new WeakMap<Request, Promise<SessionUser | null>>();

export function getOptionalUser(request: Request): Promise<SessionUser | null> {
  const load = () => loadUser(request);
  if (request.method !== "GET" && request.method !== "HEAD") return load();
  let found = userOfRequest.get(request);
  if (!found) {
    found = load();
    userOfRequest.set(request, found);
  }
  return found;
}

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return redirect(back === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(back)}`);
}

/** No session → /login, remembering where to return. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) throw loginRedirect(request);
  return user;
}

/** Missing role → /dashboard. "judge" admits admins too, as the judge portal does. */
export async function requireRole(request: Request, role: Role): Promise<SessionUser> {
  const user = await requireUser(request);
  const allowed = role === "judge" ? canJudge(user) : hasRole(user, role);
  if (!allowed) throw redirect("/dashboard");
  return user;
}

export const requireAdmin = (request: Request) => requireRole(request, "admin");
export const requireJudge = (request: Request) => requireRole(request, "judge");

/** Signed-in users have no business on /login. */
export async function requireAnonymous(request: Request) {
  if (await getUserId(request)) throw redirect("/dashboard");
}
