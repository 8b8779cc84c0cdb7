/**
 * The child process that reads uploaded documents (docs/decisions/0024-hostile-documents.md,
 * 0046-every-text-a-document-carries.md): a hostile file can cost this process its time or its
 * memory, never the server's. Started by document-inspection.server.ts with a heap limit and
 * watched for its whole memory; in production it is bundled to build/server/document-worker.mjs
 * (scripts/build-server.ts).
 */
import { collectGarbage } from "~/utils/memory.server";
import { inspectDocument, judgeCopy, type Inspection } from "./documents";
import type { FileKind } from "./file-sniff";

export type ReaderRequest = {
  id: number;
  /** "inspect": the upload's check and texts; "copy": the judge's copy of a stored document. */
  op: "inspect" | "copy";
  kind: FileKind;
  bytes: Uint8Array;
  /** A text file's encoding, as the upload found it. */
  encoding?: string;
};

export type ReaderReply =
  | { id: number; op: "inspect"; result: Inspection }
  | { id: number; op: "copy"; bytes: Uint8Array | null };

async function handle(request: ReaderRequest): Promise<ReaderReply> {
  const { id, kind, bytes, encoding } = request;
  if (request.op === "copy") {
    try {
      return { id, op: "copy", bytes: await judgeCopy(kind, bytes) };
    } catch {
      return { id, op: "copy", bytes: null };
    }
  }
  return { id, op: "inspect", result: await inspectDocument(kind, bytes, encoding) };
}

/** To the server, while it is there to hear (it may have ended the reader meanwhile). */
function reply(message: unknown) {
  if (process.connected) process.send?.(message, undefined, undefined, () => {});
}

if (process.send) {
  process.on("message", async (request: ReaderRequest) => {
    reply(await handle(request));
    collectGarbage();
  });
  // The server went away: so does its reader.
  process.on("disconnect", () => process.exit(0));
  reply({ ready: true });
}
