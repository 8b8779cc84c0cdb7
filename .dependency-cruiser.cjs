// The declared dependency graph (docs/decisions/0029-dependency-graph.md, drawn in
// docs/architecture.md), checked by `npm run lint`. Each capability (app/features/<name>/) may
// import only the capabilities listed against it; the list is checked here to have no cycle, so
// a capability can never reach back to one that uses it.

/** Capability → the capabilities it may import. Keep docs/architecture.md's graph in step. */
const USES = {
  accounts: [],
  contests: [],
  documents: [],
  divisions: ["accounts", "contests"],
  panel: ["accounts", "contests", "divisions"],
  // The contest's RankingVersion, read and moved on by judging and comparison alike (ADR 0021).
  "rank-version": [],
  comparison: ["panel", "rank-version"],
  judging: [
    "accounts",
    "anonymity",
    "comparison",
    "contests",
    "documents",
    "panel",
    "rank-version",
  ],
  rounds: ["comparison", "contests", "divisions", "judging", "panel", "rank-version"],
  // The only writer of JudgeAssignment (docs/decisions/0051-assignment-capability.md).
  assignment: ["accounts", "contests", "divisions", "judging", "panel", "rank-version", "rounds"],
  payments: ["accounts", "assignment", "contests", "judging"],
  anonymity: ["documents"],
  entries: [
    "accounts",
    "anonymity",
    "assignment",
    "contests",
    "divisions",
    "documents",
    "judging",
    "payments",
    "rank-version",
  ],
  results: ["comparison", "contests", "divisions", "judging", "rounds"],
  messages: ["accounts", "contests", "divisions"],
  operations: ["privacy"],
  lifecycle: [
    "assignment",
    "contests",
    "divisions",
    "entries",
    "judging",
    "messages",
    "operations",
    "originality",
    "payments",
    "results",
    "rounds",
  ],
  privacy: ["accounts", "assignment", "contests", "judging", "payments"],
  originality: ["entries"],
  classrooms: [
    "accounts",
    "contests",
    "divisions",
    "documents",
    "entries",
    "judging",
    "payments",
    "results",
  ],
};

// The allow-list itself must be a graph without cycles (a depth-first walk finds any back edge).
(function assertAcyclic() {
  const state = {};
  const visit = (name, path) => {
    if (!(name in USES)) throw new Error(`.dependency-cruiser.cjs: unknown capability ${name}`);
    if (state[name] === "done") return;
    if (state[name] === "open")
      throw new Error(`.dependency-cruiser.cjs: USES has a cycle: ${[...path, name].join(" → ")}`);
    state[name] = "open";
    for (const next of USES[name]) visit(next, [...path, name]);
    state[name] = "done";
  };
  for (const name of Object.keys(USES)) visit(name, []);
})();

const capabilityRules = Object.entries(USES).map(([name, uses]) => ({
  name: `capability-${name}`,
  comment: `app/features/${name}/ may import only ${uses.length ? uses.join(", ") : "no other capability"} (USES in .dependency-cruiser.cjs).`,
  severity: "error",
  from: { path: `^app/features/${name}/` },
  to: {
    path: "^app/features/",
    pathNot: `^app/features/(${[name, ...uses].join("|")})/`,
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...capabilityRules,
    {
      name: "capability-unknown",
      comment: "Every folder in app/features/ is a capability declared in USES.",
      severity: "error",
      from: {},
      to: {
        path: "^app/features/",
        pathNot: `^app/features/(${Object.keys(USES).join("|")})/`,
      },
    },
    {
      name: "no-cycles",
      comment: "No module reaches itself through its imports.",
      severity: "error",
      from: { path: "^(app|inngest|server)/" },
      to: { circular: true },
    },
    {
      name: "server-loads-the-app-through-its-build",
      comment:
        "The HTTP server (server/, docs/decisions/0040-server-in-typescript.md) reaches the app only through the Remix build; it imports the plain infrastructure it shares with the app (app/utils, never a *.server module), so its bundle holds no second copy of a feature or the database client.",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^app/(?!utils/)|^app/utils/.*\\.server\\.ts$" },
    },
    {
      name: "routes-use-features",
      comment: "Route modules use features; only features (and infrastructure) touch the database.",
      severity: "error",
      from: { path: "^app/routes/" },
      to: { path: "^app/(utils/db\\.server|generated/)" },
    },
    {
      name: "utils-are-infrastructure",
      comment: "app/utils/ imports no feature, route, component, e-mail template or workflow.",
      severity: "error",
      from: { path: "^app/utils/" },
      to: { path: "^(app/(features|routes|components|emails)/|inngest/)" },
    },
    {
      name: "features-hold-no-ui",
      comment: "Features hold rules and data access: they import no route, component or workflow.",
      severity: "error",
      from: { path: "^app/features/" },
      to: { path: "^(app/(routes|components)/|inngest/)" },
    },
    {
      name: "nothing-imports-a-route",
      comment: "Routes are the top layer.",
      severity: "error",
      from: { path: "^(app|inngest)/", pathNot: "^app/routes/" },
      to: { path: "^app/routes/" },
    },
    {
      name: "prisma-through-db-server",
      comment: "The generated Prisma client is reached through ~/utils/db.server.",
      severity: "error",
      from: { path: "^(app|inngest)/", pathNot: "^app/(utils/db\\.server|generated/)" },
      to: { path: "^app/generated/", pathNot: "^app/generated/prisma/client\\.ts$" },
    },
    {
      name: "not-to-unresolvable",
      comment: "Every import resolves to a file or an installed package.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    tsConfig: { fileName: "tsconfig.json" },
    // Type-only imports count: a type is a dependency too.
    tsPreCompilationDeps: true,
    doNotFollow: { path: ["node_modules", "^app/generated/"] },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mjs", ".js", ".d.mts", ".d.ts", ".json"],
    },
  },
};
