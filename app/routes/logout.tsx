import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { endSession, getUserId } from "~/features/accounts/session.server";
import { draftDoneCookie, dropVisitorDraft } from "~/features/entries/entry-draft.server";

export const loader = () => redirect("/");

/**
 * Sign-out ends the session row and the cookie, then returns to /login. Every draft of the story
 * is dropped too, the server's and (through the draft-done cookie) the browser's: the next person
 * at this computer never sees it (docs/decisions/0026-entry-flow.md, 0031).
 */
export async function action({ request }: ActionFunctionArgs) {
  const userId = await getUserId(request);
  const headers = new Headers();
  headers.append("Set-Cookie", await endSession(request));
  const draft = await dropVisitorDraft(request, userId);
  if (draft) headers.append("Set-Cookie", draft);
  headers.append("Set-Cookie", draftDoneCookie("*"));
  return redirect("/login", { headers });
}
