/**
 * The server half of the prompt and rubric pages: the libraries (/admin/prompts, /admin/rubrics,
 * every item, filtered by contest) and one contest's manage pages (/admin/contests/:id/prompts,
 * /admin/contests/:id/rubrics). Callers still check `requireAdmin` themselves.
 */
import { assignPrompt, deletePrompt, unassignPrompt } from "./prompts.server";
import { assignRubric, deleteRubric, unassignRubric } from "./rubrics.server";
import { contestOptions, getContestTitle } from "./contest-admin.server";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { refusalToast } from "~/utils/action.server";
import { pageParam } from "~/utils/paging";
import { redirectWithToast } from "~/utils/toast.server";

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

/** The answer to an `/admin/contests/:id/…` page whose contest does not exist. */
export function contestNotFound() {
  return redirectWithToast("/admin/contests", {
    type: "error",
    title: "Error",
    description: "Contest not found",
  });
}

/** The contest of an `/admin/contests/:id/…` page; a missing one throws `contestNotFound()`. */
export async function contestOrRedirect(id: string | undefined) {
  const contest = await getContestTitle(id ?? "");
  if (!contest) throw await contestNotFound();
  return contest;
}

/** Where a library page's posts come back to: the same contest filter and page. */
export function libraryBackTo(request: Request, path: string) {
  const url = new URL(request.url);
  const q = new URLSearchParams();
  for (const k of ["contest", "page"]) {
    const v = url.searchParams.get(k);
    if (v) q.set(k, v);
  }
  return `${path}${q.size ? `?${q}` : ""}`;
}

/** A library page's data: one page of `list` (filtered by `?contest=`), the contests and the filter. */
export async function loadLibrary<L>(
  request: Request,
  list: (query: { contestId?: string; page: number }) => Promise<L>,
) {
  const url = new URL(request.url);
  const contestId = url.searchParams.get("contest") || undefined;
  const page = pageParam(url);
  const [items, contests] = await Promise.all([list({ contestId, page }), contestOptions()]);
  const filter = contestId
    ? (contests.find((c) => c.id === contestId) ?? { id: contestId, title: "an unknown contest" })
    : null;
  return { items, page, contests, filter };
}

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

/**
 * The list's posts: delete, and on the library pages assign and unassign; each answers with a
 * toast on `back`. Null for any other intent (the page's create form). `within`: the contest
 * whose manage page this is; there only its own items can be deleted, nothing else.
 */
export async function libraryItemAction(
  kind: LibraryKind,
  fd: FormData,
  back: string,
  within?: string,
): Promise<Response | null> {
  if (!ITEM_INTENTS.includes(fd.get("intent") as (typeof ITEM_INTENTS)[number])) return null;
  // The forms name the item by kind ("promptId" / "rubricId"); the schema calls it `id`.
  fd.set("id", String(fd.get(kind.idField) ?? ""));
  const submission = parseWithZod(fd, { schema: itemActionSchema(within) });
  const fail = (message: string) =>
    redirectWithToast(back, { type: "error", title: "Error", description: message });
  if (submission.status !== "success") {
    const errors = submission.error ? Object.values(submission.error).flat() : [];
    return fail(errors.find(Boolean) ?? "Unknown action");
  }
  const item = submission.value;
  try {
    if (item.intent === "delete") {
      await kind.remove(item.id, within);
      return redirectWithToast(back, {
        type: "success",
        title: `${kind.noun} deleted successfully`,
      });
    }
    if (item.intent === "unassign") {
      await kind.unassign(item.id, item.contestId);
      return redirectWithToast(back, { type: "success", title: `${kind.noun} unassigned` });
    }
    await kind.assign(item.id, item.contestId);
    return redirectWithToast(back, {
      type: "success",
      title: `${kind.noun} added to this contest`,
    });
  } catch (error) {
    return refusalToast(back, error);
  }
}
