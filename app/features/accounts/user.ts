/** Pure rules about users and roles; shared by server and UI. */
export const ROLES = ["admin", "judge"] as const;
export type Role = (typeof ROLES)[number];

export type UserWithRoles = {
  id: string;
  email: string;
  displayName: string;
  roles: string[];
  dateOfBirth: Date | string | null;
  parentEmail: string | null;
  parentConsentAt: Date | string | null;
};

export function hasRole(user: Pick<UserWithRoles, "roles"> | null | undefined, role: Role) {
  return !!user?.roles.includes(role);
}
export const isAdmin = (user: Pick<UserWithRoles, "roles"> | null | undefined) =>
  hasRole(user, "admin");
/** The judge portal is open to judges and to admins. */
export const canJudge = (user: Pick<UserWithRoles, "roles"> | null | undefined) =>
  hasRole(user, "judge") || hasRole(user, "admin");

/**
 * A new account's display name when the writer gives none: neutral, "Writer 4821" (random
 * digits), never taken from the e-mail or a Google profile, which can hold a child's full name
 * and birth year (docs/decisions/0023-privacy-and-links.md).
 */
export function defaultDisplayName() {
  const [n] = globalThis.crypto.getRandomValues(new Uint32Array(1));
  return `Writer ${1000 + (n % 9000)}`;
}

/**
 * The name a page greets its user by: the display name they chose (or were given), never the
 * e-mail address, which for a child is often a school or family login; the address only when
 * the name is blank.
 */
export const greetingName = (user: { displayName: string | null; email: string }) =>
  user.displayName?.trim() || user.email;

/** What the display name field says about where the name appears; true everywhere it is shown. */
export const DISPLAY_NAME_HINT =
  "Shown on your account and to the contest organisers. Publicly, only next to an award you win, and only if you agree when you enter. Judges see it only in a contest that is not judged anonymously.";

/** Whole years between date of birth and `now`. */
export function ageOn(dateOfBirth: Date, now: Date = new Date()) {
  let age = now.getUTCFullYear() - dateOfBirth.getUTCFullYear();
  const m = now.getUTCMonth() - dateOfBirth.getUTCMonth();
  if (m < 0 || (m === 0 && now.getUTCDate() < dateOfBirth.getUTCDate())) age--;
  return age;
}

export const PARENTAL_CONSENT_AGE = 13;

export function needsParentalConsent(dateOfBirth: Date | null, now: Date = new Date()) {
  return !!dateOfBirth && ageOn(dateOfBirth, now) < PARENTAL_CONSENT_AGE;
}

export type SubmitEligibility =
  { ok: true } | { ok: false; reason: "no-date-of-birth" | "awaiting-parental-consent" };

/**
 * Whether an account may submit entries: it must have a date of birth on file, and an account
 * under 13 needs a parent's or guardian's confirmation first (docs/decisions/0009-domain-rules.md).
 */
export function submitEligibility(
  user: { dateOfBirth: Date | string | null; parentConsentAt: Date | string | null },
  now: Date = new Date(),
): SubmitEligibility {
  if (!user.dateOfBirth) return { ok: false, reason: "no-date-of-birth" };
  const dob = new Date(user.dateOfBirth);
  if (needsParentalConsent(dob, now) && !user.parentConsentAt)
    return { ok: false, reason: "awaiting-parental-consent" };
  return { ok: true };
}

const REDIRECT_BASE = "http://inkwell.invalid";

/**
 * Where to go after sign-in: the target only when it resolves, as a browser resolves it, to a
 * path on this site; anything else (another origin, tabs or newlines that browsers strip,
 * backslashes they read as slashes, a header-breaking control character) falls back. The result
 * is the resolved, percent-encoded path, so it is always a valid Location header
 * (docs/decisions/0010-hardening.md).
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/dashboard",
) {
  if (!to || typeof to !== "string" || to.length > 2048) return fallback;
  // A relative target must start with one slash; a control character anywhere is refused.
  // eslint-disable-next-line no-control-regex
  if (!to.startsWith("/") || /[\u0000-\u001f\u007f]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, REDIRECT_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== REDIRECT_BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Resolving again must land on the same path (no "//host" or "/\\host" left after normalising).
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}
