/**
 * The server half of the prompt and rubric pages: the libraries (/admin/prompts, /admin/rubrics,
 * every item, filtered by contest) and one contest's manage pages (/admin/contests/:id/prompts,
 * /admin/contests/:id/rubrics). Callers still check `requireAdmin` themselves.
 */
import { assignPrompt, deletePrompt, unassignPrompt } from "./prompts.server";
import { assignRubric, deleteRubric, unassignRubric } from "./rubrics.server";
import { ContestAdminError, contestOptions, getContestTitle } from "./contest-admin.server";
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
  const intent = fd.get("intent");
  const id = String(fd.get(kind.idField) ?? "");
  const done = (title: string) => redirectWithToast(back, { type: "success", title });
  const fail = (message: string) =>
    redirectWithToast(back, { type: "error", title: "Error", description: message });
  try {
    if (intent === "delete") {
      await kind.remove(id, within);
      return done(`${kind.noun} deleted successfully`);
    }
    if (within) return null;
    if (intent === "unassign") {
      await kind.unassign(id, String(fd.get("contestId") ?? ""));
      return done(`${kind.noun} unassigned`);
    }
    if (intent === "assign") {
      const contestId = String(fd.get("contestId") ?? "");
      if (!contestId) return fail("Select a contest");
      await kind.assign(id, contestId);
      return done(`${kind.noun} added to this contest`);
    }
  } catch (e) {
    if (e instanceof ContestAdminError) return fail(e.message);
    throw e;
  }
  return null;
}
