import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  AuthorizationError,
  GoogleAccountError,
  getAuthenticator,
  googleEnabled,
} from "~/features/accounts/auth.server";
import { startSession, takeReturnTo } from "~/features/accounts/session.server";
import { safeRedirect } from "~/features/accounts/user";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const fail = (description = "Failed to sign in with Google") =>
    redirectWithToast("/login", { type: "error", title: "Error", description });
  if (!googleEnabled()) return fail();
  const providerError = new URL(request.url).searchParams.get("error_description");
  if (new URL(request.url).searchParams.has("error")) return fail(providerError ?? undefined);
  let userId: string;
  try {
    ({ userId } = await getAuthenticator().authenticate("google", request, { context }));
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof AuthorizationError)) console.error("google sign-in failed", error);
    const cause = error instanceof AuthorizationError ? error.cause : undefined;
    return fail(cause instanceof GoogleAccountError ? cause.message : undefined);
  }
  const cookie = await startSession(request, userId);
  const back = await takeReturnTo(request);
  const next = safeRedirect(back.path);
  const headers = new Headers();
  headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", back.clear);
  return redirectWithToast(
    next,
    { type: "success", title: "Welcome back!", description: "You've successfully signed in." },
    { headers },
  );
}
