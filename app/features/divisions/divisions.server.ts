/** A contest's divisions, in order (docs/decisions/0032-divisions-and-rounds.md). */
import { readRows } from "~/utils/db-read.server";
import { fromSql } from "~/utils/db.server";
import type { DivisionBasis, DivisionRule } from "./eligibility";

export const divisionSelect = {
  id: true,
  name: true,
  position: true,
  basis: true,
  min: true,
  max: true,
  ageOn: true,
  wordMin: true,
  wordMax: true,
} as const;

export function toDivisionRule(row: {
  id: string;
  name: string;
  position: number;
  basis: string;
  min: number;
  max: number;
  ageOn: Date | null;
  wordMin: number | null;
  wordMax: number | null;
}): DivisionRule {
  return { ...row, basis: row.basis === "age" ? "age" : ("grade" as DivisionBasis) };
}

type Int = number | bigint;

/** A division's columns as a raw statement answers them, on either engine. */
export type RawDivision = {
  id: string;
  name: string;
  basis: string;
  position: Int;
  min: Int;
  max: Int;
  wordMin: Int | null;
  wordMax: Int | null;
  ageOn: Date | string | null;
};

/** The rule of a division read raw. */
export function divisionFromSql(r: RawDivision): DivisionRule {
  return toDivisionRule({
    id: r.id,
    name: r.name,
    position: fromSql.int(r.position),
    basis: r.basis,
    min: fromSql.int(r.min),
    max: fromSql.int(r.max),
    ageOn: fromSql.dateOrNull(r.ageOn),
    wordMin: fromSql.intOrNull(r.wordMin),
    wordMax: fromSql.intOrNull(r.wordMax),
  });
}

/**
 * One raw statement (docs/decisions/0075-signed-in-request-cpu.md): the same columns and order,
 * without the client (0082-postgresql-direct-reads.md).
 */
export async function contestDivisions(contestId: string): Promise<DivisionRule[]> {
  const rows = await readRows<RawDivision>`
    SELECT "id", "name", "position", "basis", "min", "max", "ageOn", "wordMin", "wordMax"
    FROM "Division" WHERE "contestId" = ${contestId} ORDER BY "position" ASC, "createdAt" ASC`;
  return rows.map(divisionFromSql);
}
