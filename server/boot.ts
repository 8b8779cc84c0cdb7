// The production server's first module (build/node/index.js, scripts/build-server.ts): Remix's
// route matching is remembered before any Remix module loads (server/router-memo.ts,
// docs/decisions/0052-per-request-work.md), then the server (server/index.ts, bundled as
// build/node/server.js) starts. A static import would load Remix first: it is imported here at
// run time. Each worker of a multi-process server starts from this file too.
import { installRouterMemo } from "./router-memo";

installRouterMemo();
const server = "./server.js";
await import(server);
