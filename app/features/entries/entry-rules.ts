/**
 * The entry form's rules without zod, so the form's page can check an entry in the browser
 * without shipping a schema library (docs/decisions/0021-performance.md): the product's messages
 * word for word (docs/decisions/0009), and `entryErrors`, the same checks as entrySchema
 * (entry-schema.ts, the server's) with the same messages, tested to agree with it.
 */
import { declarationErrors, type AiPolicy } from "~/features/contests/ai-policy";
import {
  MAX_FILE_BYTES,
  type FileKind,
  type TextEncodingName,
} from "~/features/documents/file-sniff";
import { countWords, withinWordRange } from "./word-count";

export { MAX_FILE_BYTES };
export const MAX_TITLE_LENGTH = 200;

export const ENTRY_MESSAGES = {
  titleRequired: "Title is required",
  titleTooLong: "Title must be less than 200 characters",
  fileTooLarge: "File size must be less than 10MB",
  fileType: "Only PDF, DOC, DOCX, and TXT files are allowed",
  textOrFile: "Please enter your story or upload a file",
  mustSignIn: "You must be logged in to submit",
  notOpen: "Submissions are not currently open for this contest.",
  received: "Your submission has been received!",
  draftKept: "We kept your story: sign in and it will be back in the form.",
  draftRestored:
    "The title and story you wrote before signing in are back in the form. Check them, then press Submit.",
  draftRestoredFile:
    "The title and story you wrote before signing in are back in the form. Please attach your file again, then press Submit.",
  alreadyReceived: "We already have this entry",
  alreadyReceivedDetail:
    "You sent this story a few minutes ago, so we did not add it twice. Here is the entry we received.",
  contestNotFound: "Contest not found",
  failed: "Failed to submit entry",
  /**
   * The heading over the list of problems: plain words for young writers, never the spec's
   * "Validation Error" (docs/decisions/0026-entry-flow.md); the problems keep the spec's words.
   */
  validationTitle: "Please check your entry",
  validationLead: "Your entry was not sent yet. Fix these, then press Submit:",
  confirm: "Please confirm this statement",
  underThirteen:
    "Because you are under 13, a parent or guardian must confirm your account before you can submit entries.",
  noDateOfBirth: "Please add your date of birth to your account before submitting entries.",
  unpackedTooLarge:
    "This document is too large once opened (over 50 MB unpacked). Please upload a smaller file.",
  unreadable:
    "This document could not be read. Please save it again, or upload it as a PDF or TXT file.",
  tooSlow:
    "This document took too long to read. Please save it again, or upload it as a PDF or TXT file.",
  tooMuchMemory:
    "This document needs too much memory to read. Please save it again with fewer pages or pictures, or paste your story in the box.",
  noText:
    "We could not find any words in this document. If it is a scan or a photo of pages, please upload the file it was typed in, or paste your story in the box.",
  oneFile: "Please upload one file.",
  mentionsEntrant: "Names the entrant",
  mentionsEntrantDetail:
    "This entry's text or file contains the entrant's name or e-mail address, so judges may be able to tell who wrote it.",
} as const;

export function wordRangeMessage(min: number, max: number) {
  return `Word count must be between ${min} and ${max}`;
}

/** The four eligibility confirmations, all required. */
export const CONFIRMATIONS = [
  { name: "confirmOriginal", label: "This is my own original work." },
  { name: "confirmEligible", label: "I meet the age and grade requirements of this contest." },
  { name: "confirmRules", label: "My entry follows the contest rules." },
  {
    name: "confirmAnonymous",
    label: "I understand that judging is anonymous: my name must not appear in my entry.",
  },
] as const;

/** The optional consent to show a winning story publicly (docs/decisions/0019-results.md). */
export const SHOW_IF_AWARDED_LABEL =
  "If my story wins an award, it may be shown on the contest's public results page with my name.";

/** What the server learnt about an uploaded file while streaming it. */
export type FileCheck = {
  name: string;
  size: number;
  /** The allowed kind the name and the content agree on; null when either is wrong. */
  kind: FileKind | null;
  /** True when the stream was cut off because it passed MAX_FILE_BYTES. */
  tooLarge: boolean;
  /** A text file: the encoding it was sent in and the words of its decoded text. */
  encoding?: TextEncodingName;
  words?: number;
  /** A document that unpacks past its bound, cannot be read, has no words, or came with another file. */
  problem?:
    "unpacked-too-large" | "unreadable" | "too-slow" | "too-much-memory" | "no-text" | "several";
};

export const PROBLEM_MESSAGES = {
  "unpacked-too-large": ENTRY_MESSAGES.unpackedTooLarge,
  unreadable: ENTRY_MESSAGES.unreadable,
  "too-slow": ENTRY_MESSAGES.tooSlow,
  "too-much-memory": ENTRY_MESSAGES.tooMuchMemory,
  "no-text": ENTRY_MESSAGES.noText,
  several: ENTRY_MESSAGES.oneFile,
} as const;

export const FIELD_ORDER = [
  "",
  "title",
  "body",
  "file",
  "aiUse",
  "aiHow",
  "discountCode",
  ...CONFIRMATIONS.map((c) => c.name),
];

/** The first error, in form order. */
export function firstError(
  errors: Record<string, string[] | null | undefined> | null | undefined,
): string | null {
  if (!errors) return null;
  for (const key of FIELD_ORDER) {
    const list = errors[key];
    if (list?.length) return list[0];
  }
  for (const list of Object.values(errors)) if (list?.length) return list[0];
  return null;
}

/** Every distinct error, in form order, for the list above the form. */
export function allErrors(
  errors: Record<string, string[] | null | undefined> | null | undefined,
): string[] {
  if (!errors) return [];
  const keys = [...FIELD_ORDER, ...Object.keys(errors).filter((k) => !FIELD_ORDER.includes(k))];
  const out: string[] = [];
  for (const key of keys) for (const e of errors[key] ?? []) if (!out.includes(e)) out.push(e);
  return out;
}

/** What the browser knows of a chosen file, for validating before it is sent (the server sniffs the content). */
export function fileCheckFromFile(file: unknown, kindOf: (name: string) => FileKind | null) {
  if (!file || typeof file !== "object" || !("size" in file) || !("name" in file)) return null;
  const f = file as { name: string; size: number };
  if (!f.name || f.size === 0) return null;
  return { name: f.name, size: f.size, kind: kindOf(f.name), tooLarge: f.size > MAX_FILE_BYTES };
}

/** Whether a read document's words (typed text aside) lie in the contest's range. */
export function withinFileRange(file: FileCheck, contest: { wordMin: number; wordMax: number }) {
  return file.words === undefined || withinWordRange(file.words, contest.wordMin, contest.wordMax);
}

/** zod's own message for a value other than "on" in the optional consent box (forged forms only). */
const NOT_ON = 'Invalid literal value, expected "on"';

/**
 * The entry form's errors, by field, for a form's values as conform reads them: entrySchema's
 * checks and messages, in its order (file, text, title, confirmations), without zod. An empty
 * string counts as absent, as conform's zod coercion makes it; a box counts only when "on".
 */
export function entryErrors(
  payload: Record<string, unknown>,
  contest: { wordMin: number; wordMax: number; aiPolicy?: AiPolicy },
  file?: FileCheck | null,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const present = (v: unknown) => (v === "" ? undefined : v);

  const words = countWords(typeof payload.body === "string" ? payload.body : "");
  const hasFile = !!file && file.size > 0;
  if (hasFile) {
    if (file.problem === "several") add("file", ENTRY_MESSAGES.oneFile);
    else if (file.tooLarge || file.size > MAX_FILE_BYTES) add("file", ENTRY_MESSAGES.fileTooLarge);
    else if (!file.kind) add("file", ENTRY_MESSAGES.fileType);
    else if (file.problem) add("file", PROBLEM_MESSAGES[file.problem]);
    // A document's words count like typed ones (docs/decisions/0034-reading-desk.md).
    else if (words === 0 && !withinFileRange(file, contest))
      add("file", wordRangeMessage(contest.wordMin, contest.wordMax));
  }
  if (words === 0 && !hasFile) add("body", ENTRY_MESSAGES.textOrFile);
  else if (words > 0 && !withinWordRange(words, contest.wordMin, contest.wordMax))
    add("body", wordRangeMessage(contest.wordMin, contest.wordMax));

  const title = present(payload.title);
  if (typeof title !== "string" || title.trim().length === 0)
    add("title", ENTRY_MESSAGES.titleRequired);
  else if (title.trim().length > MAX_TITLE_LENGTH) add("title", ENTRY_MESSAGES.titleTooLong);
  // The AI declaration, when the contest states a policy (ADR 0053).
  const declared = declarationErrors(payload, contest.aiPolicy ?? "unstated");
  for (const [field, list] of Object.entries(declared)) for (const m of list) add(field, m);
  for (const c of CONFIRMATIONS) if (payload[c.name] !== "on") add(c.name, ENTRY_MESSAGES.confirm);
  const show = present(payload.showIfAwarded);
  if (show !== undefined && show !== "on") add("showIfAwarded", NOT_ON);
  return errors;
}
