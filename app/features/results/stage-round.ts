/**
 * The round a staged contest's scoring page opens on (ADR 0045): the round being judged now (its
 * window holds `now`); between rounds, the latest that has opened; before judging, the first.
 * After the last round it is the final round, as before.
 */
export function roundInView(
  rounds: readonly { number: number; judgingOpen?: Date; judgingClose?: Date }[],
  now: Date,
): number | null {
  const t = now.getTime();
  const dated = rounds.filter((r) => r.judgingOpen && r.judgingClose);
  if (dated.length === 0) return null;
  const open = dated.find((r) => r.judgingOpen!.getTime() <= t && t <= r.judgingClose!.getTime());
  if (open) return open.number;
  const started = dated.filter((r) => r.judgingOpen!.getTime() <= t);
  return (started.at(-1) ?? dated[0]).number;
}
