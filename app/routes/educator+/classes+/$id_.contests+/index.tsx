/**
 * /educator/classes/:id/contests: the published contests a class can take part in, each linking
 * to the class's entries for it (docs/decisions/0031-classrooms-and-shared-computers.md).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/data-table";
import { classContests } from "~/features/classrooms/class-entries.server";
import { ownClassroom, requireEducator } from "~/features/classrooms/educator-access.server";
import { PHASE_BADGE, PHASE_LABEL } from "~/features/contests/phase";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Contests · ${data.classroom.name} · Inkwell` : "Contests · Inkwell" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { educator } = await requireEducator(request);
  const classroom = await ownClassroom(educator.userId, params.id ?? "");
  const contests = await classContests();
  return {
    classroom: { id: classroom.id, name: classroom.name },
    contests,
  };
}

export default function ClassContests() {
  const { classroom, contests } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 text-base">
      <p>
        <Link to={`/educator/classes/${classroom.id}`} className="text-ink-700 underline">
          ← {classroom.name}
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl font-bold">Contests for {classroom.name}</h1>
      {contests.length === 0 ? (
        <EmptyState className="mt-6 p-6">No contests are published yet.</EmptyState>
      ) : (
        <ul className="mt-6 space-y-3">
          {contests.map((c) => (
            <li key={c.slug} className="flex flex-wrap items-center gap-3">
              <Link
                className="break-words font-medium underline"
                to={`/educator/classes/${classroom.id}/contests/${c.slug}`}
              >
                {c.title}
              </Link>
              <Badge variant={PHASE_BADGE[c.phase]}>{PHASE_LABEL[c.phase]}</Badge>
              <span className="text-slate-700">Submissions close {c.closes}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
