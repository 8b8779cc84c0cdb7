import { createElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { documentSink } from "./document-sink.server";

const decoded = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("documentSink", () => {
  test("hands on everything React rendered, in order, as one body, without NUL bytes", async () => {
    // Large enough that React writes many 2 KB chunks and some constant ones; two-, three- and
    // four-byte characters fall across the chunks' ends (React 18 left zero bytes there).
    const items = Array.from({ length: 400 }, (_, i) =>
      createElement(
        "li",
        { key: i },
        `Paragraph ${i} — “quoted” & <escaped> é ✍️${i % 3 ? "🙂" : ""}`,
      ),
    );
    const page = createElement("main", null, createElement("ul", null, items));
    const html = await new Promise<Uint8Array>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(page, {
        onAllReady: () => pipe(documentSink(resolve, reject)),
        onShellError: reject,
      });
    });
    expect(html.byteLength).toBeGreaterThan(16_000);
    expect(decoded(html)).not.toContain("\u0000");
    expect(decoded(html)).toBe(renderToString(page));
  });

  test("a render that stops fails once; nothing is handed on after", () => {
    const done: Uint8Array[] = [];
    const failed: unknown[] = [];
    const sink = documentSink(
      (html) => done.push(html),
      (error) => failed.push(error),
    );
    sink.write(new TextEncoder().encode("<p>"));
    sink.destroy(new Error("stopped"));
    sink.end();
    expect(done).toEqual([]);
    expect(failed).toHaveLength(1);
  });

  test("text and bytes are kept as written", () => {
    let body = "";
    const sink = documentSink(
      (html) => (body = decoded(html)),
      () => {},
    );
    sink.write("<b>é</b>");
    sink.write(new TextEncoder().encode("ok"));
    sink.end();
    sink.end();
    expect(body).toBe("<b>é</b>ok");
  });
});
