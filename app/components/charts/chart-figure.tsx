/**
 * The frame every chart shares (docs/decisions/0057-charts.md): a `<figure>` whose caption names
 * the chart, an SVG drawn on the server (`role="img"`, named by the caption's title and a short
 * summary of what it shows), and the same figures as a real table in a `<details>` that opens
 * without JavaScript. The SVG scales with its viewBox to the width it is given (320 px and up),
 * its text drawn at 12–13 units in a 360-unit-wide box.
 */
import { useId, type ReactNode } from "react";
import { cn } from "~/components/ui/cn";

/** The width, in SVG units, every chart is drawn in: 1 unit ≈ 1 px at 360 px wide. */
export const CHART_WIDTH = 360;

/** A page-unique id usable in `url(#…)` references (React's ids carry colons). */
export function useChartId(): string {
  return `chart-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
}

export function ChartFigure({
  title,
  summary,
  height,
  legend,
  table,
  className,
  children,
}: {
  title: string;
  /** One or two sentences: what the picture shows, for a screen reader and for everyone. */
  summary: string;
  /** The viewBox's height in SVG units (its width is CHART_WIDTH). */
  height: number;
  /** What each mark means, in words beside its swatch (colour is never the only signal). */
  legend?: ReactNode;
  /** The table of the same figures, shown under "Show the figures as a table". */
  table: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = useChartId();
  return (
    <figure className={cn("space-y-2 rounded-lg border border-slate-200 bg-white p-3", className)}>
      <figcaption className="space-y-1">
        <span id={`${id}-title`} className="block font-semibold text-slate-900">
          {title}
        </span>
        <span id={`${id}-summary`} className="block text-sm text-slate-700">
          {summary}
        </span>
      </figcaption>
      {legend ? (
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">{legend}</div>
      ) : null}
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-summary`}
        viewBox={`0 0 ${CHART_WIDTH} ${height}`}
        width="100%"
        className="h-auto max-w-2xl text-slate-800"
        fontFamily="inherit"
      >
        {children}
      </svg>
      <details className="text-sm">
        <summary className="cursor-pointer text-ink-700 underline">
          Show the figures as a table
        </summary>
        <div className="mt-2 overflow-x-auto">{table}</div>
      </details>
    </figure>
  );
}

/** A table behind a chart: header cells scoped, numbers aligned right. */
export function ChartTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  /** Each row: its header cell (a name, isolated with `<bdi>`) and its figures. */
  rows: { key: string; name: ReactNode; cells: (string | number)[] }[];
}) {
  return (
    <table className="min-w-full border-collapse text-left">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {head.map((h, i) => (
            <th
              key={h}
              scope="col"
              className={cn(
                "border-b border-slate-300 px-2 py-1 font-semibold",
                i > 0 && "text-right",
              )}
            >
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className="border-b border-slate-100">
            <th scope="row" className="px-2 py-1 font-normal">
              {r.name}
            </th>
            {r.cells.map((c, i) => (
              <td key={i} className="px-2 py-1 text-right tabular-nums">
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A legend's swatch: a small square drawn as its mark is, with the words beside it. */
export function Swatch({ children, label }: { children: ReactNode; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14">
        {children}
      </svg>
      {label}
    </span>
  );
}

/** A round number at or above `max` for an axis's end (1, 2, 5 × 10ⁿ), and its tick step. */
export function niceScale(max: number, ticks = 4): { max: number; step: number } {
  if (!(max > 0)) return { max: 1, step: 1 };
  const raw = max / ticks;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * mag >= raw) ?? 10) * mag;
  return { max: Math.ceil(max / step) * step, step };
}

/** A figure as the tables and labels say it: whole, or with at most one decimal. */
export function figure(n: number): string {
  return Number.isInteger(n) ? String(n) : (Math.round(n * 10) / 10).toFixed(1);
}

/** A name cut to fit a chart's line (the table says it whole). */
export function clip(name: string, max: number): string {
  const chars = [...name];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : name;
}
