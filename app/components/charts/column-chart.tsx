/**
 * A column chart drawn on the server (docs/decisions/0057-charts.md): one column per category
 * (a day), a value axis with round ticks, every k-th category named under the axis so the labels
 * never overlap at 320 px, and each column's value written on it when there are few.
 */
import { ChartFigure, ChartTable, CHART_WIDTH, figure, niceScale } from "./chart-figure";

export type Column = { key: string; label: string; tick: string; value: number };

const TOP = 16;
const LEFT = 34;
const RIGHT = 8;
const PLOT = 150;
const BOTTOM = 30;

export function ColumnChart({
  title,
  summary,
  columns,
  categoryName,
  valueName,
}: {
  title: string;
  summary: string;
  columns: Column[];
  /** The table's first column, e.g. "Day". */
  categoryName: string;
  /** The values' name, e.g. "Entries". */
  valueName: string;
}) {
  const { max, step } = niceScale(Math.max(0, ...columns.map((c) => c.value)));
  const width = CHART_WIDTH - LEFT - RIGHT;
  const band = width / Math.max(1, columns.length);
  const every = Math.max(1, Math.ceil(columns.length / 6));
  const y = (v: number) => TOP + PLOT - (v / max) * PLOT;
  const ticks = Array.from({ length: Math.round(max / step) + 1 }, (_, i) => i * step);
  return (
    <ChartFigure
      title={title}
      summary={summary}
      height={TOP + PLOT + BOTTOM}
      table={
        <ChartTable
          caption={title}
          head={[categoryName, valueName]}
          rows={columns.map((c) => ({ key: c.key, name: c.label, cells: [c.value] }))}
        />
      }
    >
      {ticks.map((t) => (
        <g key={t}>
          <line
            x1={LEFT}
            x2={CHART_WIDTH - RIGHT}
            y1={y(t)}
            y2={y(t)}
            className={t === 0 ? "stroke-slate-600" : "stroke-slate-200"}
            strokeWidth={1}
          />
          <text x={LEFT - 4} y={y(t) + 4} textAnchor="end" fontSize={12} fill="currentColor">
            {figure(t)}
          </text>
        </g>
      ))}
      {columns.map((c, i) => {
        const x = LEFT + i * band;
        const w = Math.max(1, band * 0.72);
        return (
          <g key={c.key}>
            {c.value > 0 ? (
              <rect
                x={x + (band - w) / 2}
                y={y(c.value)}
                width={w}
                height={y(0) - y(c.value)}
                className="fill-ink-600"
              />
            ) : null}
            {columns.length <= 14 && c.value > 0 ? (
              <text
                x={x + band / 2}
                y={y(c.value) - 3}
                textAnchor="middle"
                fontSize={11}
                fill="currentColor"
              >
                {c.value}
              </text>
            ) : null}
            {i % every === 0 ? (
              <text
                x={x + band / 2}
                y={TOP + PLOT + 18}
                textAnchor="middle"
                fontSize={12}
                fill="currentColor"
              >
                {c.tick}
              </text>
            ) : null}
          </g>
        );
      })}
    </ChartFigure>
  );
}
