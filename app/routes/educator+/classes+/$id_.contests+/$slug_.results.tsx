import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SubmissionStatusBadge } from "~/components/entries/submission-view";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { gradeLabel } from "~/features/classrooms/class-results.server";
import { formatScore } from "~/features/judging/scoring";
import { formatDateTime, formatSubmissionDate } from "~/utils/dates";
import { loadClassResults } from "./class-results.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${data.classroom.name}: ${data.contest.title} · Inkwell`
      : "Class results · Inkwell",
  },
];

/**
 * A class's entries in one contest (docs/decisions/0031-classrooms-and-shared-computers.md): each
 * pupil's entries and status, and once results are out their scores, the judges' anonymous
 * feedback, awards and certificates, with the class's downloads.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { classroom, view, page } = await loadClassResults(request, params);
  const tz = view.contest.timeZone;
  return {
    classroom: { id: classroom.id, name: classroom.name },
    contest: {
      slug: view.contest.slug,
      title: view.contest.title,
      resultsAt: formatDateTime(view.contest.resultsAt, tz),
    },
    published: view.published,
    page,
    entries: view.entries.map((e) => ({
      id: e.id,
      title: e.title,
      status: e.status,
      sent: formatSubmissionDate(e.createdAt, tz),
      division: e.division,
      pupil: { name: e.pupil.name, grade: gradeLabel(e.pupil.grade) },
      results: e.results,
    })),
    certificates: view.entries.filter((e) => e.results?.certificate).length,
    placed: view.entries.some((e) => e.results?.award?.kind === "place"),
  };
}

export default function ClassContestResults() {
  const { classroom, contest, published, page, entries, certificates, placed } =
    useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <p>
        <Link to={`/educator/classes/${classroom.id}`} className="underline">
          {classroom.name}
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl font-bold">{contest.title}</h1>
      <p className="mt-1 text-slate-600">
        Your class&rsquo;s entries.{" "}
        {published
          ? "Results are out."
          : `Scores, feedback and awards appear here when results are published (${contest.resultsAt}).`}
      </p>

      <div className="mt-6 flex flex-wrap gap-3">
        <a
          href={`${page}.csv`}
          className={buttonClass({ variant: "outline", size: "sm" })}
          download
        >
          Download results (CSV)
        </a>
        {published ? (
          <a
            href={page.replace(/\/results$/, "/certificates.zip")}
            className={buttonClass({ variant: "outline", size: "sm" })}
          >
            {`Download all certificates (zip${certificates ? `, ${certificates} PDF` : ""})`}
          </a>
        ) : null}
        {placed ? (
          <a
            href={page.replace(/\/results$/, "/educator-certificate")}
            className={buttonClass({ variant: "outline", size: "sm" })}
          >
            Your educator&rsquo;s certificate (PDF)
          </a>
        ) : null}
      </div>
      {published && certificates === 0 ? (
        <Alert variant="info" className="mt-6" title="No certificates">
          None of your class&rsquo;s entries won an award in this contest, so there are no
          certificates to download.
        </Alert>
      ) : null}

      {entries.length === 0 ? (
        <EmptyState className="mt-8 p-8">Your class has no entries in this contest.</EmptyState>
      ) : (
        <DataTable
          className="mt-6"
          columns={["Pupil", "Grade", "Title", "Status", "Score", "Award", "Certificate"]}
        >
          {entries.map((e) => (
            <tr key={e.id} className="border-b border-slate-100 align-top">
              <th scope="row" className="py-2 pr-4 text-left font-medium">
                <bdi>{e.pupil.name}</bdi>
              </th>
              <td className="py-2 pr-4">{e.pupil.grade}</td>
              <td className="py-2 pr-4">
                {e.title}
                <span className="block text-sm text-slate-600">Sent {e.sent}</span>
                {e.division ? (
                  <span className="block text-sm text-slate-600">Division: {e.division}</span>
                ) : null}
              </td>
              <td className="py-2 pr-4">
                <SubmissionStatusBadge status={e.status} />
              </td>
              <td className="py-2 pr-4">
                {e.results?.average != null ? formatScore(e.results.average) : null}
              </td>
              <td className="py-2 pr-4">
                {e.results?.award ? (
                  <Badge variant={e.results.award.kind === "place" ? "default" : "secondary"}>
                    {e.results.award.label}
                  </Badge>
                ) : null}
                {e.results?.progress ? (
                  <span className="block text-sm">{e.results.progress}</span>
                ) : null}
              </td>
              <td className="py-2 pr-4">
                {e.results?.certificate ? (
                  <a
                    href={page.replace(/\/results$/, `/certificates/${e.id}`)}
                    className="underline"
                  >
                    Certificate
                    <span className="sr-only">
                      {" "}
                      of <bdi>{e.pupil.name}</bdi>
                    </span>
                  </a>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      )}

      {published && entries.some((e) => e.results?.reviews.length || e.results?.notes.length) ? (
        <section aria-labelledby="feedback" className="mt-10">
          <h2 id="feedback" className="text-2xl font-semibold">
            Judges&rsquo; feedback
          </h2>
          <ul className="mt-4 space-y-4">
            {entries
              .filter((e) => e.results?.reviews.length || e.results?.notes.length)
              .map((e) => (
                <li key={e.id} className="rounded-md border border-slate-200 p-4">
                  <h3 className="font-semibold break-words">
                    <bdi>{e.pupil.name}</bdi>: <bdi>{e.title}</bdi>
                  </h3>
                  <ul className="mt-2 space-y-2">
                    {e.results!.reviews.map((r) => (
                      <li key={r.id} className="text-base">
                        <p className="font-medium">
                          {r.label}: {formatScore(r.total)}
                        </p>
                        <p className="text-slate-700">
                          {r.criteria
                            .map((c) => `${c.label} ${c.score} / ${c.maxPoints}`)
                            .join(" · ")}
                        </p>
                        {r.comment ? (
                          <p className="mt-1 italic text-slate-700">&ldquo;{r.comment}&rdquo;</p>
                        ) : null}
                      </li>
                    ))}
                    {e.results!.notes.map((n) => (
                      <li key={n.judge} className="text-base">
                        <p className="font-medium">{n.judge}</p>
                        <p className="mt-1 italic text-slate-700">&ldquo;{n.comment}&rdquo;</p>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
