import { RateLimiterMemory } from "rate-limiter-flexible";
import { env } from "~/utils/env.server";

const WINDOW_SECONDS = 15 * 60;

let limiters: { byEmail: RateLimiterMemory; byIp: RateLimiterMemory } | undefined;
function get() {
  limiters ??= {
    byEmail: new RateLimiterMemory({
      keyPrefix: "login_email",
      points: env().LOGIN_MAX_FAILURES_PER_EMAIL,
      duration: WINDOW_SECONDS,
    }),
    byIp: new RateLimiterMemory({
      keyPrefix: "login_ip",
      points: env().LOGIN_MAX_FAILURES_PER_IP,
      duration: WINDOW_SECONDS,
    }),
  };
  return limiters;
}

/** Seconds until another sign-in may be tried, or 0 when it may be tried now. */
export async function loginRetryAfter(email: string, ip: string): Promise<number> {
  const { byEmail, byIp } = get();
  const [e, i] = await Promise.all([byEmail.get(email.toLowerCase()), byIp.get(ip)]);
  let wait = 0;
  if (e && e.consumedPoints >= byEmail.points) wait = Math.max(wait, e.msBeforeNext);
  if (i && i.consumedPoints >= byIp.points) wait = Math.max(wait, i.msBeforeNext);
  return Math.ceil(wait / 1000);
}

export async function recordLoginFailure(email: string, ip: string) {
  const { byEmail, byIp } = get();
  await Promise.allSettled([byEmail.consume(email.toLowerCase()), byIp.consume(ip)]);
}

export async function clearLoginFailures(email: string) {
  await get().byEmail.delete(email.toLowerCase());
}

export function tooManyAttemptsMessage(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}
