/**
 * Sign-in, sign-up, account e-mail and price preview limits, per site, never per process
 * (docs/decisions/0003-sessions-and-auth.md):
 *  - on SQLite (one machine), in memory; when the server (server/cluster.ts) runs several worker processes
 *    (docs/decisions/0021-performance.md) the counts live in the primary process and every worker
 *    asks it over IPC;
 *  - on PostgreSQL (several instances, docs/decisions/0028-postgresql.md), in the database's
 *    RateLimit table, shared by every instance; if the database cannot answer, each process
 *    counts in memory meanwhile (the limiter's insurance), so a sign-in never fails for it.
 * Addresses come from the server (server/app.ts), which believes forwarded headers only when TRUST_PROXY says so,
 * and are counted per IPv4 address or IPv6 /64 (docs/decisions/0010-hardening.md).
 *
 * Failed sign-ins count three ways:
 *  - per e-mail from one address (LOGIN_MAX_FAILURES_PER_EMAIL): guessing one account's password;
 *    a stranger elsewhere cannot lock the owner out with it;
 *  - per address (LOGIN_MAX_FAILURES_PER_IP): guessing across accounts;
 *  - per e-mail from everywhere (ACCOUNT_FAILURE_FACTOR times the first): a brake on guessing
 *    one account from many addresses.
 */
import cluster from "node:cluster";
import {
  RateLimiterCluster,
  RateLimiterMemory,
  RateLimiterPostgres,
  type IRateLimiterOptions,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { addressKey } from "~/utils/client-ip";
import { engine, sharedStorePool } from "~/utils/db.server";
import { env } from "~/utils/env.server";

const WINDOW_SECONDS = 15 * 60;
const SIGNUP_WINDOW_SECONDS = 60 * 60;
export const ACCOUNT_FAILURE_FACTOR = 20;

type Limiters = {
  byEmailAndIp: RateLimiterAbstract;
  byEmail: RateLimiterAbstract;
  byIp: RateLimiterAbstract;
  signUpByIp: RateLimiterAbstract;
  signUpByClass: RateLimiterAbstract;
  mailByIp: RateLimiterAbstract;
  mailByAddress: RateLimiterAbstract;
  previewByIp: RateLimiterAbstract;
  previewByUser: RateLimiterAbstract;
  wrongJoinCodeByIp: RateLimiterAbstract;
};
/**
 * The most sign-ups one class join code lets through in an hour: the largest class size (the
 * class's own bound is checked against the count, consumeClassSignUp).
 */
const MAX_CLASS_SIGNUPS_PER_HOUR = 60;
/** Account e-mails (reset links, "someone tried to sign up") one inbox gets per hour. */
export const MAILS_PER_ADDRESS = 3;
/**
 * PostgreSQL: the RateLimit table (prisma/migrations-postgres). SQLite: a cluster worker's limiter
 * keeps its counts in the primary (RateLimiterClusterMaster, server/cluster.ts), else in this process.
 */
const limiter = (opts: IRateLimiterOptions): RateLimiterAbstract => {
  if (engine === "postgres")
    return new RateLimiterPostgres({
      ...opts,
      storeClient: sharedStorePool(),
      storeType: "pool",
      tableName: "RateLimit",
      tableCreated: true,
      insuranceLimiter: new RateLimiterMemory(opts),
    });
  return cluster.isWorker
    ? new RateLimiterCluster({ ...opts, timeoutMs: 3_000 })
    : new RateLimiterMemory(opts);
};
let limiters: Limiters | undefined;
function get(): Limiters {
  const e = env();
  limiters ??= {
    byEmailAndIp: limiter({
      keyPrefix: "login_email_ip",
      points: e.LOGIN_MAX_FAILURES_PER_EMAIL,
      duration: WINDOW_SECONDS,
    }),
    byEmail: limiter({
      keyPrefix: "login_email",
      points: e.LOGIN_MAX_FAILURES_PER_EMAIL * ACCOUNT_FAILURE_FACTOR,
      duration: WINDOW_SECONDS,
    }),
    byIp: limiter({
      keyPrefix: "login_ip",
      points: e.LOGIN_MAX_FAILURES_PER_IP,
      duration: WINDOW_SECONDS,
    }),
    signUpByIp: limiter({
      keyPrefix: "signup_ip",
      points: e.SIGNUP_MAX_PER_IP,
      duration: SIGNUP_WINDOW_SECONDS,
    }),
    signUpByClass: limiter({
      keyPrefix: "signup_class",
      points: MAX_CLASS_SIGNUPS_PER_HOUR,
      duration: SIGNUP_WINDOW_SECONDS,
    }),
    mailByIp: limiter({
      keyPrefix: "account_mail_ip",
      points: e.RESET_MAX_PER_IP,
      duration: SIGNUP_WINDOW_SECONDS,
    }),
    mailByAddress: limiter({
      keyPrefix: "account_mail_to",
      points: MAILS_PER_ADDRESS,
      duration: SIGNUP_WINDOW_SECONDS,
    }),
    previewByIp: limiter({
      keyPrefix: "price_preview_ip",
      points: e.PRICE_PREVIEW_MAX_PER_MINUTE * 3,
      duration: 60,
    }),
    previewByUser: limiter({
      keyPrefix: "price_preview_user",
      points: e.PRICE_PREVIEW_MAX_PER_MINUTE,
      duration: 60,
    }),
    wrongJoinCodeByIp: limiter({
      keyPrefix: "join_code_wrong_ip",
      // JOIN_CODE_MAX_WRONG_PER_IP: a class of 30 mistyping its code once each, not a guesser.
      points: e.JOIN_CODE_MAX_WRONG_PER_IP,
      duration: WINDOW_SECONDS,
    }),
  };
  return limiters;
}

const pair = (email: string, ip: string) => `${email.toLowerCase()}|${addressKey(ip)}`;

/** Milliseconds until the limiter lets `key` through again, or 0 when it is under its limit. */
async function blockedFor(l: RateLimiterAbstract, key: string) {
  const r = await l.get(key);
  return r && r.consumedPoints >= l.points ? r.msBeforeNext : 0;
}

/** Seconds until another sign-in may be tried, or 0 when it may be tried now. */
export async function loginRetryAfter(email: string, ip: string): Promise<number> {
  const { byEmailAndIp, byEmail, byIp } = get();
  const waits = await Promise.all([
    blockedFor(byEmailAndIp, pair(email, ip)),
    blockedFor(byEmail, email.toLowerCase()),
    blockedFor(byIp, addressKey(ip)),
  ]);
  return Math.ceil(Math.max(0, ...waits) / 1000);
}

export async function recordLoginFailure(email: string, ip: string) {
  const { byEmailAndIp, byEmail, byIp } = get();
  await Promise.allSettled([
    byEmailAndIp.consume(pair(email, ip)),
    byEmail.consume(email.toLowerCase()),
    byIp.consume(addressKey(ip)),
  ]);
}

/** A successful sign-in clears that e-mail's failures (the address keeps its count). */
export async function clearLoginFailures(email: string, ip: string) {
  const { byEmailAndIp, byEmail } = get();
  await Promise.all([byEmailAndIp.delete(pair(email, ip)), byEmail.delete(email.toLowerCase())]);
}

export function tooManyAttemptsMessage(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

/**
 * Counts one sign-up attempt from this address; the seconds to wait when the address has made
 * SIGNUP_MAX_PER_IP attempts this hour, else 0.
 */
export async function consumeSignUp(ip: string): Promise<number> {
  const { signUpByIp } = get();
  try {
    await signUpByIp.consume(addressKey(ip));
    return 0;
  } catch (rejection) {
    const ms =
      (rejection as { msBeforeNext?: number }).msBeforeNext ?? SIGNUP_WINDOW_SECONDS * 1000;
    return Math.max(1, Math.ceil(ms / 1000));
  }
}

/**
 * A sign-up that carries an open class join code (docs/decisions/0041-class-joining-at-class-
 * size.md): a whole class may sign up from the school's one address, so it is not counted
 * against the address; instead the code's sign-ups this hour may not pass `room`, the class
 * size less the pupils who had joined before this hour (classSignUpRoom). Pupils who join during
 * the hour are not taken off again: each of them was one of the sign-ups counted here (counting
 * them twice stopped a class of 30 at about 15 plus the address's 10). False when the count
 * would pass it: the sign-up is then counted as any other (consumeSignUp).
 */
export async function consumeClassSignUp(code: string, room: number): Promise<boolean> {
  if (room <= 0) return false;
  try {
    const r = await get().signUpByClass.consume(code.toUpperCase());
    return r.consumedPoints <= room;
  } catch {
    return false;
  }
}

export function tooManySignUpsMessage(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many sign-ups from your network. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

/** Counts one point; the seconds to wait when `key` is over its limit, else 0. */
async function consume(l: RateLimiterAbstract, key: string, fallbackSeconds: number) {
  try {
    await l.consume(key);
    return 0;
  } catch (rejection) {
    const ms = (rejection as { msBeforeNext?: number }).msBeforeNext ?? fallbackSeconds * 1000;
    return Math.max(1, Math.ceil(ms / 1000));
  }
}

/**
 * Forgot-password requests from one address (RESET_MAX_PER_IP an hour): the seconds to wait, or
 * 0. Counted whether or not an account uses the e-mail, so the answer tells nothing about it
 * (docs/decisions/0025-accounts-and-tokens.md).
 */
export const consumeAccountMailRequest = (ip: string) =>
  consume(get().mailByIp, addressKey(ip), SIGNUP_WINDOW_SECONDS);

/**
 * One account e-mail to `email` (MAILS_PER_ADDRESS an hour): false when that inbox has had its
 * share; the caller then sends nothing and answers as usual.
 */
export async function mayMailAddress(email: string) {
  return (await consume(get().mailByAddress, email.toLowerCase(), SIGNUP_WINDOW_SECONDS)) === 0;
}

export function tooManyRequestsMessage(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many requests from your network. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

/** Price previews: per signed-in user and per address (guessing discount codes). */
export async function consumePricePreview(userId: string, ip: string) {
  const { previewByUser, previewByIp } = get();
  const waits = await Promise.all([
    consume(previewByUser, userId, 60),
    consume(previewByIp, addressKey(ip), 60),
  ]);
  return Math.max(...waits);
}

/**
 * Join codes tried from one address (docs/decisions/0041-class-joining-at-class-size.md): the
 * seconds to wait before any code may be tried again, or 0. While it waits every code is
 * refused alike, so a guesser cannot tell a right code from a wrong one by the answer.
 */
export async function joinCodeRetryAfter(ip: string): Promise<number> {
  return Math.ceil((await blockedFor(get().wrongJoinCodeByIp, addressKey(ip))) / 1000);
}

/** Counts one unknown or closed join code tried from this address (a right code is never counted). */
export async function recordWrongJoinCode(ip: string) {
  await consume(get().wrongJoinCodeByIp, addressKey(ip), WINDOW_SECONDS);
}

export function tooManyJoinCodesMessage(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many wrong class codes from your network. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and ask your teacher for the code.`;
}
