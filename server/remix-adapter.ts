// Between Express and Remix, as @remix-run/express does it, with our changes: an upload's body
// that can be cancelled without destroying the request (docs/decisions/0024-hostile-documents.md),
// forwarded headers believed only as configured (docs/decisions/0010-hardening.md), a page sent in
// one write, and the Remix route id named in the request's log line
// (docs/decisions/0036-health-and-logs.md).
import type { ServerBuild } from "@remix-run/node";
import { writeReadableStreamToWritable } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { IncomingHttpHeaders } from "node:http";
import type { TLSSocket } from "node:tls";
import { setRequestRoute } from "../app/utils/access-log";
import { requestOrigin, type TrustProxy } from "../app/utils/client-ip";
import { discardRest } from "./request-guards";

/** The server build's entry module, with what server/index.ts calls on it (app/entry.server.tsx). */
type EntryModule = ServerBuild["entry"]["module"] & {
  startWorkflows?: () => { stop(): Promise<void> | void } | undefined;
  disconnectDatabase?: () => Promise<void>;
};
export type AppBuild = ServerBuild & { entry: { module: EntryModule } };

/**
 * The server build with every route's loader and action, and the document handler, naming the
 * route in the request's log line: the route id, never the path with its parameters' values.
 */
function instrumentBuild(build: AppBuild): AppBuild {
  const depthOf = (id: string) => {
    let depth = 0;
    for (let r = build.routes[id]; r?.parentId; r = build.routes[r.parentId]) depth++;
    return depth;
  };
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const depth = depthOf(id);
    const module = { ...route.module };
    for (const name of ["loader", "action"] as const) {
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
  const entryModule: EntryModule = {
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

const instrumented = new WeakMap<AppBuild, AppBuild>();
/** The instrumented build, made once per build (the dev server hands back the same object). */
export function instrumentOnce(built: AppBuild): AppBuild {
  let result = instrumented.get(built);
  if (!result) {
    result = instrumentBuild(built);
    instrumented.set(built, result);
  }
  return result;
}

/** The Fetch API headers of a Node request. */
function remixHeaders(nodeHeaders: IncomingHttpHeaders) {
  const headers = new Headers();
  for (const [key, values] of Object.entries(nodeHeaders)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

/** A Fetch API response sent on an Express one. */
export async function sendResponse(res: ExpressResponse, response: Response) {
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
 * An upload's body for the route. Unlike Remix's stream, cancelling it (a file refused as too
 * large) does not destroy the request: the rest is discarded while the route answers, and the
 * connection is closed once both are done (docs/decisions/0024-hostile-documents.md).
 */
function uploadBody(req: ExpressRequest, res: ExpressResponse) {
  let detach = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const onData = (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        const onEnd = () => {
          detach();
          controller.close();
        };
        const onFail = (error?: Error) => {
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

/**
 * The Fetch API request Remix sees: the body read before (or the upload stream), and the URL's
 * scheme and host (X-Forwarded-Host included) from forwarded headers only when TRUST_PROXY says
 * so. Null when the Host header is not a host name.
 */
export function remixRequest(req: ExpressRequest, res: ExpressResponse, trust: TrustProxy) {
  const encrypted = Boolean((req.socket as TLSSocket).encrypted);
  const { protocol, host } = requestOrigin(req, trust, encrypted);
  if (!host) return null;
  const url = new URL(`${protocol}://${host}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const headers = remixHeaders(req.headers);
  // Remix compares an action's Origin with X-Forwarded-Host (or Host) as sent, and a mismatch is a
  // 500. It is told the host believed here, the one the cross-site guard checked the Origin against.
  headers.set("x-forwarded-host", host);
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers,
    signal: controller.signal,
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    if (Buffer.isBuffer(req.body)) {
      headers.delete("transfer-encoding");
      headers.set("content-length", String(req.body.byteLength));
      const body: Buffer = req.body;
      init.body = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
    } else {
      init.body = uploadBody(req, res);
      init.duplex = "half";
    }
  }
  return new Request(url.href, init);
}
