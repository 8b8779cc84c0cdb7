// The server's log: one JSON line per request, per job step and per error on stdout
// (docs/decisions/0036-health-and-logs.md). A request line names the Remix route id, never the
// path, so no path parameter (a one-time token, an entry id), query string, cookie, header or
// body can reach it. The route id and the signed-in user's role are filled in by the app during
// the request, through an AsyncLocalStorage store kept on globalThis: the server build bundles its
// own copy of this module, and both copies must share one store, one slow-request list and one
// set of request counters.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Writable } from "node:stream";
import type { Request, RequestHandler } from "express";
import { redactTokens } from "./redact-tokens";

type RequestContext = {
  route: string | null;
  depth: number;
  role: string;
  /** Values computed once per HTTP request (oncePerRequest). */
  memo?: Map<string, unknown>;
};

export type SlowRequest = {
  time: string;
  route: string;
  method: string;
  status: number;
  durationMs: number;
};

export type RequestCounter = {
  route: string;
  method: string;
  statusClass: string;
  count: number;
  sum: number;
  buckets: number[];
};

type LogState = {
  store: AsyncLocalStorage<RequestContext>;
  slow: SlowRequest[];
  counters: Map<string, RequestCounter>;
  shuttingDown: boolean;
};

const shared = globalThis as typeof globalThis & { __inkwellLog?: LogState };
shared.__inkwellLog ??= {
  store: new AsyncLocalStorage<RequestContext>(),
  slow: [],
  counters: new Map(),
  shuttingDown: false,
};
const state: LogState = shared.__inkwellLog;

/** Histogram buckets (seconds) for the request durations of /metrics. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const SLOW_KEEP = 20;

/** Writes one JSON line to stdout (or `out`), with the time first. */
export function logLine(fields: Record<string, unknown>, out: Writable = process.stdout) {
  out.write(`${JSON.stringify({ time: new Date().toISOString(), ...fields })}\n`);
}

/**
 * An error as a JSON line: its message and stack, no request data. A library's message may still
 * quote a path: one-time tokens in it are redacted (docs/decisions/0025-accounts-and-tokens.md).
 */
export function logError(context: string, error: unknown) {
  const message = redactTokens(error instanceof Error ? error.message : String(error));
  const stack = error instanceof Error && error.stack ? redactTokens(error.stack) : undefined;
  logLine({ type: "error", context, message, ...(stack ? { stack } : {}) }, process.stderr);
}

/** The store of the request being handled, if any. */
function current() {
  return state.store.getStore();
}

/**
 * Names the route that handled the request. A deeper route wins over its parents (a document
 * request runs the loaders of every matched route; the leaf names the page).
 */
export function setRequestRoute(routeId: string, depth = 0) {
  const ctx = current();
  if (ctx && (ctx.route === null || depth >= ctx.depth)) {
    ctx.route = routeId;
    ctx.depth = depth;
  }
}

/** The route id named so far in this request, if any. */
export function requestRoute(): string | null {
  return current()?.route ?? null;
}

/** Records the signed-in user's highest role for the request's log line. */
export function setRequestRole(role: string) {
  const ctx = current();
  if (ctx) ctx.role = role;
}

/** Marks this process as shutting down: /readyz answers 503 from now on. */
export function markShuttingDown() {
  state.shuttingDown = true;
}
export function isShuttingDown() {
  return state.shuttingDown;
}

function classOf(status: number) {
  return `${Math.floor(status / 100)}xx`;
}

function count(route: string, method: string, status: number, seconds: number) {
  const key = `${route}\u0000${method}\u0000${classOf(status)}`;
  let c = state.counters.get(key);
  if (!c) {
    c = {
      route,
      method,
      statusClass: classOf(status),
      count: 0,
      sum: 0,
      buckets: DURATION_BUCKETS.map(() => 0),
    };
    state.counters.set(key, c);
  }
  c.count++;
  c.sum += seconds;
  DURATION_BUCKETS.forEach((le, i) => {
    if (seconds <= le) c.buckets[i]++;
  });
}

function rememberSlow(line: SlowRequest) {
  const slow = state.slow;
  if (slow.length >= SLOW_KEEP && line.durationMs <= slow[slow.length - 1].durationMs) return;
  slow.push({
    time: line.time,
    route: line.route,
    method: line.method,
    status: line.status,
    durationMs: line.durationMs,
  });
  slow.sort((a, b) => b.durationMs - a.durationMs);
  slow.length = Math.min(slow.length, SLOW_KEEP);
}

/** The slowest requests this process has answered since it started, slowest first. */
export function slowRequests(): SlowRequest[] {
  return state.slow.map((s) => ({ ...s }));
}

/** This process's request counters for /metrics: per route, method and status class. */
export function requestCounters(): RequestCounter[] {
  return [...state.counters.values()].map((c) => ({ ...c, buckets: [...c.buckets] }));
}

/**
 * The request log middleware: gives the request a fresh store and writes one line when the
 * answer is sent. Counters and the slow-request list are kept even when quiet. The store is
 * entered by `requestContext()`, placed after the body is read.
 */
export function accessLog({
  quiet = false,
  out = process.stdout,
  skip = () => false,
}: { quiet?: boolean; out?: Writable; skip?: (req: Request) => boolean } = {}): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const ctx: RequestContext = { route: null, depth: -1, role: "visitor" };
    res.once("finish", () => {
      const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
      const line = {
        time: new Date().toISOString(),
        type: "request",
        method: req.method,
        route: ctx.route ?? "unmatched",
        status: res.statusCode,
        durationMs,
        role: ctx.role,
      };
      count(line.route, line.method, line.status, durationMs / 1000);
      if (line.route !== "static") rememberSlow(line);
      if (!quiet && !skip(req)) out.write(`${JSON.stringify(line)}\n`);
    });
    res.locals.requestLog = ctx;
    next();
  };
}

/**
 * A value computed once per HTTP request and shared by the loaders of that request (Remix gives
 * each loader its own copy of the Request, so a cache keyed by the Request object misses:
 * docs/decisions/0052-per-request-work.md). Outside a request store, computed every call.
 */
export function oncePerRequest<T>(key: string, compute: () => T): T {
  const ctx = current();
  if (!ctx) return compute();
  ctx.memo ??= new Map();
  if (!ctx.memo.has(key)) ctx.memo.set(key, compute());
  return ctx.memo.get(key) as T;
}

/** Runs `fn` in a request store of its own, as the server runs a request (tests, bench/trace.ts). */
export function inRequestStore<T>(fn: () => T): T {
  return state.store.run({ route: null, depth: -1, role: "visitor" }, fn);
}

/** Runs the rest of the request inside its log store, so the app can name route and role. */
export function requestContext(): RequestHandler {
  return (_req, res, next) => {
    const ctx = res.locals.requestLog as RequestContext | undefined;
    if (!ctx || state.store.getStore() === ctx) return next();
    state.store.run(ctx, next);
  };
}
