import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminSubmissionList } from "~/components/entries/admin-submission-list";
import { requireAdmin } from "~/features/accounts/auth.server";
import { adminSubmissionsPage } from "~/features/entries/admin-submissions-page.server";
import { workspaceRedirect } from "../admin-workspace.server";

export const meta: MetaFunction = () => [{ title: "Submissions · Admin · Inkwell" }];

/**
 * Every contest's entries, site-wide; with ?contest= the contest's workspace Entries tab, other
 * parameters kept (docs/decisions/0050-contest-workspace.md).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const moved = workspaceRedirect(url, "entries");
  if (moved) throw redirect(moved, 302);
  return adminSubmissionsPage(url);
}

export default function AdminSubmissions() {
  return <AdminSubmissionList data={useLoaderData<typeof loader>()} clearTo="/admin/submissions" />;
}
