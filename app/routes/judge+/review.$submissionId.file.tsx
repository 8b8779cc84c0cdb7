import { notFound } from "~/utils/responses";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireJudge } from "~/features/accounts/auth.server";
import { judgeFile } from "~/features/judging/review.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * The entry's file for its assigned judge, under a neutral name (`entry-<id>.<ext>`) and without
 * its author metadata: never the original file name, never the storage path (which holds the
 * entrant's id), never the original bytes.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireJudge(request);
  const submissionId = params.submissionId ?? "";
  const file = await judgeFile(user.id, submissionId);
  if (file.status === "not-found") throw notFound();
  if (file.status === "unavailable") {
    return redirectWithToast(`/judge/review/${submissionId}`, {
      type: "error",
      title: "Download failed",
      description: "Could not download the file",
    });
  }
  const headers = new Headers({
    "Content-Type": file.contentType,
    "Content-Disposition": `attachment; filename="${file.name}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
  headers.set("Content-Length", String(file.size));
  return new Response(file.body, { status: 200, headers });
}
