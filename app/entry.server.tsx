import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { sendToInngest } from "../inngest/dispatch";
import { startScheduler } from "./features/lifecycle/scheduler.server";
import { logError } from "./utils/access-log";
import { prisma } from "./utils/db.server";
import { env, initEnv, inngestConfigured } from "./utils/env.server";
import { documentSink } from "./utils/document-sink.server";
import { NonceProvider } from "./utils/nonce";

// A bad environment stops the server here, with one line naming the variable.
initEnv();

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // The whole document is rendered, then sent as one body: the server sends an HTML page whole
    // anyway, and no route streams (docs/decisions/0083-whole-document-render.md).
    const sink = documentSink(
      (html) => {
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
      },
      reject,
    );
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer
          context={remixContext}
          url={request.url}
          abortDelay={ABORT_DELAY}
          nonce={nonce}
        />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logError("render", error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * Unexpected errors are logged as one JSON line, without the path (it can hold a token or an id);
 * the request's own line names its route. Aborted requests and thrown responses are not errors.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  logError(request.method, error);
};

/** The last step of a graceful shutdown (server/shutdown.ts, docs/decisions/0036-health-and-logs.md). */
export async function disconnectDatabase() {
  await prisma.$disconnect();
}

/**
 * Starts the workflows' in-process part; server/index.ts calls it once after loading the build and
 * stops it on SIGTERM. Without Inngest the embedded scheduler runs the due steps and delivers the
 * outbox to the local services; with Inngest configured it dispatches the outbox to Inngest, with
 * the row id as the event id (docs/decisions/0018-embedded-scheduler.md).
 */
export function startWorkflows() {
  return startScheduler({
    intervalMs: env().SCHEDULER_INTERVAL_MS,
    dispatch: inngestConfigured() ? sendToInngest : undefined,
  });
}
