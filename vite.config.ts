import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { serverSettings } from "./app/utils/settings";
import { routeManifest } from "./route-folders";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  server: { port: 3000 },
  build: {
    target: "es2022",
    // The server build's chunks (libraries loaded on first use, ADR 0040 addendum) sit beside
    // index.js, not in assets/: code that finds a file next to itself (the document reader's
    // bundle, document-inspection.server.ts) finds it there.
    ...(isSsrBuild ? { rollupOptions: { output: { chunkFileNames: "[name]-[hash].js" } } } : {}),
  },
  plugins: [
    tailwindcss(),
    remix({
      // Routes live in folders named for who the page is for (`admin+/`, `_public+/`, …), read by
      // remix-flat-routes (route-folders.ts, docs/decisions/0049-route-folders-and-one-refusal-reply.md);
      // Remix's own convention reads none of them.
      ignoredRouteFiles: ["**/*"],
      routes: async (defineRoutes) => routeManifest(defineRoutes),
      serverModuleFormat: "esm",
      // BUILD_DIR lets parallel checkouts (and the tests) build side by side.
      buildDirectory: serverSettings().BUILD_DIR,
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: false,
      },
    }),
    tsconfigPaths(),
  ],
}));
