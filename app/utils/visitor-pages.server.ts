// The visitor page cache lives in the server (server/visitor-page-cache.ts, ADR 0021); the app
// cannot import it. A change that must leave public pages at once (a writer's name taken back,
// docs/decisions/0042-a-childs-words-and-name.md) calls this: the server registers the purge
// (this process's cache, and through the cluster's primary every worker's) under this key.
export const PURGE_VISITOR_PAGES = Symbol.for("inkwell.purgeVisitorPages");

export function purgeVisitorPages() {
  const purge = (globalThis as Record<symbol, unknown>)[PURGE_VISITOR_PAGES];
  if (typeof purge === "function") (purge as () => void)();
}
