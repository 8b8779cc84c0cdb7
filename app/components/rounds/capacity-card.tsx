import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { ContestCapacity } from "~/features/rounds/capacity";

/**
 * Does the panel's capacity cover every round? Per division: each round's entries × judges per
 * entry, the need and the room (docs/decisions/0045-published-results-conflicts-and-leases.md).
 */
export function CapacityCard({ capacity: c }: { capacity: ContestCapacity }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Judges' capacity for every round</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-base">
        <p
          role={c.fits ? undefined : "alert"}
          className={c.fits ? "" : "font-semibold text-red-800"}
        >
          {c.fits
            ? `The panel has room for every round: up to ${c.need} assignments needed, room for ${c.room}.`
            : "Warning: the panel's capacity does not cover every round."}
        </p>
        {c.problems.length ? (
          <ul className="list-disc space-y-1 pl-6 text-red-800">
            {c.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : null}
        <table className="min-w-full text-left">
          <caption className="sr-only">Entries, judges per entry and assignments per round</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-4">
                Division
              </th>
              <th scope="col" className="pr-4">
                Rounds (entries × judges per entry)
              </th>
              <th scope="col" className="pr-4">
                Need
              </th>
              <th scope="col" className="pr-4">
                Room
              </th>
              <th scope="col">Covered</th>
            </tr>
          </thead>
          <tbody>
            {c.divisions.map((d) => (
              <tr key={d.id ?? "none"}>
                <th scope="row" className="pr-4 font-normal">
                  {d.name}
                </th>
                <td className="pr-4">
                  {d.rounds
                    .map(
                      (r) =>
                        `${r.name}: ${r.atMost ? "up to " : ""}${r.entries} × ${r.judgesPerEntry}`,
                    )
                    .join("; ")}
                </td>
                <td className="pr-4">{d.need}</td>
                <td className="pr-4">{d.room}</td>
                <td>{d.fits ? "Yes" : "No"}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-slate-700">
          Counted from the {c.entriesSoFar} {c.entriesSoFar === 1 ? "entry" : "entries"} submitted
          so far; more entries need more room. A judge's capacity counts all rounds together.
          {c.estimated
            ? " Later rounds are counted at most: top N and top X % as their number (ties at the cut may add a few), an average score as every entry of the round before."
            : ""}
        </p>
      </CardContent>
    </Card>
  );
}
