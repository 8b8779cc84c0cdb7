/**
 * The admin submissions list's data, shared by the site-wide list (/admin/submissions) and a
 * contest workspace's Entries tab (docs/decisions/0050-contest-workspace.md): with `contestId`
 * the list is that contest's, whatever the URL says, and no contest picker is offered.
 */
import { paymentLine } from "~/features/payments/payment-summary";
import { adminWriter } from "~/features/judging/writer";
import { contestOptions } from "~/features/contests/contest-admin.server";
import { contestDivisions } from "~/features/divisions/divisions.server";
import { formatSubmissionDate } from "~/utils/dates";
import { pageParam } from "~/utils/paging";
import {
  adminFilterQuery,
  listAdminSubmissions,
  paymentColumns,
  parseAdminFilter,
  schoolOptions,
} from "./admin-submissions.server";

export async function adminSubmissionsPage(url: URL, scope?: { contestId: string }) {
  const parsed = parseAdminFilter(url);
  const filter = scope
    ? {
        ...parsed,
        contestId: scope.contestId,
        // A division belongs to one contest: read it from the URL even without ?contest=.
        divisionId: parsed.divisionId ?? (url.searchParams.get("division") || null),
      }
    : parsed;
  const [list, contests, schools, divisions] = await Promise.all([
    listAdminSubmissions(filter, pageParam(url)),
    scope ? [] : contestOptions(),
    schoolOptions(),
    // The Division filter, for a chosen contest with divisions (docs/decisions/0032).
    filter.contestId ? contestDivisions(filter.contestId) : [],
  ]);
  return {
    filter,
    scoped: Boolean(scope),
    contests,
    schools,
    divisions: divisions.map((d) => ({ id: d.id, name: d.name })),
    showDivision: divisions.length > 0 || list.submissions.some((s) => s.division),
    exportHref: `/admin/submissions/export.csv${adminFilterQuery(filter)}`,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    submissions: list.submissions.map((s) => ({
      id: s.id,
      title: s.title,
      contest: { slug: s.contest.slug, title: s.contest.title },
      entrant: adminWriter(s).label,
      school: adminWriter(s).school,
      division: s.division?.name ?? "",
      wordCount: s.wordCount,
      status: s.status,
      submitted: formatSubmissionDate(s.createdAt, s.contest.timeZone),
      hasFile: Boolean(s.filePath),
      mentionsEntrant: s.mentionsEntrant,
      payment: s.payment
        ? { line: paymentLine(s.payment), reference: paymentColumns(s.payment).reference }
        : null,
    })),
  };
}

export type AdminSubmissionsPage = Awaited<ReturnType<typeof adminSubmissionsPage>>;
