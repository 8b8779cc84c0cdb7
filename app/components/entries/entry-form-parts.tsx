import { Link, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { cn } from "~/components/ui/cn";
import { ENTRY_MESSAGES } from "~/features/entries/entry-rules";
import { wordRangeStatus } from "~/features/entries/word-count";

/**
 * The live word count as the spec shows it ("count / max"), with the allowed range and, outside it,
 * what to do, in words and not only by colour.
 */
export function WordCounter({ count, min, max }: { count: number; min: number; max: number }) {
  const status = wordRangeStatus(count, min, max);
  const outside = status.state === "short" || status.state === "long";
  return (
    <div id="word-count" className="mt-1 flex flex-wrap justify-between gap-x-4 text-base">
      <p className="text-slate-700">
        Allowed: {min} to {max} words
      </p>
      <p
        aria-live="polite"
        data-state={status.state}
        className={cn(outside ? "font-semibold text-red-800" : "text-slate-700")}
      >
        <span className="sr-only">Word count: </span>
        <span>
          {count} / {max}
        </span>{" "}
        <span data-testid="word-count-status">
          {outside ? "⚠ " : status.state === "ok" ? "✓ " : ""}
          {status.message}
        </span>
      </p>
    </div>
  );
}

type Draft = { title: string; body: string };
const draftKey = (slug: string) => `inkwell:entry-draft:${slug}`;

function readDraft(slug: string): Draft | null {
  try {
    const raw = window.localStorage.getItem(draftKey(slug));
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<Draft>;
    const draft = {
      title: typeof d.title === "string" ? d.title : "",
      body: typeof d.body === "string" ? d.body : "",
    };
    return draft.title || draft.body ? draft : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the unsent title and story in this browser's localStorage, per contest, so a writer who
 * has to sign in (or loses the page) finds them again; cleared once the entry is received
 * (docs/decisions/0013-entry-form-and-limits.md). Without JavaScript nothing is kept.
 */
export function useEntryDraft(
  slug: string,
  fields: { title: string; body: string },
  onRestore: (draft: Draft) => void,
) {
  const [restored, setRestored] = useState(false);
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement | null>(null);
  const restoreRef = useRef(onRestore);
  restoreRef.current = onRestore;

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const title = form.elements.namedItem(fields.title) as HTMLInputElement | null;
    const body = form.elements.namedItem(fields.body) as HTMLTextAreaElement | null;
    // A page that came back with the writer's own words (a refused post) keeps them.
    if (!title || !body || title.value || body.value) return;
    const draft = readDraft(slug);
    if (!draft) return;
    title.value = draft.title;
    body.value = draft.body;
    restoreRef.current(draft);
    setRestored(true);
  }, [slug, fields.title, fields.body]);

  const save = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    const value = (name: string) =>
      (form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null)?.value ?? "";
    const draft = { title: value(fields.title), body: value(fields.body) };
    try {
      if (draft.title.trim() || draft.body.trim())
        window.localStorage.setItem(draftKey(slug), JSON.stringify(draft));
      else window.localStorage.removeItem(draftKey(slug));
    } catch {
      // storage full or blocked: the form still works, only the draft is not kept
    }
  }, [slug, fields.title, fields.body]);

  // A post from this form followed by a move to the dashboard, the entry (one already received:
  // docs/decisions/0026-entry-flow.md) or the payment page is a received entry.
  const received =
    navigation.state === "loading" &&
    navigation.formMethod === "POST" &&
    navigation.formAction?.split("?")[0] === `/contests/${slug}/enter` &&
    /^\/(dashboard(\/submissions\/[^/]+)?|payments\/.+)$/.test(navigation.location.pathname);
  useEffect(() => {
    if (!received) return;
    try {
      window.localStorage.removeItem(draftKey(slug));
    } catch {
      // nothing to clear
    }
  }, [received, slug]);

  return { formRef, save, restored };
}

/** The list of problems, headed in plain words (docs/decisions/0026-entry-flow.md). */
export function ProblemList({ problems }: { problems: string[] }) {
  if (!problems.length) return null;
  return (
    <Alert variant="destructive" title={ENTRY_MESSAGES.validationTitle}>
      <p>{ENTRY_MESSAGES.validationLead}</p>
      <ul className="mt-1 list-disc pl-5">
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </Alert>
  );
}

/** For a visitor: sign in first, and come back to this form (`back`, with any ?code=). */
export function SignInNotice({ back }: { back: string }) {
  return (
    <Alert variant="info" title="Sign in before you write">
      {ENTRY_MESSAGES.mustSignIn}.{" "}
      <Link className="underline" to={`/login?redirectTo=${encodeURIComponent(back)}`}>
        Sign in
      </Link>{" "}
      or{" "}
      <Link className="underline" to={`/login?tab=signup&redirectTo=${encodeURIComponent(back)}`}>
        create an account
      </Link>{" "}
      first, and you will come back to this form.
    </Alert>
  );
}

/**
 * The story came back: from the server after the sign-in (`kept`), or from this device's
 * localStorage (`restoredHere`).
 */
export function DraftNotice({
  kept,
  restoredHere,
}: {
  kept: { hadFile: boolean } | null;
  restoredHere: boolean;
}) {
  if (!kept && !restoredHere) return null;
  return (
    <Alert variant="info" title="We kept your story">
      {kept
        ? kept.hadFile
          ? ENTRY_MESSAGES.draftRestoredFile
          : ENTRY_MESSAGES.draftRestored
        : "The title and story you had not sent yet were saved on this device. Check them, then press Submit."}
    </Alert>
  );
}
