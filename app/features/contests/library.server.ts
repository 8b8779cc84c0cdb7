/**
 * The list posts of the prompt and rubric pages: the libraries (/admin/prompts, /admin/rubrics,
 * every item, filtered by contest) and one contest's manage pages (/admin/contests/:id/prompts,
 * /admin/contests/:id/rubrics). Callers still check `requireAdmin` themselves; the HTTP side
 * (toasts, redirects) is the routes' (`app/routes/admin+/admin-library.server.ts`, ADR 0008).
 */
import { assignPrompt, deletePrompt, unassignPrompt } from "./prompts.server";
import { assignRubric, deleteRubric, unassignRubric } from "./rubrics.server";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { DomainError } from "~/utils/domain-error";

/** What differs between the prompt and the rubric pages' list actions. */
export type LibraryKind = {
  noun: "Prompt" | "Rubric";
  idField: "promptId" | "rubricId";
  remove: (id: string, contestId?: string) => Promise<void>;
  assign: (id: string, contestId: string) => Promise<void>;
  unassign: (id: string, contestId: string) => Promise<void>;
};

export const promptLibrary: LibraryKind = {
  noun: "Prompt",
  idField: "promptId",
  remove: deletePrompt,
  assign: assignPrompt,
  unassign: unassignPrompt,
};

export const rubricLibrary: LibraryKind = {
  noun: "Rubric",
  idField: "rubricId",
  remove: deleteRubric,
  assign: assignRubric,
  unassign: unassignRubric,
};

const ITEM_INTENTS = ["delete", "assign", "unassign"] as const;

function itemActionSchema(within?: string) {
  const id = z.string().min(1);
  return z
    .discriminatedUnion("intent", [
      z.object({ intent: z.literal("delete"), id }),
      z.object({
        intent: z.literal("assign"),
        id,
        contestId: z.string({ required_error: "Select a contest" }).min(1, "Select a contest"),
      }),
      z.object({ intent: z.literal("unassign"), id, contestId: z.string().min(1) }),
    ])
    .refine((v) => !within || v.intent === "delete", "Unknown action");
}

/** A list post that names no item, no contest or an unknown action (shown as it is). */
class LibraryPostRefused extends DomainError {}

/**
 * The list's posts: delete, and on the library pages assign and unassign. Returns what was done
 * (the success toast's title), or null for any other intent (the page's create form); a bad post
 * or a refused write throws a DomainError. `within`: the contest whose manage page this is; there
 * only its own items can be deleted, nothing else.
 */
export async function libraryItemStep(
  kind: LibraryKind,
  fd: FormData,
  within?: string,
): Promise<string | null> {
  if (!ITEM_INTENTS.includes(fd.get("intent") as (typeof ITEM_INTENTS)[number])) return null;
  // The forms name the item by kind ("promptId" / "rubricId"); the schema calls it `id`.
  fd.set("id", String(fd.get(kind.idField) ?? ""));
  const submission = parseWithZod(fd, { schema: itemActionSchema(within) });
  if (submission.status !== "success") {
    const errors = submission.error ? Object.values(submission.error).flat() : [];
    throw new LibraryPostRefused(errors.find(Boolean) ?? "Unknown action");
  }
  const item = submission.value;
  if (item.intent === "delete") {
    await kind.remove(item.id, within);
    return `${kind.noun} deleted successfully`;
  }
  if (item.intent === "unassign") {
    await kind.unassign(item.id, item.contestId);
    return `${kind.noun} unassigned`;
  }
  await kind.assign(item.id, item.contestId);
  return `${kind.noun} added to this contest`;
}
