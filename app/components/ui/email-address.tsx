import { cn } from "./cn";

/**
 * An e-mail address that wraps, on a narrow screen, only after its "@" or before a dot (a
 * `<wbr>` at each), never in the middle of a name; only a single part longer than the whole
 * line still breaks, as a last resort (docs/decisions/0027-narrow-screens.md).
 */
export function EmailAddress({
  email,
  className,
  as: Tag = "span",
}: {
  email: string;
  className?: string;
  as?: "span" | "strong" | "dd";
}) {
  const pieces: React.ReactNode[] = [];
  let run = "";
  for (const ch of email) {
    if (ch === ".") {
      pieces.push(run, <wbr key={pieces.length} />);
      run = ".";
    } else if (ch === "@") {
      pieces.push(run + "@", <wbr key={pieces.length} />);
      run = "";
    } else run += ch;
  }
  pieces.push(run);
  return (
    <Tag data-email="" className={cn("[overflow-wrap:break-word] [word-break:normal]", className)}>
      {pieces}
    </Tag>
  );
}
