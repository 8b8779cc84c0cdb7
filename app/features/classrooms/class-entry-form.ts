/**
 * The class entry form's words and fields (docs/decisions/0031-classrooms-and-shared-computers.md),
 * shared by the page (checked in the browser) and the write (checked again on the server).
 */
import { ATTESTATION_WORDING } from "./attestations";

export const CLASS_ENTRY_MESSAGES = {
  notApproved:
    "Your educator account is waiting for an administrator's approval. You can send entries once it is approved.",
  originality: "Confirm that this entry is the pupil's own original work.",
  permission:
    "This pupil's parental permission for this contest is not on record: confirm that the school holds it.",
} as const;

/**
 * The form fields of the educator's attestations on a class entry. The originality attestation
 * is the entry form's own "original work" box (one box, in the educator's words), so the
 * educator is never asked the same thing twice.
 */
export const ATTESTATION_FIELDS = {
  originality: "confirmOriginal",
  parental_permission: "attestPermission",
} as const;

/**
 * The entry form's confirmations as the educator sending it says them (the writer's form says
 * them as the writer): the same fields, so the entry's checks are the same. Every box the entry
 * needs is on the form from its first view (ADR 0044).
 */
export function classConfirmations(pupil: string, needsPermission: boolean) {
  return [
    ...(needsPermission
      ? [{ name: ATTESTATION_FIELDS.parental_permission, label: CLASS_ATTESTATIONS.permission }]
      : []),
    { name: ATTESTATION_FIELDS.originality, label: CLASS_ATTESTATIONS.originality },
    {
      name: "confirmEligible",
      label: `${pupil} meets the age and grade requirements of this contest.`,
    },
    { name: "confirmRules", label: "The entry follows the contest rules." },
    {
      name: "confirmAnonymous",
      label: `I understand that judging is anonymous: ${pupil}'s name, mine and our school's must not appear in the entry.`,
    },
  ] as const;
}

/** The attestation wording shown beside the boxes (the ledger keeps these words). */
export const CLASS_ATTESTATIONS = {
  originality: ATTESTATION_WORDING.originality,
  permission: ATTESTATION_WORDING.parental_permission,
};

/** The optional "may be shown" box, in the educator's words (ADR 0019's consent, for the pupil). */
export const classShowIfAwardedLabel = (pupil: string) =>
  `If ${pupil}'s story wins an award, it may be shown on the contest's public results page with their name.`;
