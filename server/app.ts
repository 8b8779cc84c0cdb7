// The Express application in front of Remix: the request log, security headers and CSP nonces,
// the cross-site post guard, request body limits, static files, the visitor page cache and the
// Remix handler (docs/decisions/0010-hardening.md, 0021-performance.md, 0036-health-and-logs.md).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/node";
import type { ErrorRequestHandler, Express, RequestHandler } from "express";
import compression from "compression";
import express from "express";
import type { ViteDevServer } from "vite";
import {
  accessLog,
  isShuttingDown,
  logError,
  requestContext,
  requestRoute,
  setRequestRoute,
} from "../app/utils/access-log";
import { clientAddress, expressTrustProxy, requestOrigin } from "../app/utils/client-ip";
import type { serverSettings } from "../app/utils/settings";
import { instrumentOnce, remixRequest, sendResponse, type AppBuild } from "./remix-adapter";
import {
  bodyErrors,
  bodyLimits,
  crossSiteGuard,
  cspNonce,
  malformedPath,
  refuse,
  securityHeaders,
} from "./request-guards";
import { createVisitorPageCache, registerVisitorPagePurge } from "./visitor-page-cache";

type Settings = ReturnType<typeof serverSettings>;

/** The server build: loaded once in production, from Vite on every request in development. */
export async function loadBuild(settings: Settings, vite: ViteDevServer | undefined) {
  if (vite) {
    const fromVite = async () =>
      instrumentOnce((await vite.ssrLoadModule("virtual:remix/server-build")) as AppBuild);
    return { build: fromVite, current: fromVite };
  }
  const file = pathToFileURL(path.resolve(settings.BUILD_DIR, "server/index.js")).href;
  const built = instrumentOnce((await import(file)) as AppBuild);
  return { build: built, current: async () => built };
}

/** Static files of the production build: hashed assets for a year, the public files for an hour. */
function serveStatic(app: Express, buildDir: string) {
  const isStatic: RequestHandler = (_req, _res, next) => {
    setRequestRoute("static", Number.MAX_SAFE_INTEGER);
    next();
  };
  app.use(
    "/assets",
    requestContext(),
    isStatic,
    express.static(`${buildDir}/client/assets`, { immutable: true, maxAge: "1y" }),
  );
  // The public files (favicon, robots.txt, …) are known when the server starts: only their
  // paths go to the file system, not every page request.
  const publicFiles = new Set(
    fs
      .readdirSync(`${buildDir}/client`, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) =>
        path
          .join(path.relative(`${buildDir}/client`, entry.parentPath), entry.name)
          .split(path.sep)
          .join("/"),
      )
      .filter((file) => !file.startsWith("assets/"))
      .map((file) => `/${file}`),
  );
  const servePublic = express.static(`${buildDir}/client`, { maxAge: "1h" });
  const context = requestContext();
  app.use((req, res, next) =>
    publicFiles.has(req.path)
      ? context(req, res, () => isStatic(req, res, () => servePublic(req, res, next)))
      : next(),
  );
}

/** The application. */
export function createApp({
  settings,
  vite,
  build,
}: {
  settings: Settings;
  vite: ViteDevServer | undefined;
  build: AppBuild | (() => Promise<AppBuild>);
}) {
  const production = settings.NODE_ENV === "production";
  const trust = settings.trustProxy;
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-For is anyone's to send: Express reads it only for a configured number of proxies.
  app.set("trust proxy", expressTrustProxy(trust));
  // One JSON line per request, refused ones included (docs/decisions/0036-health-and-logs.md);
  // QUIET_LOGS (the tests) keeps only the counters. Static files are counted, not logged.
  app.use(
    accessLog({ quiet: settings.QUIET_LOGS, skip: (req) => req.path.startsWith("/assets/") }),
  );
  // A path that cannot be decoded is refused before a router throws on it (a 500 naming the path).
  app.use(malformedPath);
  // While shutting down, every answer closes its connection (keep-alive would hold the process).
  app.use((_req, res, next) => {
    if (isShuttingDown()) res.setHeader("Connection", "close");
    next();
  });
  app.use(compression());
  app.use(cspNonce);
  app.use(
    securityHeaders({
      production,
      testServices: [settings.GOOGLE_OAUTH_BASE_URL, settings.STRIPE_API_BASE_URL],
    }),
  );
  app.use(crossSiteGuard(trust));
  app.use(bodyLimits);
  app.use(bodyErrors);
  if (vite) app.use(vite.middlewares);
  else serveStatic(app, settings.BUILD_DIR);

  const handleRequest = createRequestHandler(build, settings.NODE_ENV);
  const visitorPages = production ? createVisitorPageCache() : null;
  if (visitorPages) registerVisitorPagePurge(() => visitorPages.clear());
  /** The route id of each cached visitor page's path, for the request log. */
  const visitorRoutes = new Map<string, string>();
  // The request's log store is entered here, after the body was read (a body parser's callbacks
  // run outside it), so the app's loaders can fill it in.
  app.all("*", requestContext(), async (req, res, next) => {
    try {
      if (!requestOrigin(req, trust).host)
        return refuse(res, 400, "Bad request: the Host header is not a host name.");
      // Built only when Remix renders (a cached visitor page needs neither).
      const render = (cspNonce: string) =>
        handleRequest(remixRequest(req, res, trust)!, {
          clientAddress: clientAddress(req, trust),
          cspNonce,
        });
      if (visitorPages?.applies(req)) {
        // Rendered with the placeholder nonce, sent with this request's own.
        let page = visitorPages.lookup(req.originalUrl);
        // A page from the cache names the route that rendered it in the log line, and needs no
        // Fetch API request (docs/decisions/0072-per-page-work.md).
        if (page) setRequestRoute(visitorRoutes.get(req.path) ?? "unmatched");
        if (!page) {
          const response = await render(visitorPages.placeholder);
          if (visitorRoutes.size > 1000) visitorRoutes.clear();
          visitorRoutes.set(req.path, requestRoute() ?? "unmatched");
          const taken = await visitorPages.take(req.originalUrl, response);
          if (!taken) return await sendResponse(res, response);
          page = taken;
        }
        return visitorPages.send(req, res, page, res.locals.cspNonce);
      }
      const response = await render(res.locals.cspNonce);
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  });

  // Errors the app did not answer itself: one JSON line (no request data), a plain 500.
  const lastResort: ErrorRequestHandler = (error, _req, res, next) => {
    logError("request", error);
    if (res.headersSent) return next(error);
    res.status(500).type("text/plain").send("Internal Server Error");
  };
  app.use(lastResort);
  return app;
}
