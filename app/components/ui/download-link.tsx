import { useEffect, useRef, useState, type AnchorHTMLAttributes, type ReactNode } from "react";

/**
 * A link to a file that, where JavaScript runs, confirms "File downloaded successfully" (the spec's
 * words) in a polite live region once it is followed and the page stayed (a download does not
 * leave the page). A download the server refuses navigates to the page again with the refusal's
 * toast, so the confirmation waits a moment and never shows then. Without JavaScript it is a plain
 * link: the download just happens (docs/decisions/0051-assignment-capability.md).
 */
export function DownloadLink({
  href,
  children,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; children: ReactNode }) {
  const [followed, setFollowed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <>
      <a
        href={href}
        {...rest}
        onClick={() => {
          clearTimeout(timer.current);
          setFollowed(false);
          timer.current = setTimeout(() => setFollowed(true), 1000);
        }}
      >
        {children}
      </a>
      {/* Present from the start, so screen readers announce what is written into it. */}
      <span
        role="status"
        data-testid="download-status"
        className={followed ? "ml-2 text-sm font-medium text-emerald-800" : "sr-only"}
      >
        {followed ? "File downloaded successfully" : ""}
      </span>
    </>
  );
}
