import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EntryText } from "./entry-text";
import { ReadingStatus, RemovedNote, type ReadingView } from "./reading-notes";

const view = (over: Partial<ReadingView>): ReadingView => ({
  source: "document",
  status: "text",
  paragraphs: ["One."],
  removed: 0,
  originalAllowed: true,
  ...over,
});
const download = { href: "/judge/review/s1/file", name: "entry-12345678.pdf" };
/** The page's words, tags dropped. */
const words = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'");

describe("EntryText", () => {
  it("gives each paragraph its anchor and keeps its line breaks", () => {
    const html = renderToStaticMarkup(
      <EntryText
        headingId="h"
        title="Lamps"
        paragraphs={["A line,\nanother.", "Two."]}
        size="large"
      />,
    );
    expect(html).toContain('<article aria-labelledby="h"');
    expect(html).toContain('id="p-0"');
    expect(html).toContain('id="p-1"');
    expect(html).toContain("A line,\nanother.");
    expect(html).toContain("whitespace-pre-wrap");
    expect(html).toContain('data-size="large"');
  });

  it("shows a removed passage as a marked [removed] and says what it was", () => {
    const html = renderToStaticMarkup(
      <EntryText
        headingId="h"
        title="T"
        paragraphs={["By [removed] of [removed]."]}
        size="standard"
      />,
    );
    expect(html.match(/data-removed/g)).toHaveLength(2);
    expect(words(html)).toContain(
      "By [removed] (words that named the writer were removed here) of [removed]",
    );
  });
});

describe("ReadingStatus", () => {
  it("a document with text: where it comes from and the original as sent", () => {
    const text = words(
      renderToStaticMarkup(<ReadingStatus reading={view({})} download={download} />),
    );
    expect(text).toContain("Read from the uploaded document.");
    expect(text).toContain("Download entry-12345678.pdf (the original, layout as sent)");
  });

  it("waiting: reload in a minute", () => {
    const text = words(
      renderToStaticMarkup(
        <ReadingStatus reading={view({ status: "waiting", paragraphs: [] })} download={null} />,
      ),
    );
    expect(text).toContain("This document is still being read");
    expect(text).toContain("Reload this page in a minute.");
  });

  it("no words or unreadable: the download when allowed, else the admin has been told", () => {
    const scan = words(
      renderToStaticMarkup(
        <ReadingStatus reading={view({ status: "no-text", paragraphs: [] })} download={download} />,
      ),
    );
    expect(scan).toContain("We found no words to show in this document");
    expect(scan).toContain("Download the original to read it.");
    const broken = words(
      renderToStaticMarkup(
        <ReadingStatus
          reading={view({ status: "unreadable", paragraphs: [], originalAllowed: false })}
          download={null}
        />,
      ),
    );
    expect(broken).toContain("We could not read this document");
    expect(broken).toContain("The contest admin has been told.");
    expect(broken).toContain("The original file is not offered because it named the writer.");
    expect(broken).not.toContain("Download");
  });

  it("a typed entry says nothing about documents", () => {
    const text = words(
      renderToStaticMarkup(
        <ReadingStatus
          reading={view({ source: "typed", originalAllowed: false })}
          download={null}
        />,
      ),
    );
    expect(text).toBe("");
    // A typed entry that also has a file (older entries) still offers it.
    const both = words(
      renderToStaticMarkup(
        <ReadingStatus reading={view({ source: "typed" })} download={download} />,
      ),
    );
    expect(both).not.toContain("Read from the uploaded document.");
    expect(both).toContain("Download entry-12345678.pdf");
  });
});

describe("RemovedNote", () => {
  it("appears only when something was removed", () => {
    expect(renderToStaticMarkup(<RemovedNote removed={0} />)).toBe("");
    expect(words(renderToStaticMarkup(<RemovedNote removed={2} />))).toBe(
      "Words that named the writer were removed before you read this.",
    );
  });
});
