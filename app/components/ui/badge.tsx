import { cn } from "./cn";

const variants = {
  default: "bg-ink-600 text-white",
  secondary: "bg-slate-200 text-slate-800",
  destructive: "bg-red-700 text-white",
  outline: "border border-slate-300 text-slate-700",
  success: "bg-emerald-700 text-white",
} as const;
export type BadgeVariant = keyof typeof variants;

export function Badge({
  variant = "default",
  className,
  ...props
}: React.HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
