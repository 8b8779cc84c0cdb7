/**
 * The exact words an educator attests (docs/decisions/0031-classrooms-and-shared-computers.md).
 * Each attestation is kept in the consent ledger with the wording shown here at that moment: if
 * these words change, older rows keep the words that were agreed to.
 */
export const ATTESTATION_KINDS = ["parental_permission", "originality"] as const;
export type AttestationKind = (typeof ATTESTATION_KINDS)[number];

export const ATTESTATION_WORDING: Record<AttestationKind, string> = {
  parental_permission:
    "I confirm that our school holds written permission from this pupil's parent or guardian for them to take part in this contest, and for Inkwell to keep the entry and its results.",
  originality: "I confirm that this entry is the pupil's own original, unpublished work.",
};

export const ATTESTATION_LABELS: Record<AttestationKind, string> = {
  parental_permission: "Parental permission held by the school",
  originality: "Own original work",
};
