// Bundles the document inspection worker beside the server build (docs/decisions/0024-hostile-documents.md):
// the worker thread needs a file of its own, which the Remix build does not make. Packages stay
// in node_modules, as for the server build.
import path from "node:path";
import { build } from "esbuild";
import { serverSettings } from "../app/utils/settings.mjs";

const out = path.resolve(serverSettings().BUILD_DIR, "server", "document-worker.mjs");
await build({
  entryPoints: ["app/features/documents/document-worker.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // Packages (not the app's own "~/" modules) are imported from node_modules at run time.
  plugins: [
    {
      name: "packages-external",
      setup(b) {
        b.onResolve({ filter: /^[^./~]/ }, (args) => ({ path: args.path, external: true }));
      },
    },
  ],
  outfile: out,
  logLevel: "warning",
});
