// What the server checks before Remix sees a request: security headers with a per-request CSP
// nonce, the cross-site form-post guard, and the request body's kind and size
// (docs/decisions/0010-hardening.md).
import crypto from "node:crypto";
import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import express from "express";
import helmet from "helmet";
import { requestOrigin, type TrustProxy } from "../app/utils/client-ip";
import { BODY_MESSAGES, UPLOAD_BODY_LIMIT, bodyPolicy } from "../app/utils/request-body";

/** A fresh CSP nonce for every answer, in `res.locals.cspNonce`. */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
};

/**
 * Security headers. `testServices` are the local fakes' sign-in and checkout pages, which a form
 * may post to in test mode only (app/utils/settings.ts); outside it they are undefined.
 */
export function securityHeaders({
  production,
  testServices,
}: {
  production: boolean;
  testServices: Array<string | undefined>;
}): RequestHandler {
  /** Origins a form may post to, directly or by redirect (Google sign-in, Stripe Checkout). */
  const formOrigins = ["'self'", "https://accounts.google.com", "https://checkout.stripe.com"];
  for (const address of testServices) if (address) formOrigins.push(new URL(address).origin);
  return helmet({
    xPoweredBy: false,
    xFrameOptions: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    hsts: production ? { maxAge: 60 * 60 * 24 * 365, includeSubDomains: true } : false,
    contentSecurityPolicy: {
      // Vite's dev server injects inline scripts without nonces; enforce in production only.
      reportOnly: !production,
      directives: {
        "default-src": ["'self'"],
        "script-src": [
          "'strict-dynamic'",
          "'self'",
          (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
        ],
        "connect-src": production ? ["'self'"] : ["'self'", "ws:"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": formOrigins,
        "frame-ancestors": ["'none'"],
        "upgrade-insecure-requests": null,
      },
    },
  });
}

/**
 * A path whose percent-encoding cannot be decoded (`/%ZZ`, `/join/%ff`) names no page: 400 before
 * any router tries to decode it (Express's would throw, with the raw path, token included, in the
 * error's message). The request's log line carries no path (docs/decisions/0036-health-and-logs.md).
 */
export const malformedPath: RequestHandler = (req, res, next) => {
  const url = req.originalUrl;
  const query = url.indexOf("?");
  try {
    decodeURIComponent(query === -1 ? url : url.slice(0, query));
  } catch {
    return refuse(res, 400, "Bad request: the address is not valid.");
  }
  next();
};

/** Signed webhooks and the Inngest endpoint authenticate themselves. */
const EXEMPT = [/^\/api\/webhooks\//, /^\/api\/inngest/];

/**
 * Cross-site form posts are refused on every action: a browser always sends Origin (or
 * Sec-Fetch-Site) on a POST, and it must name this site. Signed webhooks and the Inngest
 * endpoint are exempt. An X-Forwarded-Host that names another host than the Origin is refused
 * too, believed or not: Remix aborts such an action itself, which would be a 500.
 */
export function crossSiteGuard(trust: TrustProxy): RequestHandler {
  return (req, res, next) => {
    if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
    if (EXEMPT.some((re) => re.test(req.path))) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    // X-Forwarded-Host counts only behind a configured proxy chain.
    const { host } = requestOrigin(req, trust);
    let crossSite = fetchSite === "cross-site";
    if (origin) {
      try {
        const originHost = origin === "null" ? null : new URL(origin).host;
        const forwarded = req.get("x-forwarded-host")?.split(",")[0].trim().toLowerCase();
        crossSite = originHost !== host || (!!forwarded && forwarded !== originHost);
      } catch {
        crossSite = true;
      }
    }
    if (crossSite) {
      res.status(403).type("text/plain").send("Cross-site form submissions are not allowed.");
      return;
    }
    next();
  };
}

/**
 * Answers without reading the body. The rest of the body is then read and thrown away (so the
 * client, still sending, gets to see the answer), but no more than UPLOAD_BODY_LIMIT of it.
 */
export function refuse(res: Response, status: number, message: string) {
  const req = res.req;
  res.once("finish", () => discardRest(req));
  res.status(status).type("text/plain").send(message);
}

/**
 * Reads and throws away what is left of a request body, at most UPLOAD_BODY_LIMIT (then the
 * connection is cut). A client still sending sees the answer this way instead of a reset.
 */
export function discardRest(req: Request) {
  if (req.readableEnded) return;
  let drained = 0;
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > UPLOAD_BODY_LIMIT) req.socket.destroy();
  });
  req.resume();
}

const bufferers = new Map<number, RequestHandler>();
function bufferBody(limit: number): RequestHandler {
  let bufferer = bufferers.get(limit);
  if (!bufferer) {
    bufferer = express.raw({ type: () => true, limit, inflate: false });
    bufferers.set(limit, bufferer);
  }
  return bufferer;
}

/**
 * Request bodies: only forms reach an action (415 otherwise), and a form body is read with a
 * limit that is enforced while it streams (413), so a 40 MB post costs 1 MB of memory at most.
 * Entry uploads stream on to their route, which counts every byte itself.
 */
export const bodyLimits: RequestHandler = (req, res, next) => {
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
};

/** A body the reader refused (too large, compressed, malformed): our message, never a 500. */
export const bodyErrors: ErrorRequestHandler = (error, _req, res, next) => {
  const status: number | undefined = error?.status ?? error?.statusCode;
  if (!status || status >= 500 || res.headersSent) return next(error);
  const message =
    status === 413
      ? BODY_MESSAGES.tooLarge
      : status === 415
        ? BODY_MESSAGES.encoded
        : BODY_MESSAGES.unreadable;
  refuse(res, status, message);
};
