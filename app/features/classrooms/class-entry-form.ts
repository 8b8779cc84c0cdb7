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
  consent: (name: string) =>
    `${name}'s parent or guardian has not yet given consent on their account, so they cannot be entered yet.`,
  noDateOfBirth: (name: string) =>
    `${name}'s account has no date of birth yet, so they cannot be entered until they add it.`,
} as const;

/** The form fields of the educator's attestations on a class entry. */
export const ATTESTATION_FIELDS = {
  originality: "attestOriginality",
  parental_permission: "attestPermission",
} as const;

/** The attestation wording shown beside the boxes (the ledger keeps these words). */
export const CLASS_ATTESTATIONS = {
  originality: ATTESTATION_WORDING.originality,
  permission: ATTESTATION_WORDING.parental_permission,
};
