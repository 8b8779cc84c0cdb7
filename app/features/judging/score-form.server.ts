/**
 * The judge's score form's write (discard the draft, autosave it, or submit the score), with a
 * short wait when the database is busy (docs/decisions/0010-hardening.md). When it stays busy
 * nothing was saved: the answer is `busy` with the message to show, and the form comes back with
 * the scores and comment as typed.
 */
import { BUSY_MESSAGE, isDatabaseBusy, withBusyRetry } from "~/utils/db.server";
import { discardDraft, saveDraft, submitScore } from "./review.server";
import { ScoreRefused } from "./score-range.server";
import { enteredScores, type ScoreIntent } from "./scoring";

type ScoreFormValue =
  | { intent: "discard" }
  | {
      intent: Exclude<ScoreIntent, "discard">;
      scores: Record<string, number | null>;
      comment: string;
    };

type Target = Omit<Parameters<typeof submitScore>[0], "scores" | "comment">;

export async function writeScoreForm(value: ScoreFormValue, target: Target) {
  try {
    const saved = await withBusyRetry(async () => {
      if (value.intent === "discard") return void (await discardDraft(target.assignmentId));
      const input = {
        assignmentId: target.assignmentId,
        criteria: target.criteria,
        scores: enteredScores(value.scores),
        comment: value.comment,
      };
      if (value.intent === "autosave") return saveDraft(input);
      await submitScore({ ...target, ...input });
    });
    return { busy: null, refused: null, saved };
  } catch (error) {
    // A score the stored rubric does not allow: nothing was written; the form says why.
    if (error instanceof ScoreRefused)
      return { busy: null, refused: error.message, saved: undefined };
    if (!isDatabaseBusy(error)) throw error;
    return { busy: BUSY_MESSAGE, refused: null, saved: undefined };
  }
}
