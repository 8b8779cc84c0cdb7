/**
 * Planning a contest's judging rounds (docs/decisions/0032-divisions-and-rounds.md), as pure rules:
 * the form's schema and the checks that rounds follow each other on the contest's timeline and that
 * each advancement rule makes sense. One round means no JudgingRound rows (today's behaviour).
 */
import { z } from "zod";
import { ROUND_METHODS, type RoundMethod } from "~/features/comparison/desk";
import { fromZonedInputValue } from "~/utils/zoned-input";

export const MAX_ROUNDS = 4;

/** The "Number of rounds" choices: a count only, true whatever the rounds' methods. */
export function roundCountLabel(count: number) {
  return count === 1 ? "1 round" : `${count} rounds`;
}

/**
 * Where the dates of a single round come from, by its method (validateRoundPlan): a rubric round
 * is judged on the contest's own dates (no row is saved), a comparison round on its own dates
 * below (docs/decisions/0056-comparison-rounds.md).
 */
export const SINGLE_ROUND_DATES: Record<RoundMethod, string> = {
  rubric: "One rubric round is judged on the contest's own dates: nothing below is saved.",
  comparison: "One comparison round is judged on the dates you give it below.",
};

export const ADVANCE_RULES = ["top", "percent", "score"] as const;
export type AdvanceRuleName = (typeof ADVANCE_RULES)[number];

export const ADVANCE_RULE_LABEL: Record<AdvanceRuleName, string> = {
  top: "Top N entries in each division",
  percent: "Top X % of entries in each division",
  score: "Every entry with an average of at least X",
};

export type PlannedRound = {
  name: string;
  judgingOpen: Date;
  judgingClose: Date;
  rubricId: string | null;
  judgesPerEntry: number;
  judgeIds: string[];
  advanceRule: AdvanceRuleName | null;
  advanceValue: number | null;
  /** "rubric" or "comparison" (docs/decisions/0056-comparison-rounds.md). */
  method: RoundMethod;
  comparisonsPerEntry: number;
};

const text = z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().optional());
const ids = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.string()),
);

const roundInput = z.object({
  name: text,
  judgingOpen: text,
  judgingClose: text,
  rubricId: text,
  judgesPerEntry: text,
  judgeIds: ids,
  advanceRule: text,
  advanceValue: text,
  method: text,
  comparisonsPerEntry: text,
});

/** The form: how many rounds (1 to 4) and, for 2 or more, each round's fields. */
export const roundPlanSchema = z.object({
  intent: z.enum(["save-rounds", "preview-rounds"]),
  count: z.coerce
    .number({ message: "Choose how many rounds." })
    .int()
    .min(1, "Choose how many rounds.")
    .max(MAX_ROUNDS, `A contest has at most ${MAX_ROUNDS} rounds.`),
  rounds: z.array(roundInput).optional(),
});
export type RoundPlanInput = z.infer<typeof roundPlanSchema>;

export type PlanIssue = { path: string; message: string };

/** What the plan is checked against: the contest's time zone and dates, its rubrics and judges. */
export type PlanContext = {
  timeZone: string;
  submissionsClose: Date;
  resultsAt: Date;
  rubricIds: string[];
  judgeIds: string[];
  /** The highest total a rubric allows (for the "score" rule), by rubric id; absent: 100. */
  rubricMax?: Record<string, number>;
};

const roundName = (i: number) => `Round ${i + 1}`;
const lower = (i: number) => `round ${i + 1}`;

/**
 * Reads and checks a plan. Returns the rounds (empty for a single rubric round: no rows) or the issues,
 * each on a field path ("rounds[1].judgingOpen") with a message naming the round.
 */
export function validateRoundPlan(
  input: RoundPlanInput,
  ctx: PlanContext,
): { ok: true; rounds: PlannedRound[] } | { ok: false; issues: PlanIssue[] } {
  // One rubric round needs no row (the contest's own dates judge it); one round judged by
  // comparison keeps its row, which carries the method (docs/decisions/0056-comparison-rounds.md).
  if (input.count === 1 && input.rounds?.[0]?.method !== "comparison")
    return { ok: true, rounds: [] };
  const raw = input.rounds ?? [];
  const issues: PlanIssue[] = [];
  const rounds: PlannedRound[] = [];
  const last = input.count - 1;
  for (let i = 0; i < input.count; i++) {
    const r = raw[i] ?? { judgeIds: [] };
    const at = (f: string) => `rounds[${i}].${f}`;
    const name = r.name?.trim() || roundName(i);
    if (name.length > 80)
      issues.push({ path: at("name"), message: `${roundName(i)}'s name is too long.` });
    const open = r.judgingOpen ? fromZonedInputValue(r.judgingOpen, ctx.timeZone) : null;
    const close = r.judgingClose ? fromZonedInputValue(r.judgingClose, ctx.timeZone) : null;
    if (!open)
      issues.push({ path: at("judgingOpen"), message: `${roundName(i)} needs an opening date.` });
    if (!close)
      issues.push({ path: at("judgingClose"), message: `${roundName(i)} needs a closing date.` });
    const per = Number(r.judgesPerEntry || "3");
    if (!Number.isInteger(per) || per < 1 || per > 100)
      issues.push({
        path: at("judgesPerEntry"),
        message: `${roundName(i)}: judges per entry must be a whole number from 1 to 100.`,
      });
    const rubricId = r.rubricId || null;
    if (rubricId && !ctx.rubricIds.includes(rubricId))
      issues.push({
        path: at("rubricId"),
        message: `${roundName(i)}: choose one of this contest's rubrics.`,
      });
    const known = new Set(ctx.judgeIds);
    const judgeIds = [...new Set(r.judgeIds ?? [])];
    if (judgeIds.some((j) => !known.has(j)))
      issues.push({
        path: at("judgeIds"),
        message: `${roundName(i)}: choose judges from the list.`,
      });
    const method: RoundMethod = (ROUND_METHODS as readonly string[]).includes(r.method ?? "")
      ? (r.method as RoundMethod)
      : "rubric";
    const perEntry = Number(r.comparisonsPerEntry || "10");
    if (method === "comparison" && (!Number.isInteger(perEntry) || perEntry < 1 || perEntry > 100))
      issues.push({
        path: at("comparisonsPerEntry"),
        message: `${roundName(i)}: comparisons per entry must be a whole number from 1 to 100.`,
      });
    if (method === "comparison" && i < last && r.advanceRule === "score")
      issues.push({
        path: at("advanceRule"),
        message: `${roundName(i)} is judged by comparison: choose the top N or the top X % to go on.`,
      });
    let advanceRule: AdvanceRuleName | null = null;
    let advanceValue: number | null = null;
    if (i < last) {
      const rule = r.advanceRule as AdvanceRuleName | undefined;
      const value = Number(r.advanceValue);
      if (!rule || !ADVANCE_RULES.includes(rule)) {
        issues.push({
          path: at("advanceRule"),
          message: `${roundName(i)}: choose who goes on to ${lower(i + 1)}.`,
        });
      } else if (!r.advanceValue || !Number.isFinite(value)) {
        issues.push({
          path: at("advanceValue"),
          message: `${roundName(i)}: give a number for who goes on.`,
        });
      } else {
        const problem = ruleValueProblem(
          rule,
          value,
          rubricId ? ctx.rubricMax?.[rubricId] : undefined,
        );
        if (problem)
          issues.push({ path: at("advanceValue"), message: `${roundName(i)}: ${problem}` });
        advanceRule = rule;
        advanceValue = value;
      }
    }
    if (open && close) {
      if (close.getTime() <= open.getTime())
        issues.push({
          path: at("judgingClose"),
          message: `${roundName(i)} must close after it opens.`,
        });
      if (i === 0 && open.getTime() < ctx.submissionsClose.getTime())
        issues.push({
          path: at("judgingOpen"),
          message: "Round 1 must open after submissions close.",
        });
      const prev = rounds[i - 1];
      if (i > 0 && prev && open.getTime() < prev.judgingClose.getTime())
        issues.push({
          path: at("judgingOpen"),
          message: `${roundName(i)} must open after ${lower(i - 1)} closes.`,
        });
      if (i === last && close.getTime() > ctx.resultsAt.getTime())
        issues.push({
          path: at("judgingClose"),
          message: `${roundName(i)} must close before results are published.`,
        });
    }
    rounds.push({
      name,
      judgingOpen: open ?? new Date(NaN),
      judgingClose: close ?? new Date(NaN),
      rubricId,
      judgesPerEntry: per,
      judgeIds,
      advanceRule,
      advanceValue,
      method,
      comparisonsPerEntry: method === "comparison" && Number.isInteger(perEntry) ? perEntry : 10,
    });
  }
  return issues.length ? { ok: false, issues } : { ok: true, rounds };
}

/** Why an advancement rule's value makes no sense, or null. */
export function ruleValueProblem(
  rule: AdvanceRuleName,
  value: number,
  maxScore = 100,
): string | null {
  if (rule === "top")
    return Number.isInteger(value) && value >= 1
      ? null
      : "the number of entries going on must be a whole number of at least 1.";
  if (rule === "percent")
    return value > 0 && value <= 100
      ? null
      : "the share going on must be more than 0 and at most 100 %.";
  return value >= 0 && value <= maxScore
    ? null
    : `the lowest average going on must be from 0 to ${maxScore}.`;
}

/**
 * Why saving a new plan would mislead once judging has begun, or null: rounds that have opened
 * must stay (same count up to them, same dates they opened on), and a round whose advancement is
 * fixed keeps its rule.
 */
export function changeProblem(
  current: {
    number: number;
    judgingOpen: Date;
    advanceRule: string | null;
    advanceValue: number | null;
    advancedAt: Date | null;
    method?: RoundMethod;
  }[],
  next: PlannedRound[],
  now: Date,
): string | null {
  const started = current.filter((r) => r.judgingOpen.getTime() <= now.getTime());
  if (started.length === 0) return null;
  const lastStarted = Math.max(...started.map((r) => r.number));
  if (current.length > 1 && next.length < Math.max(2, lastStarted))
    return `Round ${lastStarted} has already opened, so rounds up to it cannot be removed.`;
  if (current.length <= 1) {
    // One round (no rows) that has opened: adding rounds now would change judging under way.
    return next.length > 0
      ? "Judging has already opened, so the contest cannot be split into rounds now."
      : null;
  }
  for (const r of started) {
    const n = next[r.number - 1];
    if (!n) continue;
    if (n.judgingOpen.getTime() !== r.judgingOpen.getTime())
      return `Round ${r.number} has already opened, so its opening date cannot change.`;
    if (r.method && n.method !== r.method)
      return `Round ${r.number} has already opened, so how it is judged cannot change.`;
    if (r.advancedAt && (n.advanceRule !== r.advanceRule || n.advanceValue !== r.advanceValue))
      return `Who goes on after round ${r.number} is already fixed, so its rule cannot change.`;
  }
  return null;
}
