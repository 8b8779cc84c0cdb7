import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { ErrorPanel } from "~/components/error-panel";
import { requireJudge } from "~/features/accounts/auth.server";

/** Layout for /judge/*. Each child loader and action checks the judge role itself too. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireJudge(request);
  return null;
}

export default function JudgeLayout() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Outlet />
    </div>
  );
}

/** A child's 404 or error keeps the judge inside the portal, with the way back to the queue. */
export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <ErrorPanel backTo="/judge" backLabel="Back to your queue" />
    </div>
  );
}
