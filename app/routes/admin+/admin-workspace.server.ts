/**
 * The contest workspace's redirects (docs/decisions/0050-contest-workspace.md): a site-wide admin
 * page that used to take `?contest=<id>` sends it to the contest's workspace tab, keeping every
 * other query parameter. Not a route: vite.config.ts ignores `*.server` files here.
 */

/** The workspace URL for an old `?contest=` URL, or null when it has no contest. */
export function workspaceRedirect(url: URL, tab: string): string | null {
  const contest = url.searchParams.get("contest");
  if (!contest || contest.length > 64) return null;
  const rest = new URLSearchParams(url.searchParams);
  rest.delete("contest");
  // A Remix index marker is not a parameter of the page.
  rest.delete("index");
  const query = rest.size ? `?${rest}` : "";
  return `/admin/contests/${encodeURIComponent(contest)}/${tab}${query}`;
}
