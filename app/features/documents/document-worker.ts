/**
 * The worker thread that inspects uploaded documents (docs/decisions/0024-hostile-documents.md):
 * a hostile file can cost this thread its time or its memory, never the server's. Started by
 * document-inspection.server.ts; in production it is bundled to build/server/document-worker.mjs
 * (scripts/build-server.ts).
 */
import { parentPort } from "node:worker_threads";
import { collectGarbage } from "~/utils/memory.server";
import { inspectDocument } from "./documents";
import type { FileKind } from "./file-sniff";

export type InspectionRequest = {
  id: number;
  kind: FileKind;
  bytes: Uint8Array;
  /** A text file's encoding, as the upload found it. */
  encoding?: string;
};

parentPort?.on("message", async ({ id, kind, bytes, encoding }: InspectionRequest) => {
  const result = await inspectDocument(kind, bytes, encoding);
  parentPort?.postMessage({ id, result });
  collectGarbage();
});
