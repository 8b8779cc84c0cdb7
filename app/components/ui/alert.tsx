import { cn } from "./cn";

const variants = {
  info: "border-ink-200 bg-ink-50 text-ink-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
  destructive: "border-red-300 bg-red-50 text-red-900",
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
} as const;

export function Alert({
  variant = "info",
  title,
  children,
  className,
  role,
}: {
  variant?: keyof typeof variants;
  title?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
  role?: "alert" | "status";
}) {
  return (
    <div
      role={role ?? (variant === "destructive" ? "alert" : "status")}
      className={cn("rounded-md border p-4", variants[variant], className)}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className="mt-1 text-base">{children}</div> : null}
    </div>
  );
}
