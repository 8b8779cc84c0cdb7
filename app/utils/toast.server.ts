import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { env, isProduction } from "./env.server";
import { sessionSecrets } from "./secrets.server";

export const toastSchema = z.object({
  type: z.enum(["success", "error", "warning", "info"]).default("info"),
  title: z.string(),
  description: z.string().optional(),
});
export type Toast = z.input<typeof toastSchema>;

let storage:
  | ReturnType<typeof createCookieSessionStorage<Record<string, never>, { toast: Toast }>>
  | undefined;
function toastStorage() {
  storage ??= createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
    cookie: {
      name: "en_toast",
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: isProduction() && !env().INSECURE_COOKIES,
      secrets: sessionSecrets(),
    },
  });
  return storage;
}

const KEY = "toast";

export async function toastCookie(toast: Toast): Promise<string> {
  const session = await toastStorage().getSession();
  session.flash(KEY, toastSchema.parse(toast));
  return toastStorage().commitSession(session);
}

/** Redirect carrying a flash toast; extra Set-Cookie headers (e.g. a session) are kept. */
export async function redirectWithToast(url: string, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(url, { ...init, headers });
}

/** Reads and clears the flash toast. */
export async function getToast(request: Request) {
  const cookie = request.headers.get("Cookie");
  // Most requests carry no toast: no cookie to parse, verify and validate (ADR 0083).
  if (!cookie?.includes("en_toast=")) return { toast: null, headers: null };
  const session = await toastStorage().getSession(cookie);
  const parsed = toastSchema.safeParse(session.get(KEY));
  return {
    toast: parsed.success ? parsed.data : null,
    headers: parsed.success ? { "Set-Cookie": await toastStorage().destroySession(session) } : null,
  };
}
