// Inkwell's HTTP server: Express in front of Remix. Security headers (CSP with a per-request
// nonce), the cross-site form-post guard, request body limits, the client's address, static
// files, the visitor page cache and the in-process scheduler live here. In production it runs
// one process per core (app/utils/cluster.mjs, docs/decisions/0021-performance.md).
import cluster from "node:cluster";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { format } from "node:util";
import {
  createRequestHandler as createRemixHandler,
  writeReadableStreamToWritable,
} from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { clientAddress, expressTrustProxy, requestOrigin } from "./app/utils/client-ip.mjs";
import {
  accessLog,
  logError,
  logLine,
  markShuttingDown,
  requestContext,
  requestRoute,
  setRequestRoute,
} from "./app/utils/access-log.mjs";
import { runPrimary, runsWorkflows, workerCount } from "./app/utils/cluster.mjs";
import { createVisitorPageCache } from "./app/utils/visitor-page-cache.mjs";
import { BODY_MESSAGES, UPLOAD_BODY_LIMIT, bodyPolicy } from "./app/utils/request-body.mjs";
import { serverSettings } from "./app/utils/settings.mjs";

// The settings this process needs before the app loads, checked by the same zod fields as
// env.server.ts (app/utils/settings.mjs); a bad one stops the server with one line.
let SETTINGS;
try {
  SETTINGS = serverSettings();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const IS_PROD = SETTINGS.NODE_ENV === "production";

// In production every line on stdout and stderr is JSON (docs/decisions/0036-health-and-logs.md):
// what the app or a library prints through the console becomes one line of its own type.
if (IS_PROD) {
  const asLine =
    (type, out) =>
    (...args) =>
      logLine({ type, message: format(...args) }, out);
  console.log = asLine("log", process.stdout);
  console.info = asLine("log", process.stdout);
  console.warn = asLine("warning", process.stderr);
  console.error = asLine("error", process.stderr);
}
const { PORT, BUILD_DIR } = SETTINGS;

// The primary of a multi-process server only forks and watches the workers; it never serves.
const WORKERS = IS_PROD ? workerCount(SETTINGS.WEB_CONCURRENCY) : 1;
if (cluster.isPrimary && WORKERS > 1) process.exit(await runPrimary(WORKERS));

/** Which forwarded headers to believe: none unless TRUST_PROXY says (docs/decisions/0010-hardening.md). */
const TRUST = SETTINGS.trustProxy;

const viteDevServer = IS_PROD
  ? undefined
  : await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));

const app = express();
app.disable("x-powered-by");
// X-Forwarded-For is anyone's to send: Express reads it only for a configured number of proxies.
app.set("trust proxy", expressTrustProxy(TRUST));
// One JSON line per request, refused ones included (docs/decisions/0036-health-and-logs.md);
// QUIET_LOGS (the tests) keeps only the counters. Static files are counted, not logged.
app.use(
  accessLog({
    quiet: SETTINGS.QUIET_LOGS,
    skip: (req) => req.path.startsWith("/assets/"),
  }),
);
// While shutting down, every answer closes its connection (keep-alive would hold the process).
let shuttingDown = false;
app.use((_req, res, next) => {
  if (shuttingDown) res.setHeader("Connection", "close");
  next();
});
app.use(compression());

app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
});

/** Origins a form may post to, directly or by redirect (Google sign-in, Stripe Checkout). */
const formOrigins = ["'self'", "https://accounts.google.com", "https://checkout.stripe.com"];
// Test mode only (settings.mjs): the local fakes' sign-in and checkout pages.
if (SETTINGS.GOOGLE_OAUTH_BASE_URL)
  formOrigins.push(new URL(SETTINGS.GOOGLE_OAUTH_BASE_URL).origin);
if (SETTINGS.STRIPE_API_BASE_URL) formOrigins.push(new URL(SETTINGS.STRIPE_API_BASE_URL).origin);

app.use(
  helmet({
    xPoweredBy: false,
    xFrameOptions: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    hsts: IS_PROD ? { maxAge: 60 * 60 * 24 * 365, includeSubDomains: true } : false,
    contentSecurityPolicy: {
      // Vite's dev server injects inline scripts without nonces; enforce in production only.
      reportOnly: !IS_PROD,
      directives: {
        "default-src": ["'self'"],
        "script-src": [
          "'strict-dynamic'",
          "'self'",
          (_req, res) => `'nonce-${res.locals.cspNonce}'`,
        ],
        "connect-src": IS_PROD ? ["'self'"] : ["'self'", "ws:"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": formOrigins,
        "frame-ancestors": ["'none'"],
        "upgrade-insecure-requests": null,
      },
    },
  }),
);

/**
 * Cross-site form posts are refused on every action: a browser always sends Origin (or
 * Sec-Fetch-Site) on a POST, and it must name this site. Signed webhooks and the Inngest
 * endpoint authenticate themselves and are exempt.
 */
const EXEMPT = [/^\/api\/webhooks\//, /^\/api\/inngest/];
app.use((req, res, next) => {
  if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
  if (EXEMPT.some((re) => re.test(req.path))) return next();
  const origin = req.get("origin");
  const fetchSite = req.get("sec-fetch-site");
  // X-Forwarded-Host counts only behind a configured proxy chain.
  const { host } = requestOrigin(req, TRUST);
  let crossSite = fetchSite === "cross-site";
  if (origin) {
    try {
      crossSite = origin === "null" || new URL(origin).host !== host;
    } catch {
      crossSite = true;
    }
  }
  if (crossSite) {
    res.status(403).type("text/plain").send("Cross-site form submissions are not allowed.");
    return;
  }
  next();
});

/**
 * Request bodies: only forms reach an action (415 otherwise), and a form body is read with a
 * limit that is enforced while it streams (413), so a 40 MB post costs 1 MB of memory at most.
 * Entry uploads stream on to their route, which counts every byte itself.
 */
const bufferers = new Map();
const bufferBody = (limit) => {
  if (!bufferers.has(limit))
    bufferers.set(limit, express.raw({ type: () => true, limit, inflate: false }));
  return bufferers.get(limit);
};
/**
 * Answers without reading the body. The rest of the body is then read and thrown away (so the
 * client, still sending, gets to see the answer), but no more than UPLOAD_BODY_LIMIT of it.
 */
function refuse(res, status, message) {
  const req = res.req;
  res.once("finish", () => discardRest(req));
  res.status(status).type("text/plain").send(message);
}
/**
 * Reads and throws away what is left of a request body, at most UPLOAD_BODY_LIMIT (then the
 * connection is cut). A client still sending sees the answer this way instead of a reset.
 */
function discardRest(req) {
  if (req.readableEnded) return;
  let drained = 0;
  req.on("data", (chunk) => {
    drained += chunk.length;
    if (drained > UPLOAD_BODY_LIMIT) req.socket.destroy();
  });
  req.resume();
}
/**
 * An upload's body for the route. Unlike Remix's stream, cancelling it (a file refused as too
 * large) does not destroy the request: the rest is discarded while the route answers, and the
 * connection is closed once both are done (docs/decisions/0024-hostile-documents.md).
 */
function uploadBody(req, res) {
  let detach = () => {};
  return new ReadableStream(
    {
      start(controller) {
        const onData = (chunk) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if (controller.desiredSize <= 0) req.pause();
        };
        const onEnd = () => {
          detach();
          controller.close();
        };
        const onFail = (error) => {
          detach();
          controller.error(error ?? new Error("the request was aborted"));
        };
        const onClose = () => {
          if (!req.readableEnded) onFail();
        };
        req.on("data", onData);
        req.once("end", onEnd);
        req.once("error", onFail);
        req.once("close", onClose);
        req.pause();
        detach = () => {
          req.off("data", onData);
          req.off("end", onEnd);
          req.off("error", onFail);
          req.off("close", onClose);
        };
      },
      pull() {
        req.resume();
      },
      cancel() {
        detach();
        let answered = res.writableFinished;
        let ended = req.readableEnded;
        const close = () => {
          if (answered && ended) req.socket.end();
        };
        res.once("finish", () => ((answered = true), close()));
        req.once("end", () => ((ended = true), close()));
        discardRest(req);
      },
    },
    new CountQueuingStrategy({ highWaterMark: 4 }),
  );
}
app.use((req, res, next) => {
  const policy = bodyPolicy({
    method: req.method,
    path: req.path,
    contentType: req.get("content-type"),
    contentLength: req.get("content-length"),
    transferEncoding: req.get("transfer-encoding"),
    contentEncoding: req.get("content-encoding"),
  });
  if (policy.action === "refuse") return refuse(res, policy.status, policy.message);
  if (policy.action === "buffer") return bufferBody(policy.limit)(req, res, next);
  next();
});
app.use((error, _req, res, next) => {
  const status = error?.status ?? error?.statusCode;
  if (!status || status >= 500 || res.headersSent) return next(error);
  const message =
    status === 413
      ? BODY_MESSAGES.tooLarge
      : status === 415
        ? BODY_MESSAGES.encoded
        : BODY_MESSAGES.unreadable;
  refuse(res, status, message);
});

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  const isStatic = (_req, _res, next) => {
    setRequestRoute("static", Number.MAX_SAFE_INTEGER);
    next();
  };
  app.use(
    "/assets",
    requestContext(),
    isStatic,
    express.static(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: "1y" }),
  );
  // The public files (favicon, robots.txt, …) are known when the server starts: only their
  // paths go to the file system, not every page request.
  const publicFiles = new Set(
    fs
      .readdirSync(`${BUILD_DIR}/client`, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) =>
        path
          .join(path.relative(`${BUILD_DIR}/client`, entry.parentPath), entry.name)
          .split(path.sep)
          .join("/"),
      )
      .filter((file) => !file.startsWith("assets/"))
      .map((file) => `/${file}`),
  );
  const servePublic = express.static(`${BUILD_DIR}/client`, { maxAge: "1h" });
  app.use((req, res, next) =>
    publicFiles.has(req.path)
      ? requestContext()(req, res, () => isStatic(req, res, () => servePublic(req, res, next)))
      : next(),
  );
}

/**
 * The server build with every route's loader and action, and the document handler, naming the
 * route in the request's log line: the route id, never the path with its parameters' values.
 */
function instrumentBuild(build) {
  const depthOf = (id) => {
    let depth = 0;
    for (let r = build.routes[id]; r?.parentId; r = build.routes[r.parentId]) depth++;
    return depth;
  };
  const routes = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const depth = depthOf(id);
    const module = { ...route.module };
    for (const name of ["loader", "action"]) {
      const fn = route.module[name];
      if (fn)
        module[name] = (args) => {
          setRequestRoute(id, depth);
          return fn(args);
        };
    }
    routes[id] = { ...route, module };
  }
  const handleDocument = build.entry.module.default;
  const entryModule = {
    ...build.entry.module,
    default(request, status, headers, remixContext, loadContext) {
      const matches = remixContext.staticHandlerContext.matches;
      const leaf = matches[matches.length - 1];
      if (leaf) setRequestRoute(leaf.route.id, Number.MAX_SAFE_INTEGER - 1);
      return handleDocument(request, status, headers, remixContext, loadContext);
    },
  };
  return { ...build, routes, entry: { ...build.entry, module: entryModule } };
}

const instrumented = new WeakMap();
const instrumentOnce = (built) => {
  if (!instrumented.has(built)) instrumented.set(built, instrumentBuild(built));
  return instrumented.get(built);
};
const build = viteDevServer
  ? async () => instrumentOnce(await viteDevServer.ssrLoadModule("virtual:remix/server-build"))
  : instrumentOnce(await import(pathToFileURL(path.resolve(BUILD_DIR, "server/index.js")).href));

/** As @remix-run/express does: the Fetch API headers of a Node request, and a Response sent back. */
function remixHeaders(nodeHeaders) {
  const headers = new Headers();
  for (const [key, values] of Object.entries(nodeHeaders)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}
async function sendResponse(res, response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  // A page is sent in one write (React renders it in many small chunks); other bodies stream.
  if (response.body && /^text\/html/i.test(response.headers.get("Content-Type") ?? ""))
    res.end(Buffer.from(await response.arrayBuffer()));
  else if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/**
 * The Fetch API request Remix sees: the body read above (or the upload stream), and the URL's
 * scheme and host from forwarded headers only when TRUST_PROXY says so.
 */
function remixRequest(req, res) {
  const { protocol, host } = requestOrigin(req, TRUST, Boolean(req.socket.encrypted));
  if (!host) return null;
  const url = new URL(`${protocol}://${host}${req.originalUrl}`);
  let controller = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const headers = remixHeaders(req.headers);
  const init = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    if (Buffer.isBuffer(req.body)) {
      headers.delete("transfer-encoding");
      headers.set("content-length", String(req.body.byteLength));
      init.body = req.body;
    } else {
      init.body = uploadBody(req, res);
      init.duplex = "half";
    }
  }
  return new Request(url.href, init);
}

const handleRequest = createRemixHandler(build, SETTINGS.NODE_ENV);
const visitorPages = IS_PROD ? createVisitorPageCache() : null;
/** The route id of each cached visitor page's path, for the request log. */
const visitorRoutes = new Map();
// The request's log store is entered here, after the body was read (a body parser's callbacks
// run outside it), so the app's loaders can fill it in.
app.all("*", requestContext(), async (req, res, next) => {
  try {
    const request = remixRequest(req, res);
    if (!request) return refuse(res, 400, "Bad request: the Host header is not a host name.");
    if (visitorPages?.applies(req)) {
      // Rendered with the placeholder nonce, sent with this request's own.
      let page = visitorPages.lookup(req.originalUrl);
      // A page from the cache names the route that rendered it in the log line.
      if (page) setRequestRoute(visitorRoutes.get(req.path) ?? "unmatched");
      if (!page) {
        const response = await handleRequest(request, {
          cspNonce: visitorPages.placeholder,
          clientAddress: clientAddress(req, TRUST),
        });
        if (visitorRoutes.size > 1000) visitorRoutes.clear();
        visitorRoutes.set(req.path, requestRoute() ?? "unmatched");
        page = await visitorPages.take(req.originalUrl, response);
        if (!page) return await sendResponse(res, response);
      }
      return visitorPages.send(req, res, page, res.locals.cspNonce);
    }
    const response = await handleRequest(request, {
      cspNonce: res.locals.cspNonce,
      clientAddress: clientAddress(req, TRUST),
    });
    await sendResponse(res, response);
  } catch (error) {
    next(error);
  }
});

// Errors the app did not answer itself: one JSON line (no request data), a plain 500.
app.use((error, _req, res, next) => {
  logError("request", error);
  if (res.headersSent) return next(error);
  res.status(500).type("text/plain").send("Internal Server Error");
});

const server = app.listen(PORT, () => {
  logLine({
    type: "start",
    message: `Inkwell is listening on http://localhost:${server.address().port}`,
  });
});

// The workflows' in-process part: the embedded scheduler, or the outbox dispatcher to Inngest
// (docs/decisions/0018-embedded-scheduler.md). One process runs them (with several workers, the
// one the primary names); stopped before exiting.
const serverBuild = viteDevServer
  ? await viteDevServer.ssrLoadModule("virtual:remix/server-build")
  : build;
// With several workers, exactly one runs them (app/utils/cluster.mjs).
const workflows = runsWorkflows() ? serverBuild.entry.module.startWorkflows?.() : undefined;

/**
 * Graceful shutdown (docs/decisions/0036-health-and-logs.md): /readyz answers 503, the listening
 * socket closes (a new connection is refused) and idle keep-alive connections with it; requests
 * in flight finish, for SHUTDOWN_TIMEOUT_MS at most; the scheduler stops after its current step;
 * the database is disconnected. Exit 0, or 1 when the timeout cut requests short.
 */
async function shutdown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  markShuttingDown();
  logLine({ type: "shutdown", signal, timeoutMs: SETTINGS.SHUTDOWN_TIMEOUT_MS });
  const closed = new Promise((resolve) => server.close(() => resolve(false)));
  server.closeIdleConnections();
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(() => resolve(true), SETTINGS.SHUTDOWN_TIMEOUT_MS);
  });
  const [cut] = await Promise.all([
    Promise.race([closed, timeout]),
    Promise.resolve(workflows?.stop()).catch((error) => logError("shutdown", error)),
  ]);
  clearInterval(idle);
  clearTimeout(timer);
  if (cut) server.closeAllConnections();
  await Promise.resolve(serverBuild.entry.module.disconnectDatabase?.()).catch((error) =>
    logError("shutdown", error),
  );
  await viteDevServer?.close().catch((error) => logError("shutdown", error));
  logLine({ type: "shutdown", signal, outcome: cut ? "timed out" : "done" });
  process.exit(cut ? 1 : 0);
}
// In development, Vite (the Remix plugin's child compiler) listens for SIGTERM to exit at once;
// this shutdown closes the dev server itself instead.
if (viteDevServer) process.removeAllListeners("SIGTERM");
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void shutdown(signal));
