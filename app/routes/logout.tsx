import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { logout } from "~/features/accounts/session.server";

export const loader = () => redirect("/");

/** Sign-out ends the session row and the cookie, then returns to /login. */
export async function action({ request }: ActionFunctionArgs) {
  return logout(request, "/login");
}
