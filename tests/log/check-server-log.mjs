// The check over a full end-to-end run's server log (docs/decisions/0036-health-and-logs.md):
// every line is JSON (or one of the few known library lines below), every request line has its
// fields and a route id, there are lines for many routes and for job steps, and no line holds a
// password, a token, a session cookie, an e-mail address or story text. Run by scripts/test.mjs
// after the Playwright stage: `node tests/log/check-server-log.mjs tests/.data/e2e-3200/server.log`.
import fs from "node:fs";
import { pathToFileURL } from "node:url";

/** Non-JSON lines a library prints on its own, matched whole. */
const KNOWN_PLAIN_LINES = [
  // Remix's notice about a resource route's raw return value: it names the route id, no data.
  /^⚠️ REMIX FUTURE CHANGE: Externally-accessed resource routes will no longer be able to return raw JavaScript objects or `null` in React Router v7 when Single Fetch becomes the default\. You can prepare for this change at your convenience by wrapping the data returned from your `(loader|action)` function in the `routes\/[^`]+` route with `json\(\)`\. {2}For instructions on making this change, see https:\/\/remix\.run\/docs\/en\/v[\d.]+\/guides\/single-fetch#resource-routes$/,
  // Node's warning for the fetch/stream APIs some libraries still call (no data in it).
  /^\(node:\d+\) \[?[A-Z0-9_]+\]? ?\w*Warning: .*$/,
  /^\(Use `node --trace-(warnings|deprecation) \.\.\.` to show where the warning was created\)$/,
];

/** What must never appear in a log line. */
const FORBIDDEN = [
  { what: "the demo password", re: /inkwell-demo/ },
  {
    what: "a password typed in the e2e tests",
    re: /secret-pass|first-secret|second-secret|new-secret|judge-secret-\d/,
  },
  { what: "a password or token field", re: /"(password|token|secret|sessionId)"\s*:/i },
  { what: "a session or flow cookie", re: /\b(en_session|en_auth|en_return|__session)=/ },
  { what: "an e-mail address", re: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+/ },
  {
    what: "a one-time token in a path",
    re: /\/(reset-password|set-password|consent|account\/email|account\/email-cancel|judge-invitation|panel-invitation|join)\/[A-Za-z0-9_-]{6,}/,
  },
  { what: "a long token-like string", re: /[A-Za-z0-9_-]{40,}/ },
  {
    what: "story text from the seed or the e2e fixtures",
    re: /lighthouse keeper's daughter|My grandfather weighed everything|The radio in the lighthouse|kite pulled at its string|gulls argued over a crust/,
  },
];

const REQUEST_FIELDS = ["time", "type", "method", "route", "status", "durationMs", "role"];
const ROLES = new Set(["visitor", "entrant", "educator", "judge", "admin"]);

/** The problems of a log's text; an empty list when it passes. */
export function checkServerLog(text, { minRoutes = 20, requireJobs = true } = {}) {
  const problems = [];
  const routes = new Set();
  let requests = 0;
  let jobs = 0;
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  lines.forEach((line, i) => {
    const where = `line ${i + 1}`;
    for (const { what, re } of FORBIDDEN)
      if (re.test(line)) problems.push(`${where}: ${what}: ${line.slice(0, 200)}`);
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      if (!KNOWN_PLAIN_LINES.some((re) => re.test(line)))
        problems.push(`${where}: not JSON: ${line.slice(0, 200)}`);
      return;
    }
    if (typeof entry !== "object" || entry === null || typeof entry.type !== "string") {
      problems.push(`${where}: a JSON line without a type`);
      return;
    }
    if (entry.type === "request") {
      requests++;
      for (const field of REQUEST_FIELDS)
        if (!(field in entry)) problems.push(`${where}: a request line without ${field}`);
      const extra = Object.keys(entry).filter((k) => !REQUEST_FIELDS.includes(k));
      if (extra.length) problems.push(`${where}: a request line with ${extra.join(", ")}`);
      if (
        typeof entry.route !== "string" ||
        !/^(root|routes\/\S+|static|unmatched)$/.test(entry.route)
      )
        problems.push(`${where}: not a route id: ${entry.route}`);
      else routes.add(entry.route);
      if (!ROLES.has(entry.role)) problems.push(`${where}: unknown role ${entry.role}`);
      if (!Number.isInteger(entry.status)) problems.push(`${where}: status not a number`);
      if (typeof entry.durationMs !== "number") problems.push(`${where}: duration not a number`);
    }
    if (entry.type === "job") {
      jobs++;
      if (!("outcome" in entry) || !("durationMs" in entry))
        problems.push(`${where}: a job line without outcome or duration`);
      if (!("job" in entry))
        for (const field of ["contest", "step", "round", "attempt"])
          if (!(field in entry)) problems.push(`${where}: a step line without ${field}`);
    }
  });
  const routeIds = [...routes].filter((r) => r.startsWith("routes/"));
  if (routeIds.length < minRoutes)
    problems.push(
      `only ${routeIds.length} route ids in ${requests} request lines (want ${minRoutes})`,
    );
  if (requireJobs && jobs === 0) problems.push("no job step lines");
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const file = process.argv[2];
  if (!file || !fs.existsSync(file)) {
    console.error(`The server log is missing: ${file}`);
    process.exit(1);
  }
  const problems = checkServerLog(fs.readFileSync(file, "utf8"));
  if (problems.length) {
    console.error(`${problems.length} problems in ${file}:`);
    for (const p of problems.slice(0, 40)) console.error(`  ${p}`);
    process.exit(1);
  }
  console.log(`${file}: every line passes.`);
}
