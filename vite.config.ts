import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { serverSettings } from "./app/utils/settings";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  server: { port: 3000 },
  build: { target: "es2022" },
  plugins: [
    tailwindcss(),
    remix({
      // `*.server.ts` beside the routes are the routes' HTTP helpers, not routes (ADR 0008).
      ignoredRouteFiles: ["**/*.test.{ts,tsx}", "**/*.server.{ts,tsx}", "**/.*"],
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
});
