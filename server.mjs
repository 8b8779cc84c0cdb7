// Inkwell's HTTP server: Express in front of Remix. Security headers (CSP with a per-request
// nonce), the cross-site form-post guard and static files live here.
import crypto from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import morgan from "morgan";

const MODE = process.env.NODE_ENV ?? "development";
const IS_PROD = MODE === "production";
const PORT = Number(process.env.PORT ?? 3000);
const BUILD_DIR = process.env.BUILD_DIR ?? "build";

const viteDevServer = IS_PROD
  ? undefined
  : await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));

const app = express();
app.disable("x-powered-by");
// Fly's proxy (and any one in front) sets X-Forwarded-For; req.ip is then the client's address.
app.set("trust proxy", IS_PROD ? 1 : false);
app.use(compression());

app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
});

/** Origins a form may post to, directly or by redirect (Google sign-in). */
const formOrigins = ["'self'", "https://accounts.google.com"];
if (process.env.GOOGLE_OAUTH_BASE_URL)
  formOrigins.push(new URL(process.env.GOOGLE_OAUTH_BASE_URL).origin);

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
  const host = req.get("x-forwarded-host") ?? req.get("host");
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

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  app.use(
    "/assets",
    express.static(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: "1y" }),
  );
  app.use(express.static(`${BUILD_DIR}/client`, { maxAge: "1h" }));
}

app.use(
  morgan("tiny", {
    skip: (req) => req.url.startsWith("/assets") || process.env.QUIET_LOGS === "1",
  }),
);

const build = viteDevServer
  ? () => viteDevServer.ssrLoadModule("virtual:remix/server-build")
  : await import(pathToFileURL(path.resolve(BUILD_DIR, "server/index.js")).href);

app.all(
  "*",
  createRequestHandler({
    build,
    mode: MODE,
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce,
      clientAddress: req.ip ?? "unknown",
    }),
  }),
);

const server = app.listen(PORT, () => {
  console.log(`Inkwell is listening on http://localhost:${PORT}`);
});

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
