/**
 * How far an entry went in a contest of several judging rounds, as its writer reads it once
 * results are out (docs/decisions/0032-divisions-and-rounds.md). `reached` is the last round the
 * entry was read in (1, or the highest round it advanced into); a contest of one round says
 * nothing (null).
 */
export function progressLabel(reached: number, rounds: number): string | null {
  if (rounds <= 1) return null;
  if (reached >= rounds) return "Advanced to the final round";
  if (reached <= 1) return "Read in round 1";
  return `Reached round ${reached} of ${rounds}`;
}
