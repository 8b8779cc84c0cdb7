import { Fragment } from "react";
import { cn } from "~/components/ui/cn";
import { REMOVED } from "~/features/anonymity/identity-hits";
import type { ReadingSize } from "~/features/judging/reading-size";

/** Font size and line height per text size: about 65-75 characters a line at every size. */
const SIZE_CLASSES: Record<ReadingSize, string> = {
  standard: "text-lg leading-8",
  large: "text-xl leading-9",
  larger: "text-2xl leading-10",
};

/** A paragraph's anchor: `#p-3` works as a plain link, with or without JavaScript. */
export const paragraphId = (n: number) => `p-${n}`;

/**
 * A place where words naming the writer were removed: "[removed]" in a dashed box (not colour
 * only), and said in full to screen readers.
 */
function Removed() {
  return (
    <span
      className="mx-0.5 rounded border border-dashed border-slate-500 bg-slate-100 px-1 font-sans text-[0.85em] text-slate-800"
      title="Words that named the writer were removed here"
      data-removed=""
    >
      {REMOVED}
      <span className="sr-only"> (words that named the writer were removed here)</span>
    </span>
  );
}

function Paragraph({ text }: { text: string }) {
  const parts = text.split(REMOVED);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <Removed /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/**
 * The entry's text as the judge reads it (docs/decisions/0034-reading-desk.md): a serif column of
 * about 70 characters a line, every paragraph its own <p> keeping its line breaks (poems), in the
 * page's own scroll (no inner scroll box: zoom and screen readers work as on any page). Each
 * paragraph has an id (`p-<n>`) for "Continue where you stopped".
 */
export function EntryText({
  headingId,
  title,
  paragraphs,
  size,
  children,
}: {
  headingId: string;
  title: string;
  paragraphs: string[];
  size: ReadingSize;
  /** Notes shown under the heading, above the text. */
  children?: React.ReactNode;
}) {
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white px-4 py-6 shadow-sm sm:px-8"
    >
      <h2 id={headingId} className="font-serif text-2xl font-semibold break-words">
        <span className="sr-only">The entry: </span>
        {title}
      </h2>
      {children}
      <div
        className={cn("mt-6 max-w-[68ch] space-y-5 font-serif text-slate-900", SIZE_CLASSES[size])}
        data-testid="submission-text"
        data-size={size}
      >
        {paragraphs.map((p, i) => (
          <p
            key={i}
            id={paragraphId(i)}
            tabIndex={-1}
            className="scroll-mt-4 break-words whitespace-pre-wrap focus:outline-none focus-visible:rounded focus-visible:ring-2 focus-visible:ring-ink-600 focus-visible:ring-offset-4"
          >
            <Paragraph text={p} />
          </p>
        ))}
      </div>
    </article>
  );
}
