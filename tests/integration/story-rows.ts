/**
 * Which statements read the contest's story rows (docs/decisions/0058-story-rows.md). A
 * Submission row holds the story's text, and on SQLite every column after it sits past the
 * text's overflow pages: an aggregate that visits a contest's rows in the table (not in a
 * covering index) reads every story of the contest, tens of gigabytes' worth of pages at 200,000
 * entries. On SQLite, this asks the engine's own plan of each statement a page sent: any SCAN of
 * Submission, or any visit to its rows (not COVERING) by an aggregate, is a reason the page would
 * grow with the contest's text. (A page reading its own 25 rows by their index is fine.)
 */
import type { SqlEvent } from "~/utils/db.server";
import { sqlitePlan } from "./plans";

const STORY_TABLES = ["Submission"];
const KEYWORDS = new Set(["WHERE", "ON", "JOIN", "LEFT", "INNER", "GROUP", "ORDER", "LIMIT", "AS"]);

/** The names the statement gives each story table (its own name and its aliases). */
function storyNames(sql: string): Set<string> {
  const names = new Set(STORY_TABLES);
  for (const table of STORY_TABLES) {
    const ref = new RegExp(`[\`"]${table}[\`"](?:\\s+AS)?\\s+[\`"]?(\\w+)[\`"]?`, "gi");
    for (const m of sql.matchAll(ref)) if (!KEYWORDS.has(m[1]!.toUpperCase())) names.add(m[1]!);
  }
  return names;
}

/** The plan lines of `event` that read story rows, as SQLite would run it. */
export async function storyRowReads(event: SqlEvent): Promise<string[]> {
  if (!/^\s*(SELECT|WITH)\b/i.test(event.sql)) return [];
  const plan = await sqlitePlan(event);
  const names = storyNames(event.sql);
  const grouped = /\bGROUP BY\b/i.test(event.sql);
  return plan
    .map((p) => p.detail)
    .filter((line) => {
      const m = /^(SCAN|SEARCH) (?:main\.)?(\w+)/.exec(line);
      if (!m || !names.has(m[2]!) || line.includes("COVERING INDEX")) return false;
      // One row by its id (a page's own rows) is fine, unless a GROUP BY reads one per row of a
      // range; a range of rows (by contest, by status) or a scan never is.
      const byId = / \(id=\?( AND [^)]*)?\)$/.test(line);
      return m[1] === "SCAN" || !byId || grouped;
    });
}

/** Every story-row read of a page's statements, each with its statement's text. */
export async function storyRowReadsOf(events: SqlEvent[]): Promise<string[]> {
  const found: string[] = [];
  for (const e of events)
    for (const line of await storyRowReads(e))
      found.push(`${line}\n    in: ${e.sql.replace(/\s+/g, " ").slice(0, 300)}`);
  return found;
}
