import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { followedPath, listLinkProps, type ListClick } from "./list-links";

const origin = "https://inkwell.test";
const anchor = (href: string, attrs: Record<string, string> = {}) => ({
  href: new URL(href, origin).href,
  target: attrs.target ?? "",
  hasAttribute: (name: string) => name in attrs,
});
/** A click on `a` (or on text inside it) within a list that holds it unless `outside`. */
function click(
  a: ReturnType<typeof anchor> | null,
  over: Partial<ListClick> = {},
  outside = false,
) {
  return {
    defaultPrevented: false,
    button: 0,
    metaKey: false,
    altKey: false,
    ctrlKey: false,
    shiftKey: false,
    target: { closest: () => a },
    currentTarget: { contains: () => !outside },
    ...over,
  } satisfies ListClick;
}

describe("a list's links followed by one handler (ADR 0081)", () => {
  test("a plain click on a card's link goes to its page, as <Link> does", () => {
    expect(followedPath(click(anchor("/judge/review/s1")), origin)).toBe("/judge/review/s1");
    expect(followedPath(click(anchor("/judge?page=2#top")), origin)).toBe("/judge?page=2#top");
  });

  test("every other click is the browser's", () => {
    const a = anchor("/judge/review/s1");
    for (const over of [
      { button: 1 },
      { metaKey: true },
      { altKey: true },
      { ctrlKey: true },
      { shiftKey: true },
      { defaultPrevented: true },
    ])
      expect(followedPath(click(a, over), origin), JSON.stringify(over)).toBeNull();
    expect(followedPath(click(anchor("/x", { target: "_blank" })), origin)).toBeNull();
    expect(followedPath(click(anchor("/x", { download: "" })), origin)).toBeNull();
    expect(followedPath(click(anchor("https://elsewhere.test/judge")), origin)).toBeNull();
    expect(followedPath(click(null), origin)).toBeNull(); // not on a link
    expect(followedPath(click(a, {}, true), origin)).toBeNull(); // a link outside the list
    expect(followedPath(click(anchor("/x", { target: "_self" })), origin)).toBe("/x");
  });

  test("an anchor's markup is the markup <Link to> renders on the page", () => {
    // As Remix 2's <Link> renders it (its props, then data-discover, then href): the queue's
    // HTML was compared whole with the <Link> version when the anchors came in.
    const html = renderToStaticMarkup(
      <a className="c" aria-label="Review Submission: A" {...listLinkProps("/judge/review/s1")}>
        Go
      </a>,
    );
    expect(html).toBe(
      '<a class="c" aria-label="Review Submission: A" data-discover="true" href="/judge/review/s1">Go</a>',
    );
  });
});
