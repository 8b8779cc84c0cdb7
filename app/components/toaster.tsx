import { useEffect, useState } from "react";
import { cn } from "./ui/cn";

export type ToastData = {
  id: string;
  type: "success" | "error" | "warning" | "info";
  title: string;
  description?: string;
};

const styles = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-950",
  error: "border-red-300 bg-red-50 text-red-950",
  warning: "border-amber-300 bg-amber-50 text-amber-950",
  info: "border-ink-200 bg-white text-slate-900",
} as const;
const icons = { success: "✓", error: "!", warning: "!", info: "i" } as const;

/**
 * A flash-cookie toast, rendered by the server so it shows with JavaScript off. It floats over
 * the page (it never pushes the page down) and stays until the reader dismisses it or leaves the
 * page (docs/decisions/0014-navigation-focus-and-toasts.md). Without JavaScript, Dismiss is a
 * label for a visually hidden checkbox that hides the toast with CSS; with JavaScript it is a button.
 */
export function Toaster({ toast }: { toast: ToastData | null }) {
  const [hiddenId, setHiddenId] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!toast || hiddenId === toast.id) return null;
  const dismissId = `dismiss-${toast.id}`;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-3 sm:justify-end sm:p-4">
      {hydrated ? null : (
        <input
          id={dismissId}
          type="checkbox"
          className="peer sr-only"
          aria-label="Dismiss notification"
        />
      )}
      <div
        role={toast.type === "error" || toast.type === "warning" ? "alert" : "status"}
        data-testid="toast"
        className={cn(
          "pointer-events-auto flex w-full max-w-sm gap-3 rounded-lg border p-4 shadow-lg peer-checked:hidden",
          styles[toast.type],
        )}
      >
        <span
          aria-hidden
          className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border text-xs font-bold"
        >
          {icons[toast.type]}
        </span>
        <div className="min-w-0 flex-1 break-words">
          <p className="font-semibold">{toast.title}</p>
          {toast.description ? <p className="text-base">{toast.description}</p> : null}
        </div>
        {hydrated ? (
          <button
            type="button"
            className="self-start text-base underline"
            onClick={() => setHiddenId(toast.id)}
          >
            Dismiss<span className="sr-only"> notification</span>
          </button>
        ) : (
          <label htmlFor={dismissId} className="cursor-pointer self-start text-base underline">
            Dismiss<span className="sr-only"> notification</span>
          </label>
        )}
      </div>
    </div>
  );
}
