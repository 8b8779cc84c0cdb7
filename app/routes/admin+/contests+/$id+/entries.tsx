import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminSubmissionList } from "~/components/entries/admin-submission-list";
import { requireAdmin } from "~/features/accounts/auth.server";
import { adminSubmissionsPage } from "~/features/entries/admin-submissions-page.server";

export const meta: MetaFunction = () => [{ title: "Entries · Admin · Inkwell" }];

/** The workspace's Entries: the admin submissions list of this contest (ADR 0050). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  // The workspace's layout answers an unknown contest; this list reads only its own page.
  return adminSubmissionsPage(new URL(request.url), { contestId: params.id ?? "" });
}

export default function ContestEntries() {
  const data = useLoaderData<typeof loader>();
  return (
    <AdminSubmissionList data={data} clearTo={`/admin/contests/${data.filter.contestId}/entries`} />
  );
}
