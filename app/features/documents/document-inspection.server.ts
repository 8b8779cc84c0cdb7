/**
 * Uploaded documents are inspected in a worker thread with a time limit
 * (docs/decisions/0024-hostile-documents.md): a file built to make the parsers slow gets a clear
 * refusal ("too-slow") and the worker is replaced, while the server goes on answering. One
 * worker per process, one document at a time (receive-entry.server.ts keeps that order,
 * docs/decisions/0021-performance.md); its heap is capped so a file cannot exhaust memory.
 */
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { Inspection } from "./documents";
import type { InspectionRequest } from "./document-worker";
import type { FileKind } from "./file-sniff";

/** Far above what a real 10 MB document needs (well under a second), far below a frozen process. */
export const INSPECTION_TIME_LIMIT_MS = 15_000;
const WORKER_HEAP_MB = 512;

/**
 * The worker's script: the bundle beside the server build in production, the TypeScript source
 * (loaded through tsx) in development and tests. Paths are built at run time so no bundler
 * rewrites them.
 */
function workerScript(): { script: string | URL; eval: boolean } {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const bundled = path.join(here, ["document-worker", "mjs"].join("."));
  if (fs.existsSync(bundled)) return { script: pathToFileURL(bundled), eval: false };
  const source = pathToFileURL(path.join(here, ["document-worker", "ts"].join("."))).href;
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  const tsx = pathToFileURL(path.join(tsxRoot, "dist/esm/api/index.mjs")).href;
  return {
    script: `import(${JSON.stringify(tsx)}).then((api) => api.tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`,
    eval: true,
  };
}

type Pending = { resolve: (result: Inspection) => void; timer: NodeJS.Timeout };
let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

function settleAll(result: Inspection) {
  for (const [id, p] of pending) {
    clearTimeout(p.timer);
    pending.delete(id);
    p.resolve(result);
  }
}

function getWorker() {
  if (worker) return worker;
  const { script, eval: isEval } = workerScript();
  const w = new Worker(script, {
    eval: isEval,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  w.unref();
  w.on("message", ({ id, result }: { id: number; result: Inspection }) => {
    const p = pending.get(id);
    if (!p) return;
    clearTimeout(p.timer);
    pending.delete(id);
    p.resolve(result);
  });
  const gone = (error?: unknown) => {
    if (worker !== w) return;
    worker = null;
    if (error) console.error("[documents] the inspection worker failed", error);
    // Out of memory, or a crash: the document could not be read.
    settleAll({ ok: false, problem: "unreadable" });
  };
  w.on("error", gone);
  w.on("exit", () => gone());
  worker = w;
  return w;
}

/** Inspects one document in the worker; never throws. */
export function inspectInWorker(
  kind: FileKind,
  bytes: Uint8Array,
  opts: { timeLimitMs?: number; transfer?: boolean; encoding?: string } = {},
): Promise<Inspection> {
  return new Promise((resolve) => {
    const id = nextId++;
    const w = getWorker();
    const timer = setTimeout(() => {
      pending.delete(id);
      resolve({ ok: false, problem: "too-slow" });
      if (worker === w) worker = null;
      void w.terminate();
      settleAll({ ok: false, problem: "too-slow" });
    }, opts.timeLimitMs ?? INSPECTION_TIME_LIMIT_MS);
    pending.set(id, { resolve, timer });
    // With `transfer`, the bytes move to the worker (no copy; the caller's view is emptied).
    const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const request: InspectionRequest = { id, kind, bytes, encoding: opts.encoding };
    w.postMessage(request, opts.transfer && owned ? [bytes.buffer as ArrayBuffer] : []);
  });
}

/**
 * Starts the worker ahead of need (loading the parsers takes a moment): called when the entry
 * form is shown, so the first upload of a process does not wait for it.
 */
export function warmInspectionWorker() {
  try {
    getWorker();
  } catch (error) {
    console.error("[documents] could not start the inspection worker", error);
  }
}

/** Ends the worker (tests; a process that exits ends it anyway). */
export async function stopInspectionWorker() {
  const w = worker;
  worker = null;
  settleAll({ ok: false, problem: "unreadable" });
  await w?.terminate();
}
