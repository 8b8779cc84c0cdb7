import { notFound } from "~/utils/responses";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/features/accounts/auth.server";
import {
  openSubmissionFile,
  submissionFileFacts,
} from "~/features/entries/admin-submissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import { isAdmin } from "~/features/accounts/user";

/** RFC 6266 / 5987 attachment header that survives any file name. */
function contentDisposition(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The same-site page (under `prefix`) the request came from, from the Referer header. */
function pageWeCameFrom(request: Request, prefix: string) {
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    const from = new URL(referer);
    if (from.origin !== new URL(request.url).origin || !from.pathname.startsWith(prefix))
      return null;
    return `${from.pathname}${from.search}`;
  } catch {
    return null;
  }
}

/**
 * Downloads an entry's file: for the entrant who sent it, and for admins. Anyone else gets 404,
 * as if the entry did not exist. (Judges download through their own anonymous route.)
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const s = await submissionFileFacts(params.id ?? "");
  const admin = isAdmin(user);
  if (!s || (!admin && s.entrantId !== user.id)) throw notFound();
  // A missing file sends the reader back to the page they clicked on, with the error. (The links
  // carry no `download` attribute: the file's own response says it is an attachment, so an
  // error page is shown, never saved as a file.)
  const back =
    pageWeCameFrom(request, admin ? "/admin/" : "/dashboard") ??
    (admin ? `/admin/submissions/${s.id}` : `/dashboard/submissions/${s.id}`);
  if (!s.filePath) {
    return redirectWithToast(admin ? "/admin/submissions" : "/dashboard", {
      type: "info",
      title: "No file",
      description: s.contentRemovedAt
        ? "This entry's file was removed, as our data retention policy says."
        : "This entry has no uploaded file.",
    });
  }
  let stored;
  try {
    stored = await openSubmissionFile(s);
  } catch (error) {
    console.error(`download of ${s.filePath} failed`, error);
    stored = null;
  }
  if (!stored) {
    return redirectWithToast(back, {
      type: "error",
      title: "Error",
      description: "Failed to download file",
    });
  }
  const headers = new Headers({
    "Content-Type": s.fileType ?? stored.contentType ?? "application/octet-stream",
    "Content-Disposition": contentDisposition(s.fileName ?? `entry-${s.id}`),
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
  if (stored.size !== null) headers.set("Content-Length", String(stored.size));
  return new Response(createReadableStreamFromReadable(stored.body), { status: 200, headers });
}
