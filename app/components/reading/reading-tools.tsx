import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { cn } from "~/components/ui/cn";
import {
  READING_SIZE_LABELS,
  READING_SIZES,
  isReadingSize,
  type ReadingSize,
} from "~/features/judging/reading-size";
import { paragraphId } from "./entry-text";
import { forgetOtherReaders, paragraphAt, readPosition, writePosition } from "./reading-position";

export const READING_SIZE_ACTION = "/preferences/reading";
const FETCHER_KEY = "reading-size";

/**
 * The text size in use: the one being sent, else the one the server last answered, else the
 * cookie's (from the page's loader). Shared by the form and the text through the fetcher's key.
 */
export function useReadingSize(fromLoader: ReadingSize): ReadingSize {
  const fetcher = useFetcher<{ size: ReadingSize }>({ key: FETCHER_KEY });
  const sending = fetcher.formData?.get("size");
  if (isReadingSize(sending)) return sending;
  if (fetcher.data && isReadingSize(fetcher.data.size)) return fetcher.data.size;
  return fromLoader;
}

/**
 * Three buttons that set the text size (docs/decisions/0034-reading-desk.md). Without JavaScript
 * the form posts, the cookie is set and the page comes back; with it, the size changes in place.
 * The size in use is the pressed button (aria-pressed).
 */
export function TextSizeForm({ size }: { size: ReadingSize }) {
  const fetcher = useFetcher<{ size: ReadingSize }>({ key: FETCHER_KEY });
  const location = useLocation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <fetcher.Form method="post" action={READING_SIZE_ACTION} aria-labelledby="text-size-label">
      <input type="hidden" name="intent" value="size" />
      <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
      {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
      <div className="flex flex-wrap items-center gap-2">
        <span id="text-size-label" className="text-sm font-medium text-slate-800">
          Text size
        </span>
        {READING_SIZES.map((s) => (
          <button
            key={s}
            type="submit"
            name="size"
            value={s}
            aria-pressed={s === size}
            className={cn(
              "min-h-11 rounded-md border px-3 py-1 text-sm font-medium focus-visible:ring-2 focus-visible:ring-ink-600 focus-visible:ring-offset-2 focus-visible:outline-none",
              s === size
                ? "border-ink-700 bg-ink-700 text-white"
                : "border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
            )}
          >
            <span className="sr-only">Set the text size to </span>
            {READING_SIZE_LABELS[s]}
            {s === size ? <span aria-hidden="true"> ✓</span> : null}
          </button>
        ))}
      </div>
    </fetcher.Form>
  );
}

/**
 * Remembers, in this browser, the paragraph the judge was reading in this entry (its number only),
 * under this account's name, and offers "Continue where you stopped" when they come back: a link
 * to the paragraph that, with JavaScript, also moves focus there. Never jumps by itself. Every
 * other account's places are forgotten when the page loads (a shared computer).
 */
export function ContinueReading({
  owner,
  submissionId,
  count,
}: {
  /** The account's name for what it keeps in the browser (not its id); null: keep nothing. */
  owner: string | null;
  submissionId: string;
  count: number;
}) {
  const [resume, setResume] = useState<number | null>(null);
  const frame = useRef<number | null>(null);

  useEffect(() => {
    let store: Storage;
    try {
      store = window.localStorage;
    } catch {
      return;
    }
    forgetOtherReaders(store, owner);
    if (owner === null) return;
    const kept = readPosition(store, owner, submissionId);
    setResume(kept !== null && kept < count ? kept : null);
    let last = kept ?? 0;
    const measure = () => {
      frame.current = null;
      const bottoms: number[] = [];
      for (let i = 0; i < count; i++) {
        const el = document.getElementById(paragraphId(i));
        bottoms.push(el ? el.getBoundingClientRect().bottom : 0);
      }
      const at = Math.max(0, paragraphAt(bottoms, 80));
      if (at !== last) {
        last = at;
        writePosition(store, owner, submissionId, at);
      }
    };
    const onScroll = () => {
      if (frame.current === null) frame.current = window.requestAnimationFrame(measure);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame.current !== null) window.cancelAnimationFrame(frame.current);
    };
  }, [owner, submissionId, count]);

  if (resume === null) return null;
  const target = paragraphId(resume);
  return (
    <p className="mt-4">
      <a
        href={`#${target}`}
        className="inline-flex min-h-11 items-center rounded-md border border-ink-300 bg-ink-50 px-3 font-medium text-ink-900 underline focus-visible:ring-2 focus-visible:ring-ink-600 focus-visible:ring-offset-2 focus-visible:outline-none"
        onClick={(event) => {
          const el = document.getElementById(target);
          if (!el) return;
          event.preventDefault();
          el.scrollIntoView({ block: "start" });
          el.focus({ preventScroll: true });
          setResume(null);
        }}
      >
        Continue where you stopped (paragraph {resume + 1} of {count})
      </a>
    </p>
  );
}
