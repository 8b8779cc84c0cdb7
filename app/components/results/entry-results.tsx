import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatScore } from "~/features/judging/scoring";

export type EntryResultsData = {
  award: { label: string; kind: string } | null;
  /** How far the entry went in a contest of several rounds, e.g. "Advanced to the final round". */
  progress?: string | null;
  average: number | null;
  outOf: number;
  criteria: { label: string; outOf: number; average: number | null }[];
  comments: { judge: string; comment: string | null }[];
  /** The round that decided the entry was judged by comparison (ADR 0056): no average. */
  comparedLast?: boolean;
};

/** An entrant's own results: award, average with its scale, criteria, judges' comments. */
export function EntryResults({
  results,
  certificateHref,
}: {
  results: EntryResultsData;
  certificateHref: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your results</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-base">
        {results.award ? (
          <div className="flex flex-wrap items-center gap-3">
            <Badge variant={results.award.kind === "place" ? "default" : "secondary"}>
              {results.award.label}
            </Badge>
            <a
              href={certificateHref}
              download
              className={buttonClass({ variant: "outline", size: "sm" })}
            >
              Download your certificate (PDF)
            </a>
          </div>
        ) : null}
        {results.progress ? <p className="font-medium">{results.progress}</p> : null}
        {results.average === null && results.comparedLast ? (
          <p>
            Your entry was judged by comparison: judges chose the better of two pieces, so it has no
            score.
          </p>
        ) : results.average === null ? (
          <p>Your entry was not scored.</p>
        ) : (
          <>
            <p>
              Average score: <strong>{formatScore(results.average)}</strong> out of{" "}
              {formatScore(results.outOf)}
            </p>
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
              {results.criteria.map((c) => (
                <div key={c.label} className="contents">
                  <dt>{c.label}</dt>
                  <dd>
                    {c.average === null ? "—" : formatScore(c.average)} out of {c.outOf}
                  </dd>
                </div>
              ))}
            </dl>
          </>
        )}
        {results.comments.length ? (
          <div className="space-y-3">
            <h3 className="font-semibold">What the judges wrote</h3>
            {results.comments.map((c) => (
              <blockquote key={c.judge} className="border-l-4 border-ink-200 pl-3">
                <p className="font-medium">{c.judge}</p>
                <p className="whitespace-pre-wrap break-words">{c.comment}</p>
              </blockquote>
            ))}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
