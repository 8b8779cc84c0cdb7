// The bundles `npm run build` makes beside the Remix build, with esbuild (run by tsx after
// `remix vite:build`). Packages (not the app's own modules) stay in node_modules, as for the
// Remix server build.
//  - build/node/server.js: the HTTP server, server/index.ts and the app/utils modules it shares
//    with the app (docs/decisions/0040-server-in-typescript.md). It is compiled once here, so a
//    start loads plain JavaScript. The migration runner stays its own file
//    (scripts/migrate.mjs finds the migrations beside itself) and is imported from where it is.
//  - build/node/index.js: what `node` runs (server/boot.ts): it changes Remix's route matching as
//    it loads (server/router-memo.ts, docs/decisions/0052-per-request-work.md), then imports
//    server.js.
//  - build/server/document-worker.mjs: the document inspection worker, which needs a file of its
//    own (docs/decisions/0024-hostile-documents.md).
import path from "node:path";
import { build, type Plugin } from "esbuild";
import { serverSettings } from "../app/utils/settings";

const buildDir = serverSettings().BUILD_DIR;

/** Packages are imported from node_modules at run time. */
const packagesExternal: Plugin = {
  name: "packages-external",
  setup(b) {
    b.onResolve({ filter: /^[^./~]/ }, (args) => ({ path: args.path, external: true }));
  },
};

/** The plain scripts the server imports (the migration runner) stay files of their own. */
const scriptsExternal = (outdir: string): Plugin => ({
  name: "scripts-external",
  setup(b) {
    b.onResolve({ filter: /\/scripts\/[^/]+\.mjs$/ }, (args) => {
      const file = path.resolve(args.resolveDir, args.path);
      const relative = path.relative(outdir, file).split(path.sep).join("/");
      return { path: relative.startsWith(".") ? relative : `./${relative}`, external: true };
    });
  },
});

const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
} as const;

const serverOut = path.resolve(buildDir, "node", "server.js");
await Promise.all([
  build({
    ...common,
    entryPoints: ["server/boot.ts"],
    plugins: [packagesExternal],
    outfile: path.resolve(buildDir, "node", "index.js"),
  }),
  build({
    ...common,
    entryPoints: ["server/index.ts"],
    plugins: [packagesExternal, scriptsExternal(path.dirname(serverOut))],
    outfile: serverOut,
  }),
  build({
    ...common,
    entryPoints: ["app/features/documents/document-worker.ts"],
    plugins: [packagesExternal],
    outfile: path.resolve(buildDir, "server", "document-worker.mjs"),
  }),
]);
