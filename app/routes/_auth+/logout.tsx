import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { endSession, getUserId } from "~/features/accounts/session.server";
import { draftDoneCookie, dropVisitorDraft } from "~/features/entries/entry-draft.server";

export const loader = () => redirect("/");

/**
 * Sign-out ends the session row and the cookie, then returns to /login. Every draft of the story
 * kept in the browser is dropped (through the draft-done cookie), and a visitor's story this
 * account said was theirs: the next person at this computer never sees it (ADR 0031). A story
 * nobody has claimed waits for its writer, offered by its title only (ADR 0042).
 */
export async function action({ request }: ActionFunctionArgs) {
  const userId = await getUserId(request);
  const headers = new Headers();
  headers.append("Set-Cookie", await endSession(request));
  await dropVisitorDraft(userId);
  headers.append("Set-Cookie", draftDoneCookie("*"));
  return redirect("/login", { headers });
}
