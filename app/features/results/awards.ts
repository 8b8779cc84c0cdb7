/**
 * Awards from a ranking (docs/decisions/0019-results.md): entries ranked within the contest's
 * number of places get that place (entries tied on a rank share it, so a tie at 3rd gives two
 * 3rd places); the next entries, as many as the contest's honourable mentions, get a mention.
 * An admin may adjust the result before it is published; the adjusted list is what is stored.
 */
export type AwardKind = "place" | "honourable";
export type Award = {
  submissionId: string;
  kind: AwardKind;
  place: number | null;
  note?: string | null;
};
export type RankedForAwards = { submissionId: string; rank: number | null };

export function defaultAwards(
  ranked: RankedForAwards[],
  settings: { places: number; honourableMentions: number },
): Award[] {
  const awards: Award[] = [];
  let mentions = 0;
  for (const row of ranked) {
    if (row.rank === null) break;
    if (row.rank <= settings.places) {
      awards.push({ submissionId: row.submissionId, kind: "place", place: row.rank });
    } else if (mentions < settings.honourableMentions) {
      awards.push({ submissionId: row.submissionId, kind: "honourable", place: null });
      mentions++;
    } else break;
  }
  return awards;
}

/** "1st", "2nd", "3rd", "4th", … "11th", "12th", "13th", "21st". */
export function ordinal(n: number) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen
    ? "th"
    : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
  return `${n}${suffix}`;
}

/** How an award reads: "1st place", "Honourable mention". */
export function awardLabel(award: Pick<Award, "kind" | "place">) {
  return award.kind === "place" && award.place
    ? `${ordinal(award.place)} place`
    : "Honourable mention";
}

/** The order awards are shown in: places by place, then mentions. */
export function compareAwards(a: Pick<Award, "kind" | "place">, b: Pick<Award, "kind" | "place">) {
  const key = (x: Pick<Award, "kind" | "place">) => (x.kind === "place" ? (x.place ?? 0) : 1_000);
  return key(a) - key(b);
}

/**
 * An admin's choice for one entry, as posted by the awards form: "none", "hm" or a place
 * number. Places must be 1..places; a changed result needs a note saying why.
 */
export function parseAwardChoice(
  value: string,
  places: number,
): Omit<Award, "submissionId"> | null {
  if (value === "hm") return { kind: "honourable", place: null };
  const place = Number(value);
  if (Number.isInteger(place) && place >= 1 && place <= places) return { kind: "place", place };
  return null;
}

/**
 * Awards of a contest with divisions (docs/decisions/0032-divisions-and-rounds.md): each division
 * is ranked on its own and gets the contest's places and honourable mentions, so every division
 * has its 1st place. Rows are grouped by divisionId (null is a group too: a contest without
 * divisions is one group); within a group they come in ranking order.
 */
export function defaultAwardsByDivision(
  ranked: (RankedForAwards & { divisionId: string | null })[],
  settings: { places: number; honourableMentions: number },
): Award[] {
  const groups = new Map<string | null, RankedForAwards[]>();
  for (const row of ranked) {
    const group = groups.get(row.divisionId);
    if (group) group.push(row);
    else groups.set(row.divisionId, [row]);
  }
  return [...groups.values()].flatMap((group) => defaultAwards(group, settings));
}

/**
 * A place the admin gave to more than one entry of the same division, when the ranking did not
 * tie those entries on it (a tie in the ranking may share a place; otherwise each place is given
 * once per division). The same place in two divisions is fine. Null when there is none.
 */
export function placeClash(
  awards: (Pick<Award, "submissionId" | "kind" | "place"> & { divisionId: string | null })[],
  computed: Pick<Award, "submissionId" | "kind" | "place">[],
): { divisionId: string | null; place: number } | null {
  const computedPlace = new Map(
    computed.filter((a) => a.kind === "place").map((a) => [a.submissionId, a.place]),
  );
  const holders = new Map<string, { divisionId: string | null; place: number; ids: string[] }>();
  for (const a of awards) {
    if (a.kind !== "place" || a.place === null) continue;
    const key = `${a.divisionId ?? ""}|${a.place}`;
    const entry = holders.get(key) ?? { divisionId: a.divisionId, place: a.place, ids: [] };
    entry.ids.push(a.submissionId);
    holders.set(key, entry);
  }
  for (const h of holders.values()) {
    if (h.ids.length > 1 && h.ids.some((id) => computedPlace.get(id) !== h.place)) {
      return { divisionId: h.divisionId, place: h.place };
    }
  }
  return null;
}

/** An award with its division: "1st place, Grades 6-8"; without a division, the award alone. */
export function withDivision(label: string, division: string | null | undefined) {
  return division ? `${label}, ${division}` : label;
}
