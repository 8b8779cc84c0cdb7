/**
 * A display name as people see it: control characters and the invisible marks that reorder text
 * (bidirectional embeddings, overrides and isolates, and the direction marks) are removed, so a
 * name cannot show as something else ("Sam" written backwards, a name that flips the text after
 * it). Joiners stay: some scripts need them to spell a name. Names are also isolated with <bdi>
 * wherever they are shown.
 */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function cleanDisplayName(value: string) {
  return value.replace(INVISIBLE, "");
}

/** For zod's preprocess: strings are cleaned, anything else is left for the schema to refuse. */
export const cleanDisplayNameInput = (value: unknown) =>
  typeof value === "string" ? cleanDisplayName(value) : value;
