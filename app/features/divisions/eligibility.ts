/**
 * Which division a writer enters (docs/decisions/0032-divisions-and-rounds.md), as pure rules: a
 * contest's divisions are tried in order (position), and the first whose range holds the writer's
 * school grade (basis "grade") or their age in whole years on the division's date (basis "age")
 * is theirs. A contest without divisions is one pool.
 */
export type DivisionBasis = "grade" | "age";

export type DivisionRule = {
  id: string;
  name: string;
  position: number;
  basis: DivisionBasis;
  /** Inclusive range: school grades (0 = kindergarten) or whole years. */
  min: number;
  max: number;
  /** For an age basis: the date the age is taken on (null: the day of entry). */
  ageOn: Date | null;
  wordMin: number | null;
  wordMax: number | null;
};

/** What the writer's profile says: their own, or (a class entry) the educator's roster grade. */
export type WriterFacts = { grade: number | null; dateOfBirth: Date | null };

/** Age in whole years on a date (a birthday on that date counts), by UTC calendar date. */
export function ageOn(dateOfBirth: Date, on: Date): number {
  let age = on.getUTCFullYear() - dateOfBirth.getUTCFullYear();
  const beforeBirthday =
    on.getUTCMonth() < dateOfBirth.getUTCMonth() ||
    (on.getUTCMonth() === dateOfBirth.getUTCMonth() && on.getUTCDate() < dateOfBirth.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

/** The division the writer enters, or null when none fits (or the profile lacks what it needs). */
export function placeWriter(
  divisions: readonly DivisionRule[],
  writer: WriterFacts,
  now: Date,
): DivisionRule | null {
  const ordered = [...divisions].sort((a, b) => a.position - b.position);
  for (const d of ordered) {
    const value =
      d.basis === "grade"
        ? writer.grade
        : writer.dateOfBirth
          ? ageOn(writer.dateOfBirth, d.ageOn ?? now)
          : null;
    if (value !== null && value >= d.min && value <= d.max) return d;
  }
  return null;
}

/**
 * What the writer's profile lacks for this contest's divisions: "grade" when every division goes
 * by grade and no grade is known, "dateOfBirth" likewise for ages; null when nothing is missing
 * (a writer who has both and fits none is simply outside every division).
 */
export function missingFact(
  divisions: readonly DivisionRule[],
  writer: WriterFacts,
): "grade" | "dateOfBirth" | null {
  const needsGrade = divisions.some((d) => d.basis === "grade");
  const needsAge = divisions.some((d) => d.basis === "age");
  if (needsGrade && !needsAge && writer.grade === null) return "grade";
  if (needsAge && !needsGrade && !writer.dateOfBirth) return "dateOfBirth";
  if (needsGrade && needsAge && writer.grade === null && !writer.dateOfBirth) return "grade";
  return null;
}

/** A grade as people say it: "Kindergarten", "Grade 4". */
export function gradeLabel(grade: number) {
  return grade === 0 ? "Kindergarten" : `Grade ${grade}`;
}

/** The contest's word range for a division: its own where set, else the contest's. */
export function divisionWordRange(
  contest: { wordMin: number; wordMax: number },
  division: Pick<DivisionRule, "wordMin" | "wordMax"> | null,
) {
  return {
    wordMin: division?.wordMin ?? contest.wordMin,
    wordMax: division?.wordMax ?? contest.wordMax,
  };
}
