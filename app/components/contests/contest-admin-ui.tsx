import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";

/**
 * A delete button behind a real confirmation step that works without JavaScript: a native
 * disclosure whose content is the confirming form.
 */
export function ConfirmDelete({
  question,
  fields,
  intent = "delete",
  itemLabel,
  action,
}: {
  question: string;
  fields: Record<string, string>;
  intent?: string;
  itemLabel: string;
  action?: string;
}) {
  return (
    <details className="group relative">
      <summary
        className="cursor-pointer list-none rounded-md px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
        aria-label={`Delete ${itemLabel}`}
      >
        Delete
      </summary>
      <div
        role="alertdialog"
        aria-label={question}
        className="mt-2 min-w-48 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
      >
        <p className="font-medium">{question}</p>
        <Form method="post" action={action} className="mt-2 flex gap-2" preventScrollReset>
          {Object.entries(fields).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <Button type="submit" name="intent" value={intent} variant="destructive" size="sm">
            Yes, delete
          </Button>
        </Form>
      </div>
    </details>
  );
}
