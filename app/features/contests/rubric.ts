import { z } from "zod";

/**
 * The one criterion shape (docs/decisions/0009-domain-rules.md), used by the rubric builder, the judge screen,
 * the ranking and the published snapshot alike.
 */
export const criterionSchema = z.object({
  key: z
    .string()
    .min(1, "Criterion key is required")
    .max(100)
    .regex(/^[a-z0-9_]+$/, "Criterion key may use lowercase letters, digits and underscores"),
  label: z.string().trim().min(1, "Criterion label is required").max(100),
  description: z.string().trim().max(500).optional(),
  maxPoints: z.number().int().min(1).max(100).default(10),
  weight: z.number().min(0).max(1).default(0.25),
  requireComment: z.boolean().default(false),
});
export type Criterion = z.output<typeof criterionSchema>;

export const criteriaSchema = z.array(criterionSchema);

export const WEIGHT_TOLERANCE = 0.01;

export function totalWeight(criteria: Pick<Criterion, "weight">[]) {
  return Math.round(criteria.reduce((sum, c) => sum + c.weight, 0) * 10000) / 10000;
}

export function weightsSumToOne(criteria: Pick<Criterion, "weight">[]) {
  return Math.abs(totalWeight(criteria) - 1) <= WEIGHT_TOLERANCE + 1e-9;
}

/** Lowercases and turns any other character into an underscore. */
export function normalizeCriterionKey(input: string) {
  return input.toLowerCase().replace(/[^a-z0-9_]/g, "_");
}

export function round2(n: number) {
  return Math.round((n + Number.EPSILON) * 100) / 100;
}

/** Total = Σ score × weight, two decimals. Missing or non-numeric scores count as 0. */
export function weightedTotal(
  criteria: Pick<Criterion, "key" | "weight">[],
  scores: Record<string, number | undefined>,
) {
  return round2(
    criteria.reduce((sum, c) => {
      const v = Number(scores[c.key]);
      return sum + (Number.isFinite(v) ? v : 0) * c.weight;
    }, 0),
  );
}

/** The highest total a stored rubric allows: Σ maxPoints × weight (null when it has none). */
export function rubricMaxTotal(json: string): number | null {
  // A list shows the same few rubrics on every row: each stored text is validated once
  // (docs/decisions/0081-judge-queue-cpu.md).
  let max = maxTotals.get(json);
  if (max === undefined) {
    const criteria = parseCriteria(json);
    max =
      criteria.length === 0
        ? null
        : round2(criteria.reduce((s, c) => s + c.maxPoints * c.weight, 0));
    if (maxTotals.size >= 200) maxTotals.clear();
    maxTotals.set(json, max);
  }
  return max;
}

/** Recent answers of rubricMaxTotal, by the stored criteria text. */
const maxTotals = new Map<string, number | null>();

/** Reads a stored criteria column; a malformed value yields an empty list rather than a crash. */
export function parseCriteria(json: string): Criterion[] {
  try {
    const parsed = criteriaSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
