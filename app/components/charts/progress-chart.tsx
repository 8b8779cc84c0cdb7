/**
 * Judging progress per judge and per round (docs/decisions/0057-charts.md): one horizontal bar a
 * judge and round, as long as their assignments (the longest load fills the width); solid for
 * scored, hatched for overdue, outlined for the rest still to score. Every bar says its figures
 * in words ("8 of 12 scored · 4 overdue"), so neither colour nor pattern is the only signal.
 */
import { ChartFigure, ChartTable, clip, Swatch, useChartId } from "./chart-figure";

export type ProgressBar = {
  judgeId: string;
  name: string;
  round: number;
  roundName: string;
  assigned: number;
  scored: number;
  overdue: number;
};

const ROUND_H = 24;
const ROW_H = 42;
const BAR_W = 150;
const BAR_H = 14;

/** The words beside a bar. */
export function progressWords(r: Pick<ProgressBar, "assigned" | "scored" | "overdue">): string {
  const head = `${r.scored} of ${r.assigned} scored`;
  return r.overdue ? `${head} · ${r.overdue} overdue` : head;
}

export function progressSummary(rows: ProgressBar[]): string {
  if (rows.length === 0) return "No judge has assignments yet.";
  const assigned = rows.reduce((n, r) => n + r.assigned, 0);
  const scored = rows.reduce((n, r) => n + r.scored, 0);
  const late = rows.filter((r) => r.overdue > 0);
  const judges = new Set(rows.map((r) => r.judgeId)).size;
  const head = `${scored} of ${assigned} assignments scored by ${judges} ${judges === 1 ? "judge" : "judges"}.`;
  if (late.length === 0) return `${head} Nothing is overdue.`;
  const names = [...new Set(late.map((r) => r.name))];
  const overdue = late.reduce((n, r) => n + r.overdue, 0);
  return `${head} ${overdue} overdue, with ${names.join(", ")}.`;
}

export function ProgressChart({
  rows,
  title = "Judging progress",
}: {
  rows: ProgressBar[];
  title?: string;
}) {
  const id = useChartId();
  const hatch = `${id}-overdue`;
  const max = Math.max(1, ...rows.map((r) => r.assigned));
  const rounds = [...new Set(rows.map((r) => r.round))];
  let y = 0;
  const marks: React.ReactNode[] = [];
  for (const round of rounds) {
    const inRound = rows.filter((r) => r.round === round);
    marks.push(
      <text
        key={`round-${round}`}
        x={0}
        y={y + 16}
        fontSize={13}
        fontWeight={600}
        fill="currentColor"
      >
        {clip(inRound[0]!.roundName, 40)}
      </text>,
    );
    y += ROUND_H;
    for (const r of inRound) {
      const scale = (n: number) => (n / max) * BAR_W;
      const top = y + 20;
      const unscoredW = scale(r.assigned - r.scored);
      const overdueW = scale(r.overdue);
      marks.push(
        <g key={`${round}-${r.judgeId}`}>
          <text x={0} y={y + 14} fontSize={13} fill="currentColor" unicodeBidi="isolate">
            {clip(r.name, 40)}
          </text>
          {r.assigned > r.scored ? (
            <rect
              x={scale(r.scored) + 0.5}
              y={top + 0.5}
              width={Math.max(0, unscoredW - 1)}
              height={BAR_H - 1}
              className="fill-white stroke-slate-500"
            />
          ) : null}
          {r.scored > 0 ? (
            <rect x={0} y={top} width={scale(r.scored)} height={BAR_H} className="fill-ink-600" />
          ) : null}
          {r.overdue > 0 ? (
            <rect
              x={scale(r.scored) + 0.5}
              y={top + 0.5}
              width={Math.max(0, overdueW - 1)}
              height={BAR_H - 1}
              fill={`url(#${hatch})`}
              className="stroke-red-700"
            />
          ) : null}
          <text
            x={BAR_W + 6}
            y={top + 11}
            fontSize={12}
            fontWeight={r.overdue ? 600 : 400}
            fill="currentColor"
          >
            {progressWords(r)}
          </text>
        </g>,
      );
      y += ROW_H;
    }
  }
  return (
    <ChartFigure
      title={title}
      summary={progressSummary(rows)}
      height={Math.max(ROW_H, y)}
      legend={
        <>
          <Swatch label="Scored">
            <rect x={1} y={1} width={12} height={12} className="fill-ink-600" />
          </Swatch>
          <Swatch label="Overdue (hatched)">
            <HatchPattern id={`${hatch}-key`} />
            <rect
              x={1.5}
              y={1.5}
              width={11}
              height={11}
              fill={`url(#${hatch}-key)`}
              className="stroke-red-700"
            />
          </Swatch>
          <Swatch label="Still to score (outlined)">
            <rect x={1.5} y={1.5} width={11} height={11} className="fill-white stroke-slate-500" />
          </Swatch>
        </>
      }
      table={
        <ChartTable
          caption={title}
          head={["Judge", "Round", "Assigned", "Scored", "Overdue"]}
          rows={rows.map((r) => ({
            key: `${r.round}-${r.judgeId}`,
            name: <bdi>{r.name}</bdi>,
            cells: [r.roundName, r.assigned, r.scored, r.overdue],
          }))}
        />
      }
    >
      <HatchPattern id={hatch} />
      {marks}
    </ChartFigure>
  );
}

/** Diagonal red lines on white: the overdue part of a bar. */
function HatchPattern({ id }: { id: string }) {
  return (
    <defs>
      <pattern
        id={id}
        width={6}
        height={6}
        patternUnits="userSpaceOnUse"
        patternTransform="rotate(45)"
      >
        <rect width={6} height={6} className="fill-white" />
        <line x1={0} y1={0} x2={0} y2={6} strokeWidth={3} className="stroke-red-700" />
      </pattern>
    </defs>
  );
}
