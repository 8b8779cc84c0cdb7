import { cn } from "./cn";

/** A column heading; a string gets the default cell padding, an object can set its own classes. */
export type DataTableColumn = string | { label: React.ReactNode; className: string };

/**
 * The admin list table: a horizontally scrollable table with a header row. The rows (<tr>s)
 * are the children.
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
  return (
    <div className={cn("overflow-x-auto", className)}>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            {columns.map((column, i) =>
              !column ? null : typeof column === "string" ? (
                <th key={i} scope="col" className="py-2 pr-4">
                  {column}
                </th>
              ) : (
                <th key={i} scope="col" className={column.className}>
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
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
