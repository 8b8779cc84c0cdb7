/**
 * What entrants read about divisions (docs/decisions/0032-divisions-and-rounds.md): who a division
 * is for ("Grades 6-8", "Ages 12-16 on 1 September 2026"), and the refusal when a writer's profile
 * lacks the fact the contest needs or fits none of its divisions. Pure: the entry write, the entry
 * forms and the public contest page use the same words.
 */
import { DomainError } from "~/utils/domain-error";
import {
  gradeLabel,
  missingFact,
  placeWriter,
  type DivisionRule,
  type WriterFacts,
} from "./eligibility";

const ageDate = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** "1 September 2026": the calendar date an age is taken on (stored at 00:00 UTC). */
export function ageDateLabel(date: Date | string) {
  return ageDate.format(new Date(date));
}

/** Who a division is for: "Kindergarten", "Grades 3-5", "Kindergarten-Grade 2", "Ages 12-16 on 1 September 2026". */
export function divisionRangeLabel(d: Pick<DivisionRule, "basis" | "min" | "max" | "ageOn">) {
  if (d.basis === "grade") {
    if (d.min === d.max) return gradeLabel(d.min);
    if (d.min === 0) return `Kindergarten-Grade ${d.max}`;
    return `Grades ${d.min}-${d.max}`;
  }
  const ages = d.min === d.max ? `Age ${d.min}` : `Ages ${d.min}-${d.max}`;
  return d.ageOn ? `${ages} on ${ageDateLabel(d.ageOn)}` : ages;
}

/** "a", "a and b", "a, b and c". */
function listWords(items: string[]) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Whose profile is read: the signed-in writer, or a pupil an educator sends an entry for. */
export type Writer = { pupilName: string; hasAccount: boolean } | null;

/**
 * A writer the contest's divisions cannot place. `fix` says where the missing fact is added: the
 * writer's account page, the educator's class list, or nowhere (the writer fits no division).
 */
export class DivisionRefused extends DomainError {
  constructor(
    message: string,
    readonly fix: "account" | "roster" | null,
  ) {
    super(message);
  }
}

/** The refusal for a writer the divisions cannot place (the profile lacks a fact, or none fits). */
export function placementRefusal(
  divisions: readonly DivisionRule[],
  facts: WriterFacts,
  writer: Writer,
): DivisionRefused {
  const missing = missingFact(divisions, facts);
  const byAge = divisions.every((d) => d.basis === "age");
  if (missing === "grade") {
    const start = "This contest puts writers in groups by school grade.";
    if (!writer)
      return new DivisionRefused(
        `${start} Add your grade on your account page, then send your story.`,
        "account",
      );
    return writer.hasAccount
      ? new DivisionRefused(
          `${start} ${writer.pupilName} needs to add their grade on their account page, or you can add it to your class list, then send the story.`,
          "roster",
        )
      : new DivisionRefused(
          `${start} Add ${writer.pupilName}'s grade to your class list, then send the story.`,
          "roster",
        );
  }
  if (missing === "dateOfBirth") {
    const start = "This contest puts writers in groups by age.";
    if (!writer)
      return new DivisionRefused(
        `${start} Add your date of birth on your account page, then send your story.`,
        "account",
      );
    return new DivisionRefused(
      `${start} We don't know ${writer.pupilName}'s date of birth, so you can't send an entry for them to this one.`,
      null,
    );
  }
  const ranges = listWords(divisions.map(divisionRangeLabel));
  const what = byAge ? "age" : "grade";
  return new DivisionRefused(
    writer
      ? `This contest is for ${ranges}. ${writer.pupilName}'s ${what} doesn't fit any of them, so you can't send an entry for them to this one.`
      : `This contest is for ${ranges}. Your ${what} doesn't fit any of them, so you can't enter this one.`,
    null,
  );
}

/**
 * The writer's division, or null for a contest without divisions; throws `DivisionRefused` when
 * the contest has divisions and none takes the writer.
 */
export function divisionFor(
  divisions: readonly DivisionRule[],
  facts: WriterFacts,
  now: Date,
  writer: Writer = null,
): DivisionRule | null {
  if (divisions.length === 0) return null;
  const placed = placeWriter(divisions, facts, now);
  if (placed) return placed;
  throw placementRefusal(divisions, facts, writer);
}

/** What an entry form shows before the writer types: their division, or why they can't enter. */
export function divisionNotice(
  divisions: readonly DivisionRule[],
  facts: WriterFacts,
  now: Date,
  writer: Writer = null,
):
  | { kind: "none" }
  | { kind: "placed"; name: string; range: string; wordMin: number | null; wordMax: number | null }
  | { kind: "refused"; message: string; fix: "account" | "roster" | null } {
  try {
    const d = divisionFor(divisions, facts, now, writer);
    if (!d) return { kind: "none" };
    return {
      kind: "placed",
      name: d.name,
      range: divisionRangeLabel(d),
      wordMin: d.wordMin,
      wordMax: d.wordMax,
    };
  } catch (error) {
    if (!(error instanceof DivisionRefused)) throw error;
    return { kind: "refused", message: error.message, fix: error.fix };
  }
}
