import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Import direction (docs/architecture.md): routes → features → utils. Features never import
// routes or UI; utils (infrastructure) import neither features nor routes; inngest/ imports
// features, never routes. Prisma is reached through ~/utils/db.server only. These rules give the
// editor's early warning; the full graph (which capability may use which, no cycles, routes never
// import the database) is .dependency-cruiser.cjs, run by `npm run lint`
// (docs/decisions/0029-dependency-graph.md).
const prismaOnlyThroughDb = {
  group: ["**/generated/prisma/*", "!~/generated/prisma/client"],
  message: "Import Prisma through ~/utils/db.server.",
};
const noRoutes = {
  group: ["~/routes/*", "**/routes/*"],
  message: "Routes are the top layer: nothing imports a route.",
};
const noFeatures = {
  group: ["~/features/*", "**/features/*"],
  message: "app/utils/ is infrastructure: it must not depend on a feature.",
};
const noComponents = {
  group: ["~/components/*", "**/components/*"],
  message: "Features hold rules and data access, not UI: import components from routes.",
};
const noWorkflows = {
  regex: "^(\\.\\./)+inngest/",
  message: "inngest/ calls features; features and utils never import the workflows.",
};
// One writer of JudgeAssignment (docs/decisions/0051-assignment-capability.md): outside
// app/features/assignment/ no module creates, changes or deletes an assignment, through the Prisma
// delegate, a nested write on a relation (`assignments: { create: … }`) or raw SQL. Reading is free.
const ASSIGNMENT_WRITES =
  "create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany";
const ASSIGNMENT_SQL =
  '/(INSERT\\s+(OR\\s+\\w+\\s+)?INTO|UPDATE|DELETE\\s+FROM|REPLACE\\s+INTO)\\s+"?JudgeAssignment\\b/i';
const onlyAssignmentWrites =
  "Only app/features/assignment/ writes JudgeAssignment (ADR 0051): call its functions.";
const assignmentWriteRule = [
  "error",
  {
    selector: `CallExpression[callee.property.name=/^(${ASSIGNMENT_WRITES})$/][callee.object.property.name='judgeAssignment']`,
    message: onlyAssignmentWrites,
  },
  {
    selector: `Property[key.name='assignments'] > ObjectExpression > Property[key.name=/^(${ASSIGNMENT_WRITES}|connectOrCreate|set|connect|disconnect)$/]`,
    message: onlyAssignmentWrites,
  },
  { selector: `TemplateElement[value.raw=${ASSIGNMENT_SQL}]`, message: onlyAssignmentWrites },
  { selector: `Literal[value=${ASSIGNMENT_SQL}]`, message: onlyAssignmentWrites },
];

const restrict = (...patterns) => ["error", { patterns: [prismaOnlyThroughDb, ...patterns] }];

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "build-*/**",
      "bench/results/**",
      "app/generated/**",
      "node_modules/**",
      "tests/.data/**",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs,cjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": restrict(),
    },
  },
  {
    // Module size (docs/architecture.md): no module in app/ over 400 lines, counted like
    // `wc -l` (blank lines and comments included). A bigger module is split at a real seam.
    files: ["app/**/*.{ts,tsx,js,mjs,cjs}"],
    rules: { "max-lines": ["error", { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ["app/features/**"],
    rules: { "no-restricted-imports": restrict(noRoutes, noComponents, noWorkflows) },
  },
  {
    files: ["app/utils/**"],
    rules: { "no-restricted-imports": restrict(noRoutes, noFeatures, noComponents, noWorkflows) },
  },
  {
    files: ["app/components/**", "app/emails/**", "inngest/**"],
    rules: { "no-restricted-imports": restrict(noRoutes) },
  },
  {
    files: ["app/**/*.{ts,tsx}", "inngest/**/*.ts", "server/**/*.ts", "scripts/**/*.{ts,mjs}"],
    ignores: ["app/features/assignment/**", "app/generated/**"],
    rules: { "no-restricted-syntax": assignmentWriteRule },
  },
);
