/**
 * The HTTP side of a note on an entry (docs/decisions/0033-judging-panel.md), shared by the admin's
 * scoring page and the judge's review page: parse, write, and answer with a toast after a redirect
 * (the pages' own forms keep their action data). Not a route: vite.config.ts ignores `*.server`
 * files here.
 */
import { parseWithZod } from "@conform-to/zod";
import { addNote } from "~/features/judging/notes.server";
import { noteSchema } from "~/features/judging/notes";
import { answerRefusal } from "~/utils/action.server";
import { notFound } from "~/utils/responses";
import { redirectWithToast } from "~/utils/toast.server";

export async function noteAction(
  formData: FormData,
  input: { submissionId: string; authorId: string; role: "admin" | "judge"; here: string },
) {
  const submission = parseWithZod(formData, { schema: noteSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Write a note first";
    return redirectWithToast(`${input.here}#notes`, {
      type: "error",
      title: "Note not added",
      description: message,
    });
  }
  try {
    const added = await addNote({ ...input, body: submission.value.body });
    if (!added) throw notFound();
  } catch (error) {
    return answerRefusal(error, { redirectTo: `${input.here}#notes` });
  }
  return redirectWithToast(`${input.here}#notes`, { type: "success", title: "Note added" });
}
