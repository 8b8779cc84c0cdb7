/**
 * The contest workspace's navigation (docs/decisions/0050-contest-workspace.md): one row of links
 * that wraps on a narrow screen (no JavaScript, no menu to open), the current tab marked with
 * aria-current="page" and with a visible underline, not colour alone.
 */
import { Link } from "@remix-run/react";
import { cn } from "~/components/ui/cn";

/** The workspace's tabs: [path under /admin/contests/:id, label, also current on these paths]. */
export const WORKSPACE_TABS = [
  ["", "Overview", []],
  ["edit", "Setup", ["divisions", "rounds", "prompts", "rubrics"]],
  ["entries", "Entries", ["copies"]],
  ["panel", "Panel", []],
  ["assignments", "Assignments", []],
  ["scoring", "Scoring", []],
  ["messages", "Messages", []],
  ["results", "Results", []],
  ["schedule", "Schedule", []],
] as const;

/** Setup's own pages, one link each under the workspace's tabs when Setup is open. */
export const SETUP_PAGES = [
  ["edit", "Details and dates"],
  ["divisions", "Divisions"],
  ["rounds", "Rounds"],
  ["prompts", "Prompts"],
  ["rubrics", "Rubrics"],
] as const;

const tabClass = (current: boolean) =>
  cn(
    "rounded-md px-3 py-1.5 text-sm font-medium underline-offset-4",
    current
      ? "bg-ink-100 text-ink-900 underline decoration-2"
      : "text-slate-700 hover:bg-slate-100",
  );

/** Which tab a path under the workspace belongs to ("" for Overview), and its first segment. */
export function currentWorkspaceTab(contestId: string, pathname: string) {
  const base = `/admin/contests/${contestId}`;
  if (pathname !== base && !pathname.startsWith(`${base}/`)) return { tab: null, first: "" };
  const rest = pathname.slice(base.length).replace(/^\/+/, "");
  const first = rest.split("/")[0] ?? "";
  const tab = WORKSPACE_TABS.find(([path, , also]) =>
    path === "" ? rest === "" : first === path || (also as readonly string[]).includes(first),
  );
  return { tab: tab ? tab[0] : null, first };
}

export function WorkspaceNav({ contestId, pathname }: { contestId: string; pathname: string }) {
  const base = `/admin/contests/${contestId}`;
  const { tab, first } = currentWorkspaceTab(contestId, pathname);
  const setupOpen = tab === "edit";
  return (
    <>
      <nav
        aria-label="Contest workspace"
        className="mb-2 flex flex-wrap gap-1 border-b border-slate-200 pb-2"
      >
        {WORKSPACE_TABS.map(([path, label]) => {
          const current = tab === path;
          return (
            <Link
              key={label}
              to={path ? `${base}/${path}` : base}
              aria-current={current ? "page" : undefined}
              className={tabClass(current)}
            >
              {label}
            </Link>
          );
        })}
      </nav>
      {setupOpen ? (
        <nav aria-label="Setup" className="mb-4 flex flex-wrap gap-1 text-sm">
          {SETUP_PAGES.map(([path, label]) => (
            <Link
              key={path}
              to={`${base}/${path}`}
              aria-current={first === path ? "page" : undefined}
              className={tabClass(first === path)}
            >
              {label}
            </Link>
          ))}
        </nav>
      ) : null}
    </>
  );
}

/** The list a site-wide page shows instead of a contest picker: each contest's workspace tab. */
export function ContestWorkspaceList({
  contests,
  tab,
  lead,
}: {
  contests: { id: string; title: string }[];
  tab: string;
  lead: string;
}) {
  return (
    <section aria-labelledby="workspace-list" className="space-y-2">
      <h2 id="workspace-list" className="text-lg font-semibold">
        {lead}
      </h2>
      {contests.length === 0 ? (
        <p className="text-slate-600">
          No contest yet.{" "}
          <Link to="/admin/contests/new" className="underline">
            Create a contest
          </Link>
        </p>
      ) : (
        <ul className="list-disc space-y-1 pl-6">
          {contests.map((c) => (
            <li key={c.id}>
              <Link to={`/admin/contests/${c.id}/${tab}`} className="underline">
                {c.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
