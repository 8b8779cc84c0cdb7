import { forwardRef } from "react";
import { Link, type LinkProps } from "@remix-run/react";
import { cn } from "./cn";

const variants = {
  default: "bg-ink-600 text-white hover:bg-ink-700",
  secondary: "bg-ink-100 text-ink-900 hover:bg-ink-200",
  outline: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
  destructive: "bg-red-700 text-white hover:bg-red-800",
  ghost: "text-slate-700 hover:bg-slate-100",
  link: "text-ink-600 underline-offset-4 hover:underline",
} as const;
// A minimum height, not a fixed one: a long label (a file name) wraps inside the button on a
// phone instead of spilling out of it (docs/decisions/0027-narrow-screens.md).
const sizes = {
  sm: "min-h-8 px-3 py-1 text-sm",
  md: "min-h-10 px-4 py-2",
  lg: "min-h-12 px-6 py-2 text-lg",
} as const;

export type ButtonVariant = keyof typeof variants;
type Style = { variant?: ButtonVariant; size?: keyof typeof sizes };

export function buttonClass({ variant = "default", size = "md" }: Style = {}, extra?: string) {
  return cn(
    "inline-flex max-w-full items-center justify-center gap-2 rounded-md text-center font-medium transition-colors disabled:pointer-events-none disabled:opacity-50",
    variants[variant],
    sizes[size],
    extra,
  );
}

export const Button = forwardRef<
  HTMLButtonElement,
  React.ButtonHTMLAttributes<HTMLButtonElement> & Style
>(function Button({ variant, size, className, type = "button", ...props }, ref) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClass({ variant, size }, className)}
      {...props}
    />
  );
});

export function ButtonLink({ variant, size, className, ...props }: LinkProps & Style) {
  return <Link className={buttonClass({ variant, size }, className)} {...props} />;
}
