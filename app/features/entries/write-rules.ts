/**
 * The rules an entry's write applies at the moment of the write, in their order
 * (docs/decisions/0013-entry-form-and-limits.md, 0078-rush-entry-cpu.md): the window, the signed-in
 * account, (its eligibility or the class's checks), the form's key, a repeat of the same entry,
 * the AI declaration, the writer's limit, (the division), the division's word range. Pure: both
 * ways of writing an entry (the client's transaction, and SQLite's direct write,
 * docs/decisions/0080-rush-direct-write.md) run the same steps on the same read.
 */
import { submitEligibility } from "~/features/accounts/user";
import {
  AI_MESSAGES,
  asksDeclaration,
  declarationWording,
  type AiAnswer,
  type AiPolicy,
} from "~/features/contests/ai-policy";
import { isSubmissionWindowOpen } from "~/features/contests/phase";
import { publicContest, type PublicContest } from "~/features/contests/public-contest";
import { divisionWordRange, type DivisionRule } from "~/features/divisions/eligibility";
import type { AtWrite } from "./entry-statements.server";
import { entriesLeftAfter, entryLimitMessage } from "./entry-limit";
import { wordRangeMessage } from "./entry-rules";
import { ENTRY_MESSAGES } from "./entry-schema";
import { withinWordRange } from "./word-count";

export type Refusal = { refused: string; field?: string };

export function eligibilityMessage(user: {
  dateOfBirth: Date | string | null;
  parentConsentAt: Date | string | null;
}) {
  const e = submitEligibility(user);
  if (e.ok) return null;
  return e.reason === "awaiting-parental-consent"
    ? ENTRY_MESSAGES.underThirteen
    : ENTRY_MESSAGES.noDateOfBirth;
}

/** Who declares for a class's pupil (ADR 0053). */
type Declarer = { teacherName: string; pupilName: string };

/**
 * The AI declaration's row (without its entry's id) with the words shown, who declared it, and
 * whether it breaks the policy; null when the policy asks nothing; "missing" when it asks and the
 * form did not answer.
 */
export function declarationFor(
  policy: AiPolicy,
  answer: AiAnswer | null,
  declarer: Declarer | undefined,
  account: { id: string; displayName: string },
) {
  if (!asksDeclaration(policy)) return null;
  if (!answer) return "missing" as const;
  const by = declarer ? "teacher" : "writer";
  return {
    ...declarationWording(policy, answer.use, by),
    how: answer.how,
    declaredBy: by,
    declarerId: account.id,
    declarerName: declarer?.teacherName ?? account.displayName,
    pupilName: declarer?.pupilName ?? null,
  };
}

export type Declaration = Exclude<ReturnType<typeof declarationFor>, "missing" | null>;
type Account = NonNullable<AtWrite["account"]>;
type Contest = NonNullable<AtWrite["contest"]>;

/** The first rules: the contest's window and the signed-in account, as they are now. */
export function openAndSignedIn(
  read: AtWrite,
  now: Date,
): Refusal | { contest: Contest; account: Account } {
  if (!read.contest || !isSubmissionWindowOpen(publicContest(read.contest), now))
    return { refused: ENTRY_MESSAGES.notOpen };
  if (!read.account) return { refused: ENTRY_MESSAGES.mustSignIn };
  return { contest: read.contest, account: read.account };
}

/**
 * After eligibility: the form's key (a key naming someone else's entry is ignored and a new one
 * minted; the writer's own is the entry already made), a repeat of the same entry, the AI
 * declaration the policy asks now, the writer's limit. Answers the entry's id in every case.
 */
export function keyRepeatAndLimit(
  read: AtWrite,
  contest: Contest,
  entry: {
    id: string;
    userId: string;
    newKey: () => string;
    ai: AiAnswer | null;
    declarer?: Declarer;
    account: Account;
  },
):
  | Refusal
  | { id: string; duplicate: true; status: string }
  | { id: string; shown: PublicContest; declared: Declaration | null } {
  let id = entry.id;
  const existing = read.key;
  if (existing && existing.entrantId !== entry.userId) id = entry.newKey();
  else if (existing) return { id, duplicate: true, status: existing.status };
  if (read.repeated) return { id: read.repeated.id, duplicate: true, status: read.repeated.status };
  const shown = publicContest(contest);
  // The AI declaration is asked by the policy as it is now (ADR 0053): a policy published
  // after the form was shown sends the form back with its question.
  const declared = declarationFor(shown.aiPolicy, entry.ai, entry.declarer, entry.account);
  if (declared === "missing") return { refused: AI_MESSAGES.choose, field: "aiUse" };
  if (entriesLeftAfter(shown.entriesPerWriter, read.used) === 0)
    return { refused: entryLimitMessage(shown.entriesPerWriter) };
  return { id, shown, declared };
}

/**
 * The last rule: the words counted (typed text, or else the document's) within the range of the
 * division the entry is placed in now, when that range differs from the one the form was checked
 * against (docs/decisions/0034-reading-desk.md).
 */
export function outsideWordRange(
  shown: PublicContest,
  placed: DivisionRule | null,
  checked: { wordMin: number; wordMax: number },
  counted: { typed: boolean; words: number | undefined },
): Refusal | null {
  const range = divisionWordRange(shown, placed);
  if (
    counted.words !== undefined &&
    (range.wordMin !== checked.wordMin || range.wordMax !== checked.wordMax) &&
    !withinWordRange(counted.words, range.wordMin, range.wordMax)
  )
    return {
      refused: wordRangeMessage(range.wordMin, range.wordMax),
      field: counted.typed ? "body" : "file",
    };
  return null;
}

/** The words the last rule counts: typed text, or else the document's. */
export function counted(
  value: { body?: string | null; wordCount: number },
  file: { words?: number } | null,
) {
  return { typed: Boolean(value.body), words: value.body ? value.wordCount : file?.words };
}
