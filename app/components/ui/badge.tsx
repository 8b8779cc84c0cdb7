import { cn } from "./cn";

const variants = {
  default: "bg-ink-600 text-white",
  secondary: "bg-slate-200 text-slate-800",
  destructive: "bg-red-700 text-white",
  outline: "border border-slate-300 text-slate-700",
  success: "bg-emerald-700 text-white",
} as const;
export type BadgeVariant = keyof typeof variants;

const BASE = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold";

/** A badge's class, for a long list that writes its `<span>` itself (ADR 0085). */
export const badgeClass = (variant: BadgeVariant) => `${BASE} ${variants[variant]}`;

export function Badge({
  variant = "default",
  className,
  ...props
}: React.HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return <span className={cn(BASE, variants[variant], className)} {...props} />;
}
