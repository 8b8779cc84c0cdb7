import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { cn } from "./cn";

/** A column heading; a string gets the default cell padding, an object can set its own classes. */
export type DataTableColumn = string | { label: string; className: string };

type CellProps = { children?: ReactNode; colSpan?: number; className?: string };
type RowProps = { children?: ReactNode };

/**
 * Gives each cell of a row its column's name (`data-label`): on phones, where every row is a card
 * of "label: value" lines, the stylesheet shows it before the value (docs/decisions/0027-narrow-screens.md).
 * It is generated content with empty alternative text, so screen readers hear the real column
 * header once, and the cell's text stays its value. An empty cell is marked, and left out of the card.
 */
function labelRow(row: ReactNode, labels: string[]): ReactNode {
  if (!isValidElement<RowProps>(row) || row.type !== "tr") return row;
  let column = 0;
  const cells = Children.map(row.props.children, (cell) => {
    if (!isValidElement<CellProps>(cell) || (cell.type !== "td" && cell.type !== "th")) return cell;
    const span = cell.props.colSpan ?? 1;
    const label = span === 1 ? labels[column] : undefined;
    column += span;
    const empty = Children.toArray(cell.props.children).length === 0;
    // Explicit roles: a table shown as blocks keeps its table semantics in every browser.
    return cloneElement(cell as ReactElement, {
      role: cell.type === "th" ? "rowheader" : "cell",
      ...(label ? { "data-label": label } : {}),
      ...(empty ? { "data-empty": "" } : {}),
    });
  });
  return cloneElement(row as ReactElement, { role: "row" }, cells);
}

/**
 * The admin list table. From 640 px up it is a table with a header row (scrolling sideways
 * inside its box when it is wider); below, each row is a card of "label: value" lines, so a phone
 * never shows a column one letter wide. The rows (<tr>s, given directly) are the children.
 */
export function DataTable({
  columns,
  className,
  children,
}: {
  columns: (DataTableColumn | null | false)[];
  className?: string;
  children: React.ReactNode;
}) {
  const shown = columns.filter((c): c is DataTableColumn => Boolean(c));
  const labels = shown.map((c) => (typeof c === "string" ? c : c.label));
  return (
    <div className={cn("data-table overflow-x-auto", className)}>
      <table role="table" className="w-full text-left text-sm">
        <thead role="rowgroup" className="border-b border-slate-200 text-slate-600">
          <tr role="row">
            {shown.map((column, i) =>
              typeof column === "string" ? (
                <th key={i} scope="col" role="columnheader" className="py-2 pr-4">
                  {column}
                </th>
              ) : (
                <th key={i} scope="col" role="columnheader" className={column.className}>
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody role="rowgroup">{Children.map(children, (row) => labelRow(row, labels))}</tbody>
      </table>
    </div>
  );
}

/** The dashed "nothing here yet" box shown instead of an empty list; spacing comes from className. */
export function EmptyState({
  className,
  children,
}: {
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <p
      className={cn(
        "rounded-md border border-dashed border-slate-300 text-center text-slate-600",
        className,
      )}
    >
      {children}
    </p>
  );
}
