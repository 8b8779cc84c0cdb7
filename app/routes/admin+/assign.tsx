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
import { assignAction } from "./admin-assign.server";
import { workspaceRedirect } from "./admin-workspace.server";

export const meta: MetaFunction = () => [{ title: "Auto-Assign Judges · Inkwell" }];

/**
 * Assignments live in each contest's workspace (docs/decisions/0050-contest-workspace.md):
 * ?contest= goes there, other parameters kept; without it, the contests to choose from.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const moved = workspaceRedirect(new URL(request.url), "assignments");
  if (moved) throw redirect(moved, 302);
  return { contests: await contestOptions() };
}

/** A post naming its contest (an open old page) is still answered, on the workspace. */
export function action({ request }: ActionFunctionArgs) {
  return assignAction(request);
}

export default function AutoAssign() {
  const { contests } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-bold">Auto-Assign Judges</h1>
      <ContestWorkspaceList
        contests={contests}
        tab="assignments"
        lead="Each contest's judges are assigned in its workspace:"
      />
    </div>
  );
}
