import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { endSession } from "~/features/accounts/session.server";
import { dropVisitorDraft } from "~/features/entries/entry-draft.server";

export const loader = () => redirect("/");

/**
 * Sign-out ends the session row and the cookie, then returns to /login. A story kept for the
 * sign-in is dropped too: the next person at this computer never sees it
 * (docs/decisions/0026-entry-flow.md).
 */
export async function action({ request }: ActionFunctionArgs) {
  const headers = new Headers();
  headers.append("Set-Cookie", await endSession(request));
  const draft = await dropVisitorDraft(request);
  if (draft) headers.append("Set-Cookie", draft);
  return redirect("/login", { headers });
}
