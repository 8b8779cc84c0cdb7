import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { TextareaField } from "~/components/ui/field";
import { NOTE_MAX } from "~/features/judging/notes";

export type NoteView = { id: string; author: string; body: string; when: string };

/**
 * The discussion of an entry (docs/decisions/0033-judging-panel.md): the notes in order and a form
 * to add one. Judges are "Judge A", "Judge B" to each other; the admin is "Contest admin".
 */
export function EntryNotes({
  notes,
  open,
  intro,
}: {
  notes: NoteView[];
  open: boolean;
  intro: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span id="notes">Notes on this entry</span>
        </CardTitle>
        <p className="text-sm text-slate-600">{intro}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        {notes.length === 0 ? (
          <p className="text-slate-600">No notes yet.</p>
        ) : (
          <ol className="space-y-3" aria-label="Notes">
            {notes.map((n) => (
              <li key={n.id} className="rounded-md border border-slate-200 p-3">
                <p className="text-sm font-semibold text-slate-800">
                  {n.author} <span className="font-normal text-slate-600">· {n.when}</span>
                </p>
                <p className="mt-1 whitespace-pre-line">{n.body}</p>
              </li>
            ))}
          </ol>
        )}
        {open ? (
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="note" />
            <TextareaField
              label="Add a note"
              name="body"
              rows={3}
              required
              maxLength={NOTE_MAX}
              hint={`Up to ${NOTE_MAX.toLocaleString("en-US")} characters. Everyone in this discussion can read it.`}
            />
            <Button type="submit" variant="outline">
              Add note
            </Button>
          </Form>
        ) : (
          <p className="text-slate-600">The results are out, so no more notes can be added.</p>
        )}
      </CardContent>
    </Card>
  );
}
