import type { LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet } from "@remix-run/react";
import { ErrorPanel } from "~/components/error-panel";
import { cn } from "~/components/ui/cn";
import { requireAdmin } from "~/features/accounts/auth.server";

/** Layout for /admin/*. Each child loader and action checks the admin role itself too. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

/** Site-wide pages only; a contest's pages are in its workspace (docs/decisions/0050-contest-workspace.md). */
const links = [
  ["/admin", "Overview"],
  ["/admin/contests", "Contests"],
  ["/admin/prompts", "Prompts"],
  ["/admin/rubrics", "Rubrics"],
  ["/admin/judges", "Judges"],
  ["/admin/discount-codes", "Codes"],
  ["/admin/educators", "Educators"],
  ["/admin/schools", "Schools"],
  ["/admin/consents", "Consents"],
  ["/admin/invoices", "Invoices"],
  ["/admin/emails", "E-mails"],
  ["/admin/workflows", "Maintenance"],
  ["/admin/health", "Health"],
] as const;

export default function AdminLayout() {
  return (
    <AdminFrame>
      <Outlet />
    </AdminFrame>
  );
}

/** A child's 404 or error renders inside the admin navigation, so the admin can go on. */
export function ErrorBoundary() {
  return (
    <AdminFrame>
      <ErrorPanel backTo="/admin" backLabel="Back to the admin overview" />
    </AdminFrame>
  );
}

function AdminFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <nav aria-label="Admin" className="mb-6 flex flex-wrap gap-1 border-b border-slate-200 pb-2">
        {links.map(([to, label]) => (
          <NavLink
            key={to}
            to={to}
            end={to === "/admin"}
            className={({ isActive }) =>
              cn(
                "rounded-md px-3 py-1.5 text-sm font-medium",
                isActive ? "bg-ink-100 text-ink-900" : "text-slate-700 hover:bg-slate-100",
              )
            }
          >
            {label}
          </NavLink>
        ))}
      </nav>
      {children}
    </div>
  );
}
