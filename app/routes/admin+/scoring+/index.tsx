import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContestWorkspaceList } from "~/components/workspace/workspace-nav";
import { requireAdmin } from "~/features/accounts/auth.server";
import { contestOptions } from "~/features/contests/contest-admin.server";
import { scoringAction } from "../admin-scoring.server";
import { workspaceRedirect } from "../admin-workspace.server";

export const meta: MetaFunction = () => [{ title: "Scoring Overview · Inkwell" }];

/**
 * Scoring lives in each contest's workspace (docs/decisions/0050-contest-workspace.md):
 * ?contest= goes there, other parameters kept; without it, the contests to choose from.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const moved = workspaceRedirect(new URL(request.url), "scoring");
  if (moved) throw redirect(moved, 302);
  return { contests: await contestOptions() };
}

/** A threshold post naming its contest (an open old page) is still answered, on the workspace. */
export function action({ request }: ActionFunctionArgs) {
  return scoringAction(request);
}

export default function ScoringOverview() {
  const { contests } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-bold">Scoring Overview</h1>
      <ContestWorkspaceList
        contests={contests}
        tab="scoring"
        lead="Each contest's ranking is in its workspace:"
      />
    </div>
  );
}
