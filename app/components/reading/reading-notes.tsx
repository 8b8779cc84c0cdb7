import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import type { Criterion } from "~/features/contests/rubric";
import { DownloadLink } from "~/components/ui/download-link";

/** What the review loader says about the text (docs/decisions/0034-reading-desk.md). */
export type ReadingView = {
  source: "typed" | "document";
  status: "text" | "no-text" | "unreadable" | "waiting";
  paragraphs: string[];
  removed: number;
  originalAllowed: boolean;
};

/**
 * Where the text comes from, and what to do when there is none to read, in plain words: a
 * document still being read, one with no words we could read (a scan), one that could not be
 * read. The download is offered only when the original may be given to judges.
 */
export function ReadingStatus({
  reading,
  download,
}: {
  reading: ReadingView;
  /** The original file's link, when the judge may have it. */
  download: { href: string; name: string } | null;
}) {
  const fromDocument = reading.source === "document";
  const withheld = fromDocument && !reading.originalAllowed;
  const link = download ? (
    <DownloadLink
      href={download.href}
      className={buttonClass({ variant: "outline" }, "flex-wrap gap-x-1 gap-y-0")}
    >
      {`Download ${download.name}`}
      <span className="font-normal"> (the original, layout as sent)</span>
    </DownloadLink>
  ) : null;

  let problem: React.ReactNode = null;
  if (reading.status === "waiting")
    problem = (
      <Alert variant="info" title="This document is still being read">
        We are taking the words out of the uploaded document so you can read them here. Reload this
        page in a minute.{link ? " Or download the original to read it now." : null}
      </Alert>
    );
  else if (reading.status === "no-text" || reading.status === "unreadable")
    problem = (
      <Alert
        variant="warning"
        title={
          reading.status === "no-text"
            ? "We found no words to show in this document"
            : "We could not read this document"
        }
      >
        {reading.status === "no-text"
          ? "It may be a scan or a photo of a page. "
          : "Its file could not be opened here. "}
        {link
          ? "Download the original to read it."
          : "The contest admin has been told. You do not need to do anything."}
      </Alert>
    );
  else if (!reading.paragraphs.length && !fromDocument)
    problem = <p className="text-slate-600">This entry has no text.</p>;

  return (
    <div className="space-y-3">
      {problem}
      {fromDocument || link ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
          {fromDocument ? <p>Read from the uploaded document.</p> : null}
          {link}
        </div>
      ) : null}
      {withheld ? (
        <p className="text-sm text-slate-700">
          The original file is not offered because it named the writer.
        </p>
      ) : null}
    </div>
  );
}

/** The one-line note above a text with passages removed. */
export function RemovedNote({ removed }: { removed: number }) {
  if (removed <= 0) return null;
  return (
    <p className="mt-3 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-base text-slate-800">
      Words that named the writer were removed before you read this.
    </p>
  );
}

/**
 * The contest's prompt(s), rules and what each rubric criterion means, folded away beside the
 * text so the judge opens them when they need them.
 */
export function JudgingGuidelines({
  prompts,
  rules,
  criteria,
}: {
  prompts: { id: string; title: string; body: string }[];
  rules: string | null;
  criteria: Criterion[];
}) {
  const described = criteria.filter((c) => c.description);
  if (!prompts.length && !rules && !described.length) return null;
  return (
    <section aria-labelledby="guidelines-heading">
      {/* The outline's heading for what follows (the summary is a button, not a heading). */}
      <h2 id="guidelines-heading" className="sr-only">
        The contest&apos;s guidelines
      </h2>
      <details className="group rounded-lg border border-slate-200 bg-white shadow-sm">
        <summary className="min-h-11 cursor-pointer rounded-lg px-4 py-3 font-semibold focus-visible:ring-2 focus-visible:ring-ink-600 focus-visible:outline-none">
          The prompt and judging guidelines
        </summary>
        <div className="space-y-5 border-t border-slate-200 px-4 py-4 text-base">
          {prompts.length ? (
            <section aria-labelledby="guide-prompts">
              <h3 id="guide-prompts" className="font-semibold">
                {prompts.length === 1 ? "The prompt" : "The prompts"}
              </h3>
              <ul className="mt-2 space-y-3">
                {prompts.map((p) => (
                  <li key={p.id}>
                    <p className="font-medium">{p.title}</p>
                    <p className="break-words whitespace-pre-line text-slate-700">{p.body}</p>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {described.length ? (
            <section aria-labelledby="guide-criteria">
              <h3 id="guide-criteria" className="font-semibold">
                What each score is for
              </h3>
              <dl className="mt-2 space-y-2">
                {described.map((c) => (
                  <div key={c.key}>
                    <dt className="font-medium">
                      {c.label}{" "}
                      <span className="font-normal text-slate-600">(out of {c.maxPoints})</span>
                    </dt>
                    <dd className="break-words whitespace-pre-line text-slate-700">
                      {c.description}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
          {rules ? (
            <section aria-labelledby="guide-rules">
              <h3 id="guide-rules" className="font-semibold">
                The contest&apos;s rules
              </h3>
              <p className="mt-2 break-words whitespace-pre-line text-slate-700">{rules}</p>
            </section>
          ) : null}
        </div>
      </details>
    </section>
  );
}
