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
 * Flash-cookie toasts are rendered by the server, so they show with JavaScript off; with
 * JavaScript they also dismiss themselves.
 */
export function Toaster({ toast }: { toast: ToastData | null }) {
  const [hiddenId, setHiddenId] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!toast || toast.type === "error") return;
    const t = setTimeout(() => setHiddenId(toast.id), 7000);
    return () => clearTimeout(t);
  }, [toast]);
  if (!toast || hiddenId === toast.id) return null;
  return (
    // In the page flow (not floating), so without JavaScript it never covers what is under it.
    <div className="mx-auto flex w-full max-w-6xl justify-end px-4 pt-4">
      <div
        role={toast.type === "error" || toast.type === "warning" ? "alert" : "status"}
        data-testid="toast"
        className={cn(
          "flex w-full max-w-md gap-3 rounded-lg border p-4 shadow-lg",
          styles[toast.type],
        )}
      >
        <span
          aria-hidden
          className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border text-xs font-bold"
        >
          {icons[toast.type]}
        </span>
        <div className="flex-1">
          <p className="font-semibold">{toast.title}</p>
          {toast.description ? <p className="text-sm">{toast.description}</p> : null}
        </div>
        {hydrated ? (
          <button
            type="button"
            className="self-start text-sm underline"
            onClick={() => setHiddenId(toast.id)}
          >
            Dismiss<span className="sr-only"> notification</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}
