import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { getAuthenticator, googleEnabled } from "~/features/accounts/auth.server";
import { rememberReturnTo } from "~/features/accounts/session.server";
import { safeRedirect } from "~/features/accounts/user";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";

export const loader = () => redirect("/login");

/** Starts Google sign-in: remix-auth-google redirects to Google (or the local fake in tests). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (!googleEnabled()) {
    return redirectWithToast("/login", {
      type: "error",
      title: "Failed to sign in with Google",
      description:
        "Google sign-in is not configured on this server. Please use your email and password.",
    });
  }
  // The way back (a contest's form with its classroom ?code=) survives the trip to Google.
  const back = safeRedirect((await readForm(request.clone())).get("redirectTo"), "");
  try {
    await getAuthenticator().authenticate("google", request, { context });
  } catch (error) {
    if (error instanceof Response) {
      if (back) error.headers.append("Set-Cookie", await rememberReturnTo(back));
      throw error;
    }
    console.error("google sign-in could not start", error);
  }
  return redirectWithToast("/login", {
    type: "error",
    title: "Error",
    description: "Failed to sign in with Google",
  });
}
