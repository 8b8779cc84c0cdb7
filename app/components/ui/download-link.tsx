import { useState, type AnchorHTMLAttributes, type ReactNode } from "react";

/**
 * A link to a file that, where JavaScript runs, confirms "File downloaded successfully" (the spec's
 * words) in a polite live region once it is followed. Without JavaScript it is a plain link: the
 * download just happens. A download the server refuses navigates to its page with the refusal's
 * toast instead (docs/decisions/0051-assignment-capability.md).
 */
export function DownloadLink({
  href,
  children,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; children: ReactNode }) {
  const [followed, setFollowed] = useState(false);
  return (
    <>
      <a href={href} {...rest} onClick={() => setFollowed(true)}>
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
