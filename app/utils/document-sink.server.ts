import type { Writable } from "node:stream";

/**
 * The writable React's `pipe` renders a document into, kept in memory: React writes its chunks
 * (fresh 2 KB buffers it does not reuse, or its own constant chunks), and `end` hands the whole
 * page on as one buffer, without the zero bytes React 18 leaves in some chunks. A Node stream, then a web stream, then the server's read of it cost
 * about a tenth of a page's CPU for nothing: no page streams, and the server sends an HTML page
 * in one piece (docs/decisions/0083-whole-document-render.md).
 */
/** The size of the buffer React 18's Node renderer encodes text into. */
const REACT_VIEW_SIZE = 2048;

export function documentSink(
  done: (html: Uint8Array<ArrayBuffer>) => void,
  failed: (error: unknown) => void,
): Writable {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let finished = false;
  const sink = {
    write(chunk: Uint8Array | string) {
      let bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      // React 18 hands on its whole 2 KB view when the next character did not fit in its end,
      // unused bytes and all: up to three zero bytes that would reach the page as NUL characters
      // inside a story's text (react#26228, fixed after 18; ADR 0083).
      if (bytes.byteLength === REACT_VIEW_SIZE && bytes[REACT_VIEW_SIZE - 1] === 0) {
        let end = REACT_VIEW_SIZE;
        while (end > REACT_VIEW_SIZE - 3 && bytes[end - 1] === 0) end--;
        bytes = bytes.subarray(0, end);
      }
      chunks.push(bytes);
      size += bytes.byteLength;
      return true;
    },
    end() {
      if (finished) return sink;
      finished = true;
      const html = Buffer.concat(chunks, size);
      done(new Uint8Array(html.buffer as ArrayBuffer, html.byteOffset, html.byteLength));
      return sink;
    },
    destroy(error?: unknown) {
      if (finished) return sink;
      finished = true;
      failed(error ?? new Error("The page's render stopped."));
      return sink;
    },
    // React listens for drain, error and close; this sink never emits them.
    on() {
      return sink;
    },
  };
  return sink as unknown as Writable;
}
