/**
 * The spread of each judge's totals beside the panel's (docs/decisions/0057-charts.md): a box
 * plot a row (the line from lowest to highest, the box from the lower to the upper quartile, a
 * bar at the median, a dot at the mean), the panel's first, and the panel's middle half drawn as
 * a band behind every judge, so a judge whose box sits left or right of it (harsher or more
 * lenient) stands out. The words "scores lower/higher" say the same beside the judge's name.
 */
import { type Leaning, leaningLabel, type TotalsSpread } from "~/features/judging/totals-spread";
import {
  ChartFigure,
  ChartTable,
  CHART_WIDTH,
  clip,
  figure,
  niceScale,
  Swatch,
} from "./chart-figure";

export type SpreadRow = TotalsSpread & { judgeId: string; name: string; leaning: Leaning };

const LEFT = 8;
const RIGHT = 12;
const ROW_H = 46;
const AXIS_H = 26;
const BOX_H = 14;

export function spreadSummary(panel: TotalsSpread | null, judges: SpreadRow[]): string {
  if (!panel || judges.length === 0) return "No scores have been submitted yet.";
  const head = `${panel.count} ${panel.count === 1 ? "score" : "scores"} by ${judges.length} ${judges.length === 1 ? "judge" : "judges"}; the panel's median total is ${figure(panel.median)}.`;
  const lower = judges.filter((j) => j.leaning === "lower").map((j) => j.name);
  const higher = judges.filter((j) => j.leaning === "higher").map((j) => j.name);
  const parts = [
    lower.length ? `Scoring lower than the panel: ${lower.join(", ")}.` : "",
    higher.length ? `Scoring higher than the panel: ${higher.join(", ")}.` : "",
  ].filter(Boolean);
  return [head, ...(parts.length ? parts : ["Every judge is in line with the panel."])].join(" ");
}

export function SpreadChart({
  panel,
  judges,
  title = "Each judge's totals beside the panel's",
}: {
  panel: TotalsSpread | null;
  judges: SpreadRow[];
  title?: string;
}) {
  const { max, step } = niceScale(panel?.max ?? 1, 5);
  const width = CHART_WIDTH - LEFT - RIGHT;
  const x = (v: number) => LEFT + (Math.max(0, v) / max) * width;
  const rows: { key: string; name: string; note: string; s: TotalsSpread; strong: boolean }[] = [
    ...(panel ? [{ key: "panel", name: "The panel", note: "", s: panel, strong: true }] : []),
    ...judges.map((j) => ({
      key: j.judgeId,
      name: j.name,
      note: j.leaning === "in line" ? "" : j.leaning === "lower" ? "scores lower" : "scores higher",
      s: j as TotalsSpread,
      strong: j.leaning !== "in line",
    })),
  ];
  const plotH = rows.length * ROW_H;
  const ticks = Array.from({ length: Math.round(max / step) + 1 }, (_, i) => i * step);
  return (
    <ChartFigure
      title={title}
      summary={spreadSummary(panel, judges)}
      height={plotH + AXIS_H}
      legend={
        <>
          <Swatch label="Middle half of the totals (box), lowest to highest (line)">
            <line x1={0} x2={14} y1={7} y2={7} className="stroke-slate-600" />
            <rect x={3.5} y={2.5} width={7} height={9} className="fill-white stroke-ink-700" />
          </Swatch>
          <Swatch label="Median (bar)">
            <line x1={7} x2={7} y1={1} y2={13} strokeWidth={3} className="stroke-ink-700" />
          </Swatch>
          <Swatch label="Mean (dot)">
            <circle cx={7} cy={7} r={3.5} className="fill-slate-900" />
          </Swatch>
          {panel ? (
            <Swatch label="The panel's middle half (shaded band)">
              <rect x={1} y={1} width={12} height={12} className="fill-ink-100" />
            </Swatch>
          ) : null}
        </>
      }
      table={
        <ChartTable
          caption={title}
          head={[
            "Judge",
            "Scores",
            "Lowest",
            "Lower quartile",
            "Median",
            "Upper quartile",
            "Highest",
            "Mean",
            "Compared with the panel",
          ]}
          rows={[
            ...(panel ? [{ key: "panel", name: "The panel", cells: [...cells(panel), ""] }] : []),
            ...judges.map((j) => ({
              key: j.judgeId,
              name: <bdi>{j.name}</bdi>,
              cells: [...cells(j), panel ? leaningLabel(j.leaning) : ""],
            })),
          ]}
        />
      }
    >
      {panel ? (
        <rect
          x={x(panel.q1)}
          y={0}
          width={Math.max(1, x(panel.q3) - x(panel.q1))}
          height={plotH}
          className="fill-ink-100"
        />
      ) : null}
      {ticks.map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={0} y2={plotH + 4} className="stroke-slate-200" />
          <text x={x(t)} y={plotH + 18} textAnchor="middle" fontSize={12} fill="currentColor">
            {figure(t)}
          </text>
        </g>
      ))}
      {rows.map((r, i) => {
        const top = i * ROW_H;
        const mid = top + 30;
        return (
          <g key={r.key}>
            <text
              x={LEFT}
              y={top + 14}
              fontSize={13}
              fontWeight={r.strong ? 600 : 400}
              fill="currentColor"
            >
              <tspan unicodeBidi="isolate">{clip(r.name, r.note ? 28 : 40)}</tspan>
              {r.note ? ` — ${r.note}` : ""}
            </text>
            <line
              x1={x(r.s.min)}
              x2={x(r.s.max)}
              y1={mid}
              y2={mid}
              strokeWidth={1.5}
              className="stroke-slate-600"
            />
            <line
              x1={x(r.s.min)}
              x2={x(r.s.min)}
              y1={mid - 5}
              y2={mid + 5}
              strokeWidth={1.5}
              className="stroke-slate-600"
            />
            <line
              x1={x(r.s.max)}
              x2={x(r.s.max)}
              y1={mid - 5}
              y2={mid + 5}
              strokeWidth={1.5}
              className="stroke-slate-600"
            />
            <rect
              x={x(r.s.q1)}
              y={mid - BOX_H / 2}
              width={Math.max(2, x(r.s.q3) - x(r.s.q1))}
              height={BOX_H}
              strokeWidth={1.5}
              className={
                r.key === "panel" ? "fill-ink-200 stroke-ink-700" : "fill-white stroke-ink-700"
              }
            />
            <line
              x1={x(r.s.median)}
              x2={x(r.s.median)}
              y1={mid - BOX_H / 2 - 2}
              y2={mid + BOX_H / 2 + 2}
              strokeWidth={3}
              className="stroke-ink-700"
            />
            <circle cx={x(r.s.mean)} cy={mid} r={3} className="fill-slate-900" />
          </g>
        );
      })}
    </ChartFigure>
  );
}

function cells(s: TotalsSpread): (string | number)[] {
  return [
    s.count,
    figure(s.min),
    figure(s.q1),
    figure(s.median),
    figure(s.q3),
    figure(s.max),
    figure(s.mean),
  ];
}
