import { useId } from "react";
import { cn } from "./cn";

export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-ink-500 disabled:bg-slate-100 aria-[invalid=true]:border-red-700";

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const list = errors?.filter(Boolean);
  if (!list?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-base text-red-700">
      {list.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

type FieldProps = {
  label: React.ReactNode;
  hint?: React.ReactNode;
  errors?: string[] | null;
  className?: string;
};

/** A labelled input with its hint and errors wired through aria-describedby. */
export function Field({
  label,
  hint,
  errors,
  className,
  ...input
}: FieldProps & React.InputHTMLAttributes<HTMLInputElement>) {
  const fallback = useId();
  const id = input.id ?? fallback;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={id} className="block text-base font-medium text-slate-800">
        {label}
      </label>
      <input
        {...input}
        id={id}
        className={inputClass}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
      />
      {hint ? (
        <p id={hintId} className="text-base text-slate-700">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function TextareaField({
  label,
  hint,
  errors,
  className,
  ...input
}: FieldProps & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const fallback = useId();
  const id = input.id ?? fallback;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={id} className="block text-base font-medium text-slate-800">
        {label}
      </label>
      <textarea
        {...input}
        id={id}
        className={inputClass}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
      />
      {hint ? (
        <p id={hintId} className="text-base text-slate-700">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
