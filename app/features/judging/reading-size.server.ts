/**
 * The judge's text size for reading entries, in a cookie of its own (a year): no account data,
 * only "standard", "large" or "larger" (docs/decisions/0034-reading-desk.md).
 */
import { createCookie } from "@remix-run/node";
import { env, isProduction } from "~/utils/env.server";
import { isReadingSize, type ReadingSize } from "./reading-size";

let cookie: ReturnType<typeof createCookie> | undefined;
function sizeCookie() {
  cookie ??= createCookie("en_reading_size", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction() && !env().INSECURE_COOKIES,
    maxAge: 60 * 60 * 24 * 365,
  });
  return cookie;
}

/** The size this browser chose, "standard" when none (or anything else). */
export async function readingSizeOf(request: Request): Promise<ReadingSize> {
  const value: unknown = await sizeCookie().parse(request.headers.get("Cookie"));
  return isReadingSize(value) ? value : "standard";
}

export const readingSizeCookie = (size: ReadingSize) => sizeCookie().serialize(size);
