import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireJudge } from "~/features/accounts/auth.server";
import { READING_SIZES, readingBackPath } from "~/features/judging/reading-size";
import { readingSizeCookie } from "~/features/judging/reading-size.server";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";

/** Nothing to show here: the form lives on the review screen. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireJudge(request);
  return redirect("/judge");
}

const schema = z.object({
  intent: z.literal("size"),
  size: z.enum(READING_SIZES, { errorMap: () => ({ message: "Choose a text size" }) }),
  back: z.string().optional(),
  enhanced: z.literal("1").optional(),
});

/**
 * The judge's text size (docs/decisions/0034-reading-desk.md): kept in a cookie, then back to the
 * page the form was on (a path under /judge/ only, never another site). With JavaScript the page
 * posts with `enhanced` and gets the size back instead of a redirect, so it does not reload.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireJudge(request);
  const formData = await readForm(request);
  const back = readingBackPath(formData.get("back"));
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success")
    return redirectWithToast(back, { type: "error", title: "Choose a text size" });
  const headers = { "Set-Cookie": await readingSizeCookie(submission.value.size) };
  if (submission.value.enhanced) return data({ size: submission.value.size }, { headers });
  return redirect(back, { headers });
}
