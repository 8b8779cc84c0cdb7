/**
 * Which consent a class entry for a pupil rests on (docs/decisions/0044-class-entries-consent.md):
 * one rule for roster pupils and pupils who joined with the code. A class entry goes ahead when
 * the pupil's own account may enter (13 or over, or an under-13 whose parent consented), or when
 * the school's parental permission for that contest is on the ledger (the educator's attestation,
 * made on the entry form or the class's permission page). Pure, so the class's pages, the entry
 * form and the entry's write all read the same answer.
 */
import { submitEligibility } from "~/features/accounts/user";

export type PupilConsentFacts = {
  /** The pupil's own account, when they joined with the code or were linked. */
  account: { dateOfBirth: Date | string | null; parentConsentAt: Date | string | null } | null;
};

/** What the pupil's account says, whatever the contest. */
export type PupilConsentKind =
  | "roster" // no account: the school's permission, per contest
  | "own" // an account that may enter on its own (13 or over)
  | "parent" // an under-13 whose parent consented on their account
  | "awaiting-parent" // an under-13 whose parent has not consented yet
  | "no-date-of-birth"; // an account without a date of birth

export function pupilConsentKind(facts: PupilConsentFacts, now = new Date()): PupilConsentKind {
  if (!facts.account) return "roster";
  const e = submitEligibility(facts.account, now);
  if (e.ok) return facts.account.parentConsentAt ? "parent" : "own";
  return e.reason === "awaiting-parental-consent" ? "awaiting-parent" : "no-date-of-birth";
}

/** Whether a class entry needs the school's permission (the account alone does not cover it). */
export function needsSchoolPermission(kind: PupilConsentKind) {
  return kind === "roster" || kind === "awaiting-parent" || kind === "no-date-of-birth";
}

/** The class page's words for a pupil, whatever the contest: who gives which consent. */
export const CONSENT_LABELS: Record<PupilConsentKind, string> = {
  roster: "No account: your school's permission, once per contest",
  own: "Own account, 13 or over: no permission needed",
  parent: "Own account: their parent consented",
  "awaiting-parent":
    "Own account, under 13: waiting for their parent's consent (or your school's permission, once per contest)",
  "no-date-of-birth":
    "Own account without a date of birth: your school's permission, once per contest",
};

/** For one contest: what this pupil's class entry waits for, or that nothing is missing. */
export function contestConsent(kind: PupilConsentKind, schoolPermissionHeld: boolean) {
  if (!needsSchoolPermission(kind))
    return {
      ready: true,
      label: kind === "parent" ? "Parent consented" : "13 or over: no permission needed",
    };
  if (schoolPermissionHeld) return { ready: true, label: "School's permission recorded" };
  return {
    ready: false,
    label:
      kind === "awaiting-parent"
        ? "Waiting for their parent's consent, or your school's permission (asked on the entry form)"
        : "Needs your school's permission (asked on the entry form)",
  };
}
