/**
 * The HTTP side of the prompt and rubric pages (ADR 0008: features return data or throw, routes
 * speak HTTP): the contest of an `/admin/contests/:id/…` page, a library page's data from its
 * URL, and the list posts' toasts. Not a route: vite.config.ts ignores `*.server` files here.
 */
import { contestOptions, getContestTitle } from "~/features/contests/contest-admin.server";
import { libraryItemStep, type LibraryKind } from "~/features/contests/library.server";
import { answerRefusal } from "~/utils/action.server";
import { pageParam } from "~/utils/paging";
import { redirectWithToast } from "~/utils/toast.server";

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
 * The list's posts (delete, assign, unassign) as a success or error toast on `back`; null for any
 * other intent (the page's create form). See `libraryItemStep`.
 */
export async function libraryItemAction(
  kind: LibraryKind,
  fd: FormData,
  back: string,
  within?: string,
): Promise<Response | null> {
  let done: string | null;
  try {
    done = await libraryItemStep(kind, fd, within);
  } catch (error) {
    return answerRefusal(error, { redirectTo: back });
  }
  return done === null ? null : redirectWithToast(back, { type: "success", title: done });
}
