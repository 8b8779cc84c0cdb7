import { Form, useSubmit } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { inputClass } from "~/components/ui/field";

export type ContestOption = { id: string; title: string };

/** A labelled <select> of contests. `emptyLabel` names the "no contest chosen" option. */
export function ContestSelect({
  id,
  label,
  contests,
  defaultValue,
  emptyLabel,
  name = "contest",
  className,
}: {
  id: string;
  label: string;
  contests: ContestOption[];
  defaultValue?: string | null;
  emptyLabel: string;
  name?: string;
  className?: string;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ""}
        className={cn(inputClass, className)}
      >
        <option value="">{emptyLabel}</option>
        {contests.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A GET form that picks a contest for the page (`?contest=`). Works as a plain form without
 * JavaScript; with JavaScript it applies on change. Extra fields (hidden inputs, more filters)
 * go in `children`.
 */
export function ContestPickerForm({
  buttonLabel = "Show",
  autoSubmit = true,
  children,
  ...select
}: React.ComponentProps<typeof ContestSelect> & {
  buttonLabel?: string;
  autoSubmit?: boolean;
  children?: React.ReactNode;
}) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      className="flex flex-wrap items-end gap-3"
      onChange={autoSubmit ? (e) => submit(e.currentTarget) : undefined}
    >
      <ContestSelect {...select} />
      {children}
      <Button type="submit" variant="outline">
        {buttonLabel}
      </Button>
    </Form>
  );
}
