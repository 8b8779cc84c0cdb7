import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import {
  addCriterionSchema,
  criterionFields,
  focusAfter,
  newContestSchema,
  promptDraftSchema,
  replyErrors,
  rubricDraftSchema,
  type ContestFormFields,
  type FormErrors,
} from "./contest-form";
import { contestSchema } from "./contest-schema";
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
import { answerRefusal } from "~/utils/action.server";

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

type Notice = { type: "success" | "info"; text: string };

export type ContestFormActionData = {
  /** conform's reply: the form's values (lists included) and errors, keyed by field name. */
  result: SubmissionResult<string[]>;
  notice: Notice | null;
  /** The id of the element to focus when the page shows this answer. */
  focus: string | null;
  /** Changes on every answer, so the (uncontrolled) form re-mounts with the returned values. */
  key: string;
};

/**
 * What one post of the contest form comes to: the form again (with its values, errors and notice;
 * `failed` when a write failed for a reason other than a refusal), or the contest saved.
 */
export type ContestFormOutcome =
  | { saved: false; answer: ContestFormActionData; failed: boolean }
  | { saved: true; title: string; description?: string };

const answerKey = () => `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** The button's intent (`remove-prompt:{id}` carries an id) and conform's list intent, if any. */
function readIntent(fd: FormData) {
  const raw = fd.get("intent");
  const value = typeof raw === "string" ? raw : "";
  const i = value.indexOf(":");
  return i === -1 ? { name: value, arg: "" } : { name: value.slice(0, i), arg: value.slice(i + 1) };
}

const SCHEMAS: Record<string, z.ZodTypeAny | undefined> = {
  "create-prompt": promptDraftSchema,
  "add-criterion": addCriterionSchema,
  "create-rubric": rubricDraftSchema,
  "save-rubric": rubricDraftSchema,
};

/**
 * conform's parse of one post: the button's intent, and the submission of the step's schema (or
 * none) with conform's list intent applied. The drafts' schemas read raw form values themselves,
 * so only saving uses conform's coercion (as the contest schema expects). A malformed conform
 * intent (a hand-made post) is dropped, so the form comes back as sent instead of failing.
 */
function parseStep(fd: FormData, contestId?: string) {
  const { name, arg } = readIntent(fd);
  const saving = name === "save" || name === "publish";
  const schema = saving ? (contestId ? contestSchema : newContestSchema) : SCHEMAS[name];
  const options = { schema: schema ?? z.object({}), disableAutoCoercion: !saving };
  let submission;
  try {
    submission = parseWithZod(fd, options);
  } catch {
    const kept = new FormData();
    for (const [k, v] of fd) if (k !== "__intent__" && k !== "__state__") kept.append(k, v);
    submission = parseWithZod(kept, options);
  }
  // The step's changes to the lists and drafts go into the payload that `reply()` sends back;
  // the pressed button is not a field of the form.
  const payload = submission.payload as ContestFormFields & { intent?: unknown };
  delete payload.intent;
  const listIntent = submission.reply().intent;
  const value: unknown = submission.status === "success" ? submission.value : undefined;
  // A step with a schema goes on only when its part of the form is valid.
  return { name, arg, submission, payload, listIntent, value, invalid: !!schema && !value };
}

/** "Add criterion" passed: the draft criterion joins the draft's list and the draft is cleared. */
function stageCriterion(payload: ContestFormFields, value: unknown) {
  const { rubric } = value as z.output<typeof addCriterionSchema>;
  payload.rubric = {
    ...payload.rubric,
    criteria: rubric.criteria.map(criterionFields),
    criterion: undefined,
  };
}

/** A text field's value (a hand-made post may repeat a name: conform then gives a list). */
const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** A list of the submitted form's values, made a list if a hand-made post sent something else. */
function list<K extends "prompts" | "rubrics">(payload: ContestFormFields, key: K) {
  const value = payload[key];
  const items = (Array.isArray(value) ? value : []) as NonNullable<ContestFormFields[K]>;
  payload[key] = items;
  return items;
}

/**
 * One post of the contest form on /admin/contests/new (no contestId: prompts and rubrics are
 * staged as conform lists of the form) and /admin/contests/{id}/edit (they are written at once).
 * Each step validates only its part of the form; the other values come back as they were sent.
 * The caller has already checked that an admin is asking; refusals come back as the form's errors.
 */
export async function contestFormStep(
  fd: FormData,
  contestId?: string,
): Promise<ContestFormOutcome> {
  const { name, arg, submission, payload, listIntent, value, invalid } = parseStep(fd, contestId);

  const reply = (
    options: { errors?: FormErrors; notice?: Notice | null; failed?: boolean } = {},
  ): ContestFormOutcome => {
    const result = submission.reply({ fieldErrors: options.errors ?? {} });
    // A conform list intent (Remove on the new form's lists, or on a criterion) names its list.
    const step = result.intent?.type === "remove" ? String(result.intent.payload.name) : name;
    return {
      saved: false,
      answer: {
        result,
        notice: options.notice ?? null,
        focus: focusAfter(step, replyErrors(result)),
        key: answerKey(),
      },
      failed: options.failed ?? false,
    };
  };
  const refused = (error: unknown) => reply({ errors: answerRefusal(error, { asErrors: true }) });
  /** Writes at once (the edit form); a refusal comes back as the form's error. */
  const written = async (
    write: () => Promise<unknown>,
    text: string,
    clear?: "prompt" | "rubric",
  ) => {
    try {
      await write();
    } catch (e) {
      return refused(e);
    }
    if (clear) delete payload[clear];
    return reply({ notice: { type: "success", text } });
  };
  const staged = (text: string) => reply({ notice: { type: "info", text } });

  if (listIntent) {
    const removed = listIntent.type === "remove" ? String(listIntent.payload.name) : "";
    if (removed === "prompts") return staged("Prompt removed");
    if (removed === "rubrics") return staged("Rubric removed");
    return reply();
  }
  if (invalid) return reply();

  switch (name) {
    case "add-existing-prompt": {
      const id = text(payload.existingPromptId);
      if (!id) return reply({ errors: { existingPromptId: ["Choose a prompt to add"] } });
      if (contestId)
        return written(() => addExistingPrompt(id, contestId), "Prompt added to this contest");
      const prompt = await getPrompt(id);
      if (!prompt) return reply({ errors: { existingPromptId: ["Selected prompt not found"] } });
      list(payload, "prompts").push({
        title: prompt.title,
        body: prompt.body,
        sourceId: prompt.id,
      });
      delete payload.existingPromptId;
      return staged("Prompt will be added after saving the contest.");
    }
    case "create-prompt": {
      const { prompt } = value as z.output<typeof promptDraftSchema>;
      if (contestId)
        return written(
          () => createPrompt({ ...prompt, contestId }),
          "Prompt created successfully",
          "prompt",
        );
      list(payload, "prompts").push(prompt);
      delete payload.prompt;
      return staged("Prompt will be created after saving the contest.");
    }
    case "remove-prompt":
      if (!contestId) break;
      return written(() => unassignPrompt(arg, contestId), "Prompt unassigned");
    case "add-existing-rubric": {
      const id = text(payload.existingRubricId);
      if (!id) return reply({ errors: { existingRubricId: ["Choose a rubric to add"] } });
      if (contestId)
        return written(() => addExistingRubric(id, contestId), "Rubric added to this contest");
      const rubric = await getRubric(id);
      if (!rubric) return reply({ errors: { existingRubricId: ["Selected rubric not found"] } });
      list(payload, "rubrics").push({
        name: rubric.name,
        sourceId: rubric.id,
        criteria: parseCriteria(rubric.criteria).map(criterionFields),
      });
      delete payload.existingRubricId;
      return staged("Rubric will be added after saving the contest.");
    }
    case "add-criterion":
      stageCriterion(payload, value);
      return reply();
    case "create-rubric": {
      const { rubric } = value as z.output<typeof rubricDraftSchema>;
      if (contestId)
        return written(
          () => createRubric({ ...rubric, contestId }),
          "Rubric created successfully",
          "rubric",
        );
      list(payload, "rubrics").push({
        name: rubric.name,
        criteria: rubric.criteria.map(criterionFields),
      });
      delete payload.rubric;
      return staged("Rubric will be created after saving the contest.");
    }
    case "remove-rubric":
      if (!contestId) break;
      return written(() => unassignRubric(arg, contestId), "Rubric unassigned");
    case "save":
    case "publish":
      return save(value, contestId, name === "publish", reply, refused);
  }
  return reply({ errors: { "": ["Unknown action"] } });
}

/** Save or Publish: the new contest with its staged lists in one transaction, or the update. */
async function save(
  value: unknown,
  contestId: string | undefined,
  publish: boolean,
  reply: (options: { errors?: FormErrors; failed?: boolean }) => ContestFormOutcome,
  refused: (error: unknown) => ContestFormOutcome,
): Promise<ContestFormOutcome> {
  const failed = (text: string) => reply({ errors: { "": [text] }, failed: true });
  if (!contestId) {
    const { prompts, rubrics, ...input } = value as z.output<typeof newContestSchema>;
    try {
      await createContest(input, { prompts, rubrics });
    } catch (e) {
      if (e instanceof DomainError) return refused(e);
      console.error("contest create failed", e);
      return failed("The contest could not be created, and nothing was saved. Please try again.");
    }
    return {
      saved: true,
      title: "Contest created with all prompts and rubrics",
      description: input.isPublished ? "Contest published successfully" : undefined,
    };
  }
  let action: "published" | "unpublished" | "updated";
  // What Publish will run, or the saved rounds the new dates no longer fit (ADR 0045).
  let description: string | undefined;
  try {
    const done = await updateContest(contestId, value as z.output<typeof contestSchema>, {
      publish,
    });
    action = done.action;
    if (done.action === "published") description = done.contest.judgingSummary;
    if (done.action === "updated" && done.roundsMisfit.length)
      description = `The saved rounds no longer fit these dates: ${done.roundsMisfit.join(" ")} Change them on the rounds page before publishing.`;
  } catch (e) {
    if (e instanceof DomainError) return refused(e);
    console.error("contest update failed", e);
    return failed("The contest could not be saved, and nothing was changed. Please try again.");
  }
  const title =
    action === "published"
      ? "Contest published successfully"
      : action === "unpublished"
        ? "Contest unpublished successfully"
        : "Contest updated successfully";
  return { saved: true, title, description };
}

export type RubricBuilderActionData =
  { saved: false; result: SubmissionResult<string[]>; key: string } | { saved: true };

/**
 * The rubric builder's post-backs on the rubric pages: add-criterion, conform's remove on
 * `rubric.criteria`, and save-rubric (creates the rubric, assigned to `contestId` or to the
 * contest chosen in the form).
 */
export async function rubricBuilderAction(
  fd: FormData,
  opts: { contestId?: string | null },
): Promise<RubricBuilderActionData> {
  const { name, submission, payload, listIntent, value, invalid } = parseStep(fd);
  const answer = (errors: FormErrors = {}) => ({
    saved: false as const,
    result: submission.reply({ fieldErrors: errors }),
    key: answerKey(),
  });
  if (listIntent || invalid) return answer();
  if (name === "add-criterion") {
    stageCriterion(payload, value);
    return answer();
  }
  if (name !== "save-rubric") return answer({ "": ["Unknown action"] });
  const { rubric } = value as z.output<typeof rubricDraftSchema>;
  try {
    await createRubric({ ...rubric, contestId: opts.contestId ?? null });
  } catch (e) {
    return answer(answerRefusal(e, { asErrors: true }));
  }
  return { saved: true };
}
