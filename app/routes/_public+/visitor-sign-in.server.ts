/**
 * The HTTP side of a visitor's post of the entry form (ADR 0008): what they typed is kept
 * (`keepVisitorDraft`, docs/decisions/0026-entry-flow.md) and they are redirected to sign in.
 * Not a route: vite.config.ts ignores `*.server` files here.
 */
import { redirect } from "@remix-run/node";
import { answerVisitorDraft, keepVisitorDraft } from "~/features/entries/entry-draft.server";
import { mediaType } from "~/utils/request-body";
import { ENTRY_MESSAGES } from "~/features/entries/entry-rules";
import { discardBody } from "~/features/entries/receive-entry.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * A visitor posted the entry form: what they typed is kept, and they are sent to sign in and come
 * back to the form's own address, with its query (a classroom ?code=).
 */
export async function visitorToSignIn(
  request: Request,
  slug: string,
  contest: { id: string } | null,
) {
  let kept: string | null = null;
  if (contest) kept = await keepVisitorDraft(request, contest.id);
  else await discardBody(request);
  const query = new URL(request.url).searchParams;
  for (const internal of ["_data", "index"]) query.delete(internal);
  const back = `/contests/${encodeURIComponent(slug)}/enter${query.size ? `?${query}` : ""}`;
  return redirectWithToast(
    `/login?redirectTo=${encodeURIComponent(back)}`,
    {
      type: "info",
      title: "Please sign in",
      description: kept
        ? `${ENTRY_MESSAGES.mustSignIn}. ${ENTRY_MESSAGES.draftKept}`
        : ENTRY_MESSAGES.mustSignIn,
    },
    kept ? { headers: { "Set-Cookie": kept } } : undefined,
  );
}

/**
 * The signed-in person's answer to "Is this your story?" (docs/decisions/0042-a-childs-words-and-name.md):
 * a small urlencoded form posted to the entry form's address (the entry form itself is
 * multipart). Returns the redirect back to the form, or null when the post is the entry form.
 */
export async function answerDraftQuestion(
  request: Request,
  userId: string,
  contest: { id: string } | null,
) {
  if (mediaType(request.headers.get("Content-Type")) !== "application/x-www-form-urlencoded")
    return null;
  // Read from a copy: any other form posted here goes on to the entry's own checks untouched.
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const answer = form?.get("intent");
  if (answer !== "draft-keep" && answer !== "draft-not-mine") return null;
  if (contest)
    await answerVisitorDraft(
      request,
      userId,
      contest.id,
      answer === "draft-keep" ? "keep" : "not-mine",
    );
  const url = new URL(request.url);
  for (const internal of ["_data", "index"]) url.searchParams.delete(internal);
  return redirect(url.pathname + (url.searchParams.size ? `?${url.searchParams}` : ""));
}
