import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Form, Link, useLocation } from "@remix-run/react";
import { ErrorList, inputClass } from "~/components/ui/field";
import { ACCEPT_ATTRIBUTE } from "~/features/documents/file-sniff";
import { useCallback, useEffect, useRef, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ENTRY_MESSAGES } from "~/features/entries/entry-rules";
import { wordRangeStatus } from "~/features/entries/word-count";
import { forgetOtherReaders } from "~/components/reading/reading-position";
import { wordsInFile } from "~/features/entries/document-words";

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
const PREFIX = "inkwell:entry-draft:";
/** A signed-in writer's draft: this browser's localStorage, under their account and the contest. */
const ownKey = (owner: string, slug: string) => `${PREFIX}${owner}:${slug}`;
const DRAFT_DONE_COOKIE = "en_draft_done";

function readCookie(name: string) {
  const raw = document.cookie
    .split("; ")
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  return raw === undefined ? undefined : decodeURIComponent(raw);
}
const dropCookie = (name: string) => {
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
};

function readDraft(store: Storage, key: string): Draft | null {
  try {
    const raw = store.getItem(key);
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

function forget(store: Storage, keep: (key: string) => boolean) {
  try {
    for (const key of Object.keys(store))
      if (key.startsWith(PREFIX) && !keep(key)) store.removeItem(key);
  } catch {
    // storage blocked: nothing was kept either
  }
}

/**
 * On every page (mounted once in the root layout): a browser keeps drafts only for the account
 * signed in now. Another account's drafts are removed, and all of them when nobody is signed in;
 * the server's draft-done cookie (set when an entry is received and at sign-out) names the
 * contest whose draft to drop, or "*" for every draft, visitor's included
 * (docs/decisions/0031-classrooms-and-shared-computers.md).
 */
export function useDraftHousekeeping(owner: string | null) {
  const { key: locationKey } = useLocation();
  useEffect(() => {
    const slug = readCookie(DRAFT_DONE_COOKIE);
    if (slug !== undefined) {
      const keep = (key: string) => slug !== "*" && !key.endsWith(`:${slug}`);
      forget(window.localStorage, keep);
      forget(window.sessionStorage, keep);
      dropCookie(DRAFT_DONE_COOKIE);
    }
    forget(window.localStorage, (key) => owner !== null && key.startsWith(`${PREFIX}${owner}:`));
    // A judge's reading places too: after sign-out none stay (docs/decisions/0034-reading-desk.md).
    forgetOtherReaders(window.localStorage, owner);
    // Nothing a visitor typed is kept in the browser (the server asks whose it is, ADR 0042);
    // copies left by older pages go.
    forget(window.sessionStorage, () => false);
  }, [owner, locationKey]);
}

/**
 * Keeps the unsent title and story in this browser, per account and contest, so a writer who
 * loses the page finds them again (docs/decisions/0013-entry-form-and-limits.md, 0031). A
 * visitor's words are never kept in the browser: the next person to sign in could be anyone; the
 * server keeps them when the visitor presses Submit or "Sign in first" (ADR 0042).
 */
export function useEntryDraft(
  slug: string,
  owner: string | null,
  fields: { title: string; body: string },
  onRestore: (draft: Draft) => void,
) {
  const [restored, setRestored] = useState(false);
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
    let draft: Draft | null = null;
    try {
      draft = owner ? readDraft(window.localStorage, ownKey(owner, slug)) : null;
    } catch {
      draft = null;
    }
    if (!draft) return;
    title.value = draft.title;
    body.value = draft.body;
    restoreRef.current(draft);
    setRestored(true);
  }, [slug, owner, fields.title, fields.body]);

  const save = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    const value = (name: string) =>
      (form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null)?.value ?? "";
    const draft = { title: value(fields.title), body: value(fields.body) };
    if (!owner) return;
    try {
      const [store, key] = [window.localStorage, ownKey(owner, slug)];
      if (draft.title.trim() || draft.body.trim()) store.setItem(key, JSON.stringify(draft));
      else store.removeItem(key);
    } catch {
      // storage full or blocked: the form still works, only the draft is not kept
    }
  }, [slug, owner, fields.title, fields.body]);

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
 * For a visitor: a button of the entry form, so what they typed is kept through the sign-in,
 * with or without JavaScript (ADR 0026, 0042).
 */
export function SignInFirst() {
  return (
    <p className="mb-2 text-base text-slate-700">
      <button type="submit" name="intent" value="sign-in" formNoValidate className="underline">
        Sign in first
      </button>{" "}
      so your story can be sent.
    </p>
  );
}

/**
 * A story typed in this browser before someone signed in: only its title is shown, and the text
 * goes into the form only when the signed-in person says it is theirs (ADR 0042). "Not mine"
 * leaves it for its writer; it is never thrown away by someone else.
 */
export function DraftQuestion({
  offer,
}: {
  offer: { title: string; hadFile: boolean; minutesAgo: number };
}) {
  const when =
    offer.minutesAgo < 1
      ? "just now"
      : offer.minutesAgo === 1
        ? "1 minute ago"
        : `${offer.minutesAgo} minutes ago`;
  return (
    <section
      aria-labelledby="draft-question"
      className="rounded-md border border-ink-200 bg-ink-50 p-4 text-base text-ink-900"
    >
      <h2 id="draft-question" className="font-semibold">
        Is this your story?
      </h2>
      <p className="mt-1">
        A story was typed on this computer before someone signed in ({when}). Its title is “
        <bdi className="font-medium">{offer.title}</bdi>”.
      </p>
      <p className="mt-1">
        If you wrote it, keep it and it goes into your form. If not, leave it: it stays for the
        person who wrote it, and you will not be asked again.
      </p>
      <Form method="post" className="mt-3 flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="draft-keep">
          Yes, it is mine: keep it
        </Button>
        <Button type="submit" name="intent" value="draft-not-mine" variant="outline">
          No, not mine
        </Button>
      </Form>
    </section>
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

/** What the browser could count of a chosen document (docs/decisions/0034-reading-desk.md). */
type FileWords = { name: string; words: number | null } | null;

/**
 * The entry form's file input, with its hint and error (the writer's form and a class entry's).
 * With JavaScript, a chosen .txt or .docx has its words counted here against the contest's range
 * before it is sent; the server counts every document again when the form is sent.
 */
export function EntryFileInput({
  label,
  errors,
  range,
  onChosen,
}: {
  label: string;
  errors?: string[];
  range?: { min: number; max: number };
  /** Told whether a document is chosen, so the form shows only the document's count then. */
  onChosen?: (chosen: boolean) => void;
}) {
  const [counted, setCounted] = useState<FileWords>(null);
  const onChange = useCallback(
    async (event: React.ChangeEvent<HTMLInputElement>) => {
      const file = event.currentTarget.files?.[0];
      onChosen?.(Boolean(file));
      if (!file || file.size > 10 * 1024 * 1024) return setCounted(null);
      try {
        const bytes = new Uint8Array(await file.arrayBuffer());
        setCounted({ name: file.name, words: wordsInFile(file.name, bytes) });
      } catch {
        setCounted(null);
      }
    },
    [onChosen],
  );
  const status =
    counted && counted.words !== null && range
      ? wordRangeStatus(counted.words, range.min, range.max)
      : null;
  return (
    <div className="space-y-1">
      <label htmlFor="entry-file" className="block text-base font-medium text-slate-800">
        {label}
      </label>
      <input
        id="entry-file"
        name="file"
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        className={inputClass}
        onChange={range ? onChange : undefined}
        aria-describedby={[
          "entry-file-hint",
          range ? "entry-file-words" : "",
          errors?.length ? "entry-file-error" : "",
        ]
          .filter(Boolean)
          .join(" ")}
        aria-invalid={errors?.length ? true : undefined}
      />
      <p id="entry-file-hint" className="text-base text-slate-700">
        PDF, DOC, DOCX or TXT. Maximum size: 10MB
      </p>
      {range ? (
        <p
          id="entry-file-words"
          aria-live="polite"
          data-testid="file-word-count"
          className={cn(
            "text-base",
            status && status.state !== "ok" ? "font-semibold text-red-800" : "text-slate-700",
          )}
        >
          {!counted
            ? `A document needs ${range.min} to ${range.max} words too.`
            : counted.words === null
              ? `We will count the words of ${counted.name} when you press Submit.`
              : `${counted.name}: about ${counted.words} ${counted.words === 1 ? "word" : "words"}. ${
                  status && status.state !== "ok" ? "⚠ " : "✓ "
                }${status?.message ?? ""}`}
        </p>
      ) : null}
      <ErrorList id="entry-file-error" errors={errors} />
    </div>
  );
}

/** A box the writer (or educator) must tick, with its error below it. */
export function TickBox({ field, label }: { field: FieldMetadata<unknown>; label: string }) {
  return (
    <div>
      <label className="flex items-start gap-2 text-base text-slate-800">
        <input
          {...getInputProps(field, { type: "checkbox" })}
          className="mt-1 h-5 w-5 shrink-0"
          aria-describedby={field.errors?.length ? `${field.id}-error` : undefined}
        />
        <span>{label}</span>
      </label>
      <ErrorList id={`${field.id}-error`} errors={field.errors} />
    </div>
  );
}
