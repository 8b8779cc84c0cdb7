import { parseWithZod } from "@conform-to/zod";
import {
  addCriterion,
  emptyRubricDraft,
  focusAfter,
  parseIntent,
  readContestFormState,
  readRubricDraft,
  removeCriterion,
  validatePromptDraft,
  validateRubricDraft,
  type ContestFormState,
  type FormErrors,
  type RubricDraft,
} from "./contest-form";
import {
  contestSchema,
  promptSchema,
  rubricSchema,
  type PromptInput,
  type RubricInput,
} from "./contest-schema";
import {
  addExistingPrompt,
  createPrompt,
  getPrompt,
  promptOptions,
  unassignPrompt,
} from "./prompts.server";
import {
  addExistingRubric,
  createRubric,
  getRubric,
  rubricOptions,
  unassignRubric,
} from "./rubrics.server";
import { createContest, updateContest } from "./contest-admin.server";
import { DomainError } from "~/utils/domain-error";
import { timeZoneOptions } from "~/utils/dates";
import { parseCriteria } from "./rubric";
import { refusalErrors } from "~/utils/action.server";

/**
 * What the contest form's pickers offer, for the new and the edit page: existing prompts and
 * rubrics (on the edit page, those of other contests and unassigned ones) and the time zones.
 */
export async function contestFormOptions(exceptContestId?: string) {
  const [prompts, rubrics] = await Promise.all([
    promptOptions(exceptContestId),
    rubricOptions(exceptContestId),
  ]);
  return {
    promptOptions: prompts.map((p) => ({
      id: p.id,
      title: p.title,
      contestTitle: p.contest?.title ?? null,
    })),
    rubricOptions: rubrics.map((r) => ({
      id: r.id,
      name: r.name,
      contestTitle: r.contest?.title ?? null,
    })),
    timeZones: timeZoneOptions(),
  };
}

export type ContestFormActionData = {
  state: ContestFormState;
  errors: FormErrors;
  notice: { type: "success" | "info"; text: string } | null;
  /** The id of the element to focus when the page shows this answer. */
  focus: string | null;
  /** Changes on every answer, so the (uncontrolled) form re-mounts with the returned state. */
  key: string;
};

const field = (fd: FormData, name: string) => {
  const v = fd.get(name);
  return typeof v === "string" ? v.trim() : "";
};

/**
 * What one post of the contest form comes to: the form again (with its state, errors and notice;
 * `failed` when a write failed for a reason other than a refusal), or the contest saved.
 */
export type ContestFormOutcome =
  | { saved: false; answer: ContestFormActionData; failed: boolean }
  | { saved: true; title: string; description?: string };

/**
 * One post of the contest form on /admin/contests/new (no contestId: prompts and rubrics are
 * staged in the form) and /admin/contests/{id}/edit (they are written at once). The caller has
 * already checked that an admin is asking; refusals come back as the form's errors.
 */
export async function contestFormStep(
  fd: FormData,
  contestId?: string,
): Promise<ContestFormOutcome> {
  const state = readContestFormState(fd);
  const { name, arg } = parseIntent(fd.get("intent"));

  const reply = (
    errors: FormErrors = {},
    notice: ContestFormActionData["notice"] = null,
    failed = false,
  ): ContestFormOutcome => ({
    saved: false,
    answer: {
      state,
      errors,
      notice,
      focus: focusAfter(name, errors),
      key: `${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
    failed,
  });
  const refused = (error: unknown) => reply(refusalErrors(error));
  /** Writes at once (the edit form); a refusal comes back as the form's error. */
  const written = async (write: () => Promise<unknown>, text: string) => {
    try {
      await write();
    } catch (e) {
      return refused(e);
    }
    return reply({}, { type: "success", text });
  };

  switch (name) {
    case "add-existing-prompt": {
      const id = field(fd, "existingPromptId");
      if (!id) return reply({ existingPromptId: ["Choose a prompt to add"] });
      if (!contestId) {
        const prompt = await getPrompt(id);
        if (!prompt) return reply({ existingPromptId: ["Selected prompt not found"] });
        state.stagedPrompts.push({ title: prompt.title, body: prompt.body, sourceId: prompt.id });
        return reply({}, { type: "info", text: "Prompt will be added after saving the contest." });
      }
      return written(() => addExistingPrompt(id, contestId), "Prompt added to this contest");
    }
    case "create-prompt": {
      const result = validatePromptDraft(state.promptDraft);
      if (!result.ok) return reply(result.errors);
      if (!contestId) {
        state.stagedPrompts.push(result.value);
        state.promptDraft = { title: "", body: "" };
        return reply(
          {},
          { type: "info", text: "Prompt will be created after saving the contest." },
        );
      }
      return written(async () => {
        await createPrompt({ ...result.value, contestId });
        state.promptDraft = { title: "", body: "" };
      }, "Prompt created successfully");
    }
    case "remove-prompt": {
      if (!contestId) {
        state.stagedPrompts = state.stagedPrompts.filter((_, i) => String(i) !== arg);
        return reply({}, { type: "info", text: "Prompt removed" });
      }
      return written(() => unassignPrompt(arg, contestId), "Prompt unassigned");
    }
    case "add-existing-rubric": {
      const id = field(fd, "existingRubricId");
      if (!id) return reply({ existingRubricId: ["Choose a rubric to add"] });
      if (!contestId) {
        const rubric = await getRubric(id);
        if (!rubric) return reply({ existingRubricId: ["Selected rubric not found"] });
        state.stagedRubrics.push({
          name: rubric.name,
          criteria: parseCriteria(rubric.criteria),
          sourceId: rubric.id,
        });
        return reply({}, { type: "info", text: "Rubric will be added after saving the contest." });
      }
      return written(() => addExistingRubric(id, contestId), "Rubric added to this contest");
    }
    case "add-criterion": {
      const { draft, errors } = addCriterion(state.rubricDraft);
      state.rubricDraft = draft;
      return reply(errors);
    }
    case "remove-criterion": {
      state.rubricDraft = removeCriterion(state.rubricDraft, Number(arg));
      return reply();
    }
    case "create-rubric": {
      const result = validateRubricDraft(state.rubricDraft);
      if (!result.ok) {
        state.rubricDraft = result.draft;
        return reply(result.errors);
      }
      if (!contestId) {
        state.stagedRubrics.push(result.value);
        state.rubricDraft = emptyRubricDraft;
        return reply(
          {},
          { type: "info", text: "Rubric will be created after saving the contest." },
        );
      }
      return written(async () => {
        await createRubric({ ...result.value, contestId });
        state.rubricDraft = emptyRubricDraft;
      }, "Rubric created successfully");
    }
    case "remove-rubric": {
      if (!contestId) {
        state.stagedRubrics = state.stagedRubrics.filter((_, i) => String(i) !== arg);
        return reply({}, { type: "info", text: "Rubric removed" });
      }
      return written(() => unassignRubric(arg, contestId), "Rubric unassigned");
    }
    case "save":
    case "publish": {
      const submission = parseWithZod(fd, { schema: contestSchema });
      if (submission.status !== "success") {
        const errors = Object.fromEntries(
          Object.entries(submission.reply().error ?? {}).filter(
            (e): e is [string, string[]] => Array.isArray(e[1]) && e[1].length > 0,
          ),
        );
        return reply(errors);
      }
      const input = submission.value;
      if (!contestId) {
        // Staged items come back from hidden inputs: check them again before writing anything.
        const prompts: PromptInput[] = [];
        const rubrics: RubricInput[] = [];
        for (const p of state.stagedPrompts) {
          const r = promptSchema.safeParse(p);
          if (!r.success)
            return reply({
              "": [`The staged prompt "${p.title}" is not valid; remove it and add it again.`],
            });
          prompts.push(r.data);
        }
        for (const rb of state.stagedRubrics) {
          const r = rubricSchema.safeParse(rb);
          if (!r.success)
            return reply({
              "": [`The staged rubric "${rb.name}" is not valid; remove it and add it again.`],
            });
          rubrics.push(r.data);
        }
        try {
          await createContest(input, { prompts, rubrics });
        } catch (e) {
          if (e instanceof DomainError) return refused(e);
          console.error("contest create failed", e);
          return reply(
            { "": ["The contest could not be created, and nothing was saved. Please try again."] },
            null,
            true,
          );
        }
        return {
          saved: true,
          title: "Contest created with all prompts and rubrics",
          description: input.isPublished ? "Contest published successfully" : undefined,
        };
      }
      let action: "published" | "unpublished" | "updated";
      try {
        ({ action } = await updateContest(contestId, input, { publish: name === "publish" }));
      } catch (e) {
        if (e instanceof DomainError) return refused(e);
        console.error("contest update failed", e);
        return reply(
          { "": ["The contest could not be saved, and nothing was changed. Please try again."] },
          null,
          true,
        );
      }
      const title =
        action === "published"
          ? "Contest published successfully"
          : action === "unpublished"
            ? "Contest unpublished successfully"
            : "Contest updated successfully";
      return { saved: true, title };
    }
    default:
      return reply({ "": ["Unknown action"] });
  }
}

export type RubricBuilderActionData =
  { saved: false; draft: RubricDraft; errors: FormErrors; key: string } | { saved: true };

/**
 * The rubric builder's post-backs on the rubric pages: add-criterion, remove-criterion:{i} and
 * save-rubric (creates the rubric, assigned to `contestId` or to the contest chosen in the form).
 */
export async function rubricBuilderAction(
  fd: FormData,
  opts: { contestId?: string | null },
): Promise<RubricBuilderActionData> {
  const draft = readRubricDraft(fd);
  const { name, arg } = parseIntent(fd.get("intent"));
  const key = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  if (name === "add-criterion") {
    const added = addCriterion(draft);
    return { saved: false, draft: added.draft, errors: added.errors, key };
  }
  if (name === "remove-criterion")
    return { saved: false, draft: removeCriterion(draft, Number(arg)), errors: {}, key };
  if (name !== "save-rubric")
    return { saved: false, draft, errors: { "": ["Unknown action"] }, key };
  const result = validateRubricDraft(draft);
  if (!result.ok) return { saved: false, draft: result.draft, errors: result.errors, key };
  try {
    await createRubric({ ...result.value, contestId: opts.contestId ?? null });
  } catch (e) {
    return { saved: false, draft: readRubricDraft(fd), errors: refusalErrors(e), key };
  }
  return { saved: true };
}
