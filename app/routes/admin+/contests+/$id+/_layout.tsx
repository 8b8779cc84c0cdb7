import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { WorkspaceNav } from "~/components/workspace/workspace-nav";
import { requireAdmin } from "~/features/accounts/auth.server";
import { contestOrRedirect } from "../../admin-library.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Contest"} · Admin · Inkwell` },
];

/**
 * The contest workspace (docs/decisions/0050-contest-workspace.md): every page of one contest
 * under one navigation. Each child loader and action checks the admin role itself too.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const contest = await contestOrRedirect(params.id);
  return { id: contest.id, title: contest.title, slug: contest.slug };
}

export default function ContestWorkspace() {
  const contest = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  return (
    <div>
      <p className="mb-2 text-sm text-slate-600">
        <Link to="/admin/contests" className="underline">
          Contests
        </Link>{" "}
        › <bdi className="font-medium text-slate-800">{contest.title}</bdi> ·{" "}
        <Link to={`/contests/${contest.slug}`} className="underline">
          View contest page
        </Link>
      </p>
      <WorkspaceNav contestId={contest.id} pathname={pathname} />
      <Outlet />
    </div>
  );
}
