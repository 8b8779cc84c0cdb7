/**
 * Uploaded documents are read in a child process, bounded in time and in memory
 * (docs/decisions/0024-hostile-documents.md, 0046-every-text-a-document-carries.md). A file built
 * to make the parsers slow gets "too-slow"; one built to make them use memory (a 150 KB PDF whose
 * text took a process past 1.4 GB) gets "too-much-memory" when the reader passes its bound; in
 * both cases the reader is ended and replaced, while the server goes on answering with its own
 * memory untouched. The server process never parses a PDF or a Word file itself: judges' copies
 * are made by the same reader (`judgeCopyInReader`). One reader per process, one document at a
 * time (docs/decisions/0021-performance.md).
 */
import fs from "node:fs";
import path from "node:path";
import { fork, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Inspection } from "./documents";
import type { ReaderReply, ReaderRequest } from "./document-worker";
import type { FileKind } from "./file-sniff";

/** Far above what a real 10 MB document needs (well under a second), far below a frozen process. */
export const INSPECTION_TIME_LIMIT_MS = 15_000;
/** The reader's JavaScript heap (V8's old generation). */
const READER_HEAP_MB = 384;
/**
 * The reader's whole memory (resident set: heap, buffers, parsers' native memory). A 10 MB
 * document with photos peaks near 250 MB; past this the document is refused.
 */
export const READER_MEMORY_LIMIT_MB = 640;
/** A reader that still holds more than this after a document is replaced, so its memory goes back. */
const READER_RECYCLE_MB = 256;
/** How often the reader's memory is looked at while it works. */
const WATCH_MS = 25;

/**
 * The reader's script: the bundle beside the server build in production, the TypeScript source
 * (through tsx's loader) in development and tests. Paths are built at run time so no bundler
 * rewrites them.
 */
function readerScript(): { script: string; execArgv: string[] } {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const bundled = path.join(here, ["document-worker", "mjs"].join("."));
  if (fs.existsSync(bundled)) return { script: bundled, execArgv: [] };
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  const loader = pathToFileURL(path.join(tsxRoot, "dist", "loader.mjs")).href;
  return {
    script: path.join(here, ["document-worker", "ts"].join(".")),
    execArgv: ["--import", loader],
  };
}

/** The resident memory of a process in MB (Linux); null where it cannot be read. */
function residentMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const pages = Number(fs.readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]);
    return Number.isFinite(pages) ? (pages * 4096) / (1024 * 1024) : null;
  } catch {
    return null;
  }
}

type Problem = Exclude<Inspection, { ok: true }>["problem"];
type Job = { resolve: (reply: ReaderReply | Problem) => void; timer?: NodeJS.Timeout };

type Reader = { child: ChildProcess; ready: Promise<boolean>; watch?: NodeJS.Timeout };
let reader: Reader | null = null;
const jobs = new Map<number, Job>();
let nextId = 1;
/** Documents are read one at a time: the memory bound is one document's. */
let queue: Promise<unknown> = Promise.resolve();

function settleAll(problem: Problem) {
  for (const [id, job] of jobs) {
    clearTimeout(job.timer);
    jobs.delete(id);
    job.resolve(problem);
  }
}

/** Ends the reader (its memory goes back to the system); pending documents get `problem`. */
function endReader(r: Reader, problem: Problem) {
  if (reader === r) reader = null;
  clearInterval(r.watch);
  r.child.kill("SIGKILL");
  settleAll(problem);
}

function getReader(): Reader {
  if (reader) return reader;
  const { script, execArgv } = readerScript();
  const child = fork(script, [], {
    execArgv: [...execArgv, `--max-old-space-size=${READER_HEAP_MB}`],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let started: (ok: boolean) => void = () => {};
  const r: Reader = { child, ready: new Promise((resolve) => (started = resolve)) };
  child.on("message", (message: ReaderReply | { ready: true }) => {
    if ("ready" in message) return started(true);
    const job = jobs.get(message.id);
    if (!job) return;
    clearTimeout(job.timer);
    jobs.delete(message.id);
    job.resolve(message);
  });
  child.on("error", (error) => {
    console.error("[documents] the document reader failed", error);
    started(false);
    if (reader === r) endReader(r, "unreadable");
  });
  child.on("exit", (code, signal) => {
    started(false);
    clearInterval(r.watch);
    if (reader === r) reader = null;
    // V8 aborts a process whose heap is full.
    const outOfMemory = signal === "SIGABRT" || signal === "SIGTRAP" || code === 134;
    settleAll(outOfMemory ? "too-much-memory" : "unreadable");
  });
  // The reader never keeps the server alive, and ends when the server does (document-worker.ts).
  child.unref();
  child.channel?.unref();
  reader = r;
  return r;
}

/** Watches the reader's memory while it reads; past the bound it is ended. */
function watch(r: Reader) {
  clearInterval(r.watch);
  r.watch = setInterval(() => {
    const mb = residentMb(r.child.pid);
    if (mb !== null && mb > READER_MEMORY_LIMIT_MB) {
      console.warn(`[documents] a document took the reader past ${READER_MEMORY_LIMIT_MB} MB`);
      endReader(r, "too-much-memory");
    }
  }, WATCH_MS);
  r.watch.unref();
}

/** After a document: a reader that kept much memory is replaced (the next starts afresh). */
function recycle(r: Reader) {
  clearInterval(r.watch);
  if (reader !== r) return;
  const mb = residentMb(r.child.pid);
  if (mb !== null && mb > READER_RECYCLE_MB) endReader(r, "unreadable");
}

/** Sends one request to the reader, within the time limit; never throws. */
function ask(
  request: Omit<ReaderRequest, "id">,
  timeLimitMs: number,
): Promise<ReaderReply | Problem> {
  const run = queue.then(async () => {
    let r: Reader;
    try {
      r = getReader();
    } catch (error) {
      console.error("[documents] could not start the document reader", error);
      return "unreadable" as const;
    }
    // While it works, the reader keeps the server's event loop (and this promise) alive.
    r.child.channel?.ref();
    if (!(await r.ready)) return "unreadable" as const;
    const id = nextId++;
    const reply = new Promise<ReaderReply | Problem>((resolve) => {
      const timer = setTimeout(() => endReader(r, "too-slow"), timeLimitMs);
      jobs.set(id, { resolve, timer });
    });
    watch(r);
    try {
      r.child.send({ ...request, id } satisfies ReaderRequest);
    } catch {
      endReader(r, "unreadable");
    }
    const result = await reply;
    r.child.channel?.unref();
    recycle(r);
    return result;
  });
  queue = run.catch(() => undefined);
  return run;
}

/** Inspects one document in the reader; never throws. */
export async function inspectInWorker(
  kind: FileKind,
  bytes: Uint8Array,
  opts: { timeLimitMs?: number; encoding?: string } = {},
): Promise<Inspection> {
  const reply = await ask(
    { op: "inspect", kind, bytes, encoding: opts.encoding },
    opts.timeLimitMs ?? INSPECTION_TIME_LIMIT_MS,
  );
  if (typeof reply === "string") return { ok: false, problem: reply };
  return reply.op === "inspect" ? reply.result : { ok: false, problem: "unreadable" };
}

export class NoJudgeCopy extends Error {
  constructor(readonly problem: Problem) {
    super(`no judge copy could be made (${problem})`);
  }
}

/** The judge's copy of a document (documents.ts `judgeCopy`), made by the reader. */
export async function judgeCopyInReader(kind: FileKind, bytes: Uint8Array): Promise<Uint8Array> {
  if (kind === "txt") return bytes;
  const reply = await ask({ op: "copy", kind, bytes }, INSPECTION_TIME_LIMIT_MS);
  if (typeof reply === "string") throw new NoJudgeCopy(reply);
  if (reply.op !== "copy" || !reply.bytes) throw new NoJudgeCopy("unreadable");
  return reply.bytes;
}

/**
 * Starts the reader ahead of need (loading the parsers takes a moment): called when the entry
 * form is shown, so the first upload of a process does not wait for it.
 */
export function warmInspectionWorker() {
  try {
    getReader();
  } catch (error) {
    console.error("[documents] could not start the document reader", error);
  }
}

/** Ends the reader (tests; a process that exits ends it anyway). */
export async function stopInspectionWorker() {
  const r = reader;
  if (!r) return;
  const gone = new Promise((resolve) => r.child.once("exit", resolve));
  endReader(r, "unreadable");
  if (r.child.exitCode === null && r.child.signalCode === null) await gone;
}
