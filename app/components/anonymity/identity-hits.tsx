/**
 * The admin's decision on places where an entry names its writer
 * (docs/decisions/0034-reading-desk.md): each place with its passage, the words highlighted and
 * labelled in text (colour is never the only sign), and the buttons to remove it for judges or
 * keep it. Only admins see this: judges read "[removed]" and never the words.
 */
import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";

export type AdminHit = {
  id: string;
  label: string;
  status: "pending" | "redacted" | "cleared";
  decided: string | null;
  passage: { before: string; match: string; after: string } | null;
};

const STATUS_WORDS: Record<AdminHit["status"], string> = {
  pending: "Waiting for your decision",
  redacted: "Removed for judges: they read “[removed]”",
  cleared: "Kept: it does not name the writer",
};

const STATUS_CLASS: Record<AdminHit["status"], string> = {
  pending: "border-amber-300 bg-amber-50",
  redacted: "border-slate-300 bg-white",
  cleared: "border-slate-300 bg-white",
};

/** The words that name the writer: highlighted, and said in words for screen readers. */
function Hit({ children }: { children: React.ReactNode }) {
  return (
    <mark className="rounded bg-amber-200 px-0.5 font-semibold text-slate-950 underline decoration-2">
      <span className="sr-only">[names the writer: </span>
      {children}
      <span className="sr-only">]</span>
    </mark>
  );
}

export function IdentityHitsSection({
  hits,
  canDisqualify,
}: {
  hits: AdminHit[];
  canDisqualify: boolean;
}) {
  const waiting = hits.filter((h) => h.status === "pending").length;
  return (
    <section
      id="identity"
      aria-labelledby="identity-heading"
      className="mt-6 max-w-3xl rounded-md border border-slate-300 p-4"
      data-testid="identity-hits"
    >
      <h2 id="identity-heading" className="text-lg font-semibold">
        Does this entry name its writer?
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {waiting === 0
          ? "You have decided every place below."
          : `${waiting} ${waiting === 1 ? "place waits" : "places wait"} for your decision.`}{" "}
        Judges read “[removed]” in place of a passage you remove, and until you decide. They are
        given the original file only when you keep every place.
      </p>
      <ol className="mt-4 space-y-4">
        {hits.map((h, i) => (
          <li
            key={h.id}
            className={`rounded-md border p-3 ${STATUS_CLASS[h.status]}`}
            data-testid="identity-hit"
          >
            <p className="text-sm">
              <span className="font-medium">Place {i + 1}:</span> {h.label}.{" "}
              <span className="font-medium">Status:</span> {STATUS_WORDS[h.status]}
              {h.decided ? ` (${h.decided})` : ""}.
            </p>
            {h.passage ? (
              <blockquote className="mt-2 whitespace-pre-wrap border-l-4 border-slate-300 pl-3 font-serif text-slate-900">
                {h.passage.before}
                <Hit>{h.passage.match}</Hit>
                {h.passage.after}
              </blockquote>
            ) : (
              <p className="mt-2 text-sm text-slate-800">
                The words of the entry do not name the writer, but its file does (in a header,
                footer, comment or the file&apos;s details). Judges will not be given the file, only
                its text.
              </p>
            )}
            <Form method="post" className="mt-3 flex flex-wrap gap-2">
              <input type="hidden" name="hitId" value={h.id} />
              {h.status !== "redacted" ? (
                <Button type="submit" name="intent" value="redact-hit" size="sm">
                  Remove for judges
                  <span className="sr-only"> (place {i + 1})</span>
                </Button>
              ) : null}
              {h.status !== "cleared" ? (
                <Button type="submit" name="intent" value="clear-hit" size="sm" variant="outline">
                  Keep: it does not name the writer
                  <span className="sr-only"> (place {i + 1})</span>
                </Button>
              ) : null}
            </Form>
          </li>
        ))}
      </ol>
      {waiting > 1 ? (
        <Form method="post" className="mt-4 flex flex-wrap gap-2">
          <p className="w-full text-sm font-medium">Every place still waiting ({waiting}):</p>
          <Button type="submit" name="intent" value="redact-all-hits" size="sm">
            Remove all for judges
          </Button>
          <Button type="submit" name="intent" value="clear-all-hits" size="sm" variant="outline">
            Keep all
          </Button>
        </Form>
      ) : null}
      {canDisqualify ? (
        <p className="mt-4 text-sm">
          <a href="#disqualify" className="underline">
            Or disqualify this entry with a reason
          </a>
        </p>
      ) : null}
    </section>
  );
}

/** Pieces of `text` with the spans [start, end) marked; spans are sorted and do not overlap. */
function pieces(text: string, spans: { start: number; end: number }[]) {
  const out: { text: string; hit: boolean }[] = [];
  let at = 0;
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    if (s.end <= s.start || s.start < at) continue;
    if (s.start > at) out.push({ text: text.slice(at, s.start), hit: false });
    out.push({ text: text.slice(s.start, s.end), hit: true });
    at = s.end;
  }
  if (at < text.length) out.push({ text: text.slice(at), hit: false });
  return out;
}

/** The document's whole text for the admin, every place that names the writer marked. */
export function DocumentText({
  text,
  spans,
}: {
  text: string;
  spans: { start: number; end: number }[];
}) {
  return (
    <details className="mt-6 rounded-md border border-slate-300 p-4" data-testid="document-text">
      <summary className="cursor-pointer font-semibold">Text read from the document</summary>
      <p className="mt-2 text-sm text-slate-600">
        Only admins see this text as it is. Judges read it with the places that name the writer
        removed.
      </p>
      <div className="mt-3 whitespace-pre-wrap font-serif leading-relaxed text-slate-900">
        {pieces(text, spans).map((p, i) =>
          p.hit ? <Hit key={i}>{p.text}</Hit> : <span key={i}>{p.text}</span>,
        )}
      </div>
    </details>
  );
}
