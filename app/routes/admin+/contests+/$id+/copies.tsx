/**
 * /admin/contests/:id/copies: a contest's possible copies (docs/decisions/0054-copied-entries.md).
 * Each pair found by the check (near-identical texts, or a long shared passage), open ones first;
 * `?pair=<id>` shows one pair side by side with the shared passages marked, to clear it or
 * disqualify one of its entries with a note. "Check the whole contest" runs the check again in
 * the background. Admins only; judges never reach any of this.
 */
import { parseWithZod } from "@conform-to/zod";
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ContestPageHeading } from "~/components/contests/contest-library";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { TextareaField } from "~/components/ui/field";
import { requireAdmin } from "~/features/accounts/auth.server";
import {
  contestCopyPairs,
  contestTimeZone,
  copyPairDetail,
  decideCopyPair,
  requestContestCheck,
} from "~/features/originality/pairs.server";
import { answerRefusal } from "~/utils/action.server";
import { formatDateTime } from "~/utils/dates";
import { DomainError } from "~/utils/domain-error";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";
import { contestOrRedirect } from "../../admin-library.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Possible copies · ${data?.contest.title ?? "Contest"} · Admin · Inkwell` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const contest = await contestOrRedirect(params.id);
  const pairId = new URL(request.url).searchParams.get("pair");
  const [pairs, detail, timeZone] = await Promise.all([
    contestCopyPairs(contest.id),
    pairId ? copyPairDetail(contest.id, pairId) : null,
    contestTimeZone(contest.id),
  ]);
  return {
    contest,
    pairs: pairs.map((p) => ({
      ...p,
      foundAt: formatDateTime(p.foundAt, timeZone),
      decidedAt: p.decidedAt ? formatDateTime(p.decidedAt, timeZone) : null,
    })),
    detail,
  };
}

const NOTE = z
  .string()
  .trim()
  .max(1000, "Keep the note under 1,000 characters.")
  .optional()
  .default("");

const copiesSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("check") }),
  z.object({ intent: z.literal("clear"), pairId: z.string().min(1), note: NOTE }),
  z.object({
    intent: z.literal("disqualify"),
    pairId: z.string().min(1),
    entryId: z.string({ required_error: "Choose which entry to disqualify." }).min(1),
    note: NOTE,
  }),
]);

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const contest = await contestOrRedirect(params.id);
  const here = `/admin/contests/${contest.id}/copies`;
  const submission = parseWithZod(await readForm(request), { schema: copiesSchema });
  if (submission.status !== "success") {
    const message =
      Object.values(submission.error ?? {})
        .flat()
        .find(Boolean) ?? "That form could not be read. Please try again.";
    const pairId = submission.payload.pairId;
    return answerRefusal(new DomainError(message), {
      redirectTo:
        typeof pairId === "string" && pairId ? `${here}?pair=${encodeURIComponent(pairId)}` : here,
    });
  }
  const value = submission.value;
  if (value.intent === "check") {
    await requestContestCheck(contest.id);
    return redirectWithToast(here, {
      type: "success",
      title: "Check started",
      description: "Every entry is being compared again. New pairs appear here when it is done.",
    });
  }
  try {
    const done = await decideCopyPair({
      contestId: contest.id,
      pairId: value.pairId,
      adminId: admin.id,
      decision: value.intent,
      entryId: value.intent === "disqualify" ? value.entryId : undefined,
      note: value.note,
    });
    if (!done) throw new DomainError("That pair is not one of this contest's.");
  } catch (error) {
    return answerRefusal(error, { redirectTo: `${here}?pair=${encodeURIComponent(value.pairId)}` });
  }
  return redirectWithToast(here, {
    type: "success",
    title: value.intent === "clear" ? "Pair cleared" : "Entry disqualified",
    ...(value.intent === "disqualify"
      ? { description: "The writer is told kindly, by e-mail and on their dashboard." }
      : {}),
  });
}

const KIND_LABEL: Record<string, string> = {
  "near-identical": "Near-identical",
  "shared-passage": "Shared passage",
};
const STATUS_LABEL: Record<string, string> = {
  open: "To decide",
  cleared: "Cleared",
  disqualified: "Disqualified",
};

export default function ContestCopies() {
  const { contest, pairs, detail } = useLoaderData<typeof loader>();
  const open = pairs.filter((p) => p.status === "open").length;
  const shown = detail ? pairs.find((p) => p.id === detail.id) : undefined;
  return (
    <div className="space-y-6">
      <ContestPageHeading contest={contest} title="Possible copies" />
      <p className="max-w-prose text-slate-700">
        Entries whose texts are near-identical, or share a long passage, with each other or with an
        earlier contest&rsquo;s entries that are still kept. This is text that is the same, not a
        guess about who wrote it: read both and decide. Judges never see this page.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <p aria-live="polite">
          {pairs.length === 0
            ? "No possible copies found."
            : `${pairs.length} ${pairs.length === 1 ? "pair" : "pairs"}, ${open} to decide.`}
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="check" />
          <Button type="submit" variant="outline">
            Check the whole contest again
          </Button>
        </Form>
        <Link to={`/admin/submissions?contest=${contest.id}`} className="underline">
          Submissions of this contest
        </Link>
      </div>

      {detail && shown ? <PairDetail pair={shown} detail={detail} contestId={contest.id} /> : null}

      {pairs.length ? (
        <ul className="space-y-3" aria-label="Possible copies">
          {pairs.map((p) => (
            <li key={p.id} className="rounded border border-slate-300 p-3">
              <p className="flex flex-wrap items-center gap-2">
                <Badge variant={p.status === "open" ? "destructive" : "secondary"}>
                  {STATUS_LABEL[p.status] ?? p.status}
                </Badge>
                <strong>{KIND_LABEL[p.kind] ?? p.kind}</strong>
                <span>
                  {Math.round(p.resemblance * 100)}% alike, {p.sharedWords} words shared
                </span>
              </p>
              <p className="mt-1">
                <EntryLine entry={p.entryA} contestId={contest.id} /> and{" "}
                <EntryLine entry={p.entryB} contestId={contest.id} />
              </p>
              {p.decidedAt ? (
                <p className="text-sm text-slate-700">
                  Decided {p.decidedAt}
                  {p.decidedBy ? (
                    <>
                      {" "}
                      by <bdi>{p.decidedBy.displayName}</bdi>
                    </>
                  ) : null}
                  {p.note ? `: ${p.note}` : ""}
                </p>
              ) : null}
              <Link
                to={`?pair=${p.id}`}
                className="text-ink-700 underline"
                aria-label={`Compare “${p.entryA.title}” and “${p.entryB.title}”`}
              >
                Compare side by side
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

type Entry = {
  id: string;
  title: string;
  status: string;
  contestId: string;
  contestTitle: string;
  writer: string;
};

function EntryLine({ entry, contestId }: { entry: Entry; contestId: string }) {
  return (
    <span>
      <Link to={`/admin/submissions/${entry.id}`} className="underline">
        “{entry.title}”
      </Link>{" "}
      by <bdi>{entry.writer}</bdi> ({entry.status}
      {entry.contestId !== contestId ? (
        <>
          , in <bdi>{entry.contestTitle}</bdi>
        </>
      ) : null}
      )
    </span>
  );
}

type Detail = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["detail"]>;
type Pair = ReturnType<typeof useLoaderData<typeof loader>>["pairs"][number];

function PairDetail({
  pair,
  detail,
  contestId,
}: {
  pair: Pair;
  detail: Detail;
  contestId: string;
}) {
  const entries = [
    { entry: pair.entryA, side: detail.a },
    { entry: pair.entryB, side: detail.b },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span tabIndex={-1} id="pair-heading">
            {KIND_LABEL[pair.kind] ?? pair.kind}: {Math.round(pair.resemblance * 100)}% alike
          </span>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-slate-700">
          Shared passages are <mark className="bg-yellow-200 underline">marked and underlined</mark>{" "}
          and start with ▶.{" "}
          {detail.passages.length
            ? `Longest shared passages: ${detail.passages.slice(0, 5).join(", ")} words.`
            : null}
        </p>
        <div className="grid gap-4 md:grid-cols-2">
          {entries.map(({ entry, side }) => (
            <section key={entry.id} aria-label={`“${entry.title}”`} className="min-w-0">
              <h2 className="font-semibold">
                <EntryLine entry={entry} contestId={contestId} />
              </h2>
              {side.removed ? (
                <p className="text-slate-700">
                  Its story text was removed by the retention policy.
                </p>
              ) : (
                <div className="mt-2 max-h-[32rem] overflow-auto whitespace-pre-wrap rounded border border-slate-200 p-3 font-serif">
                  {side.pieces.map((piece, i) =>
                    piece.shared ? (
                      <mark key={i} className="bg-yellow-200 underline">
                        <span aria-hidden="true">▶</span>
                        <span className="sr-only">[shared passage] </span>
                        {piece.text}
                        <span className="sr-only"> [end of shared passage]</span>
                      </mark>
                    ) : (
                      <span key={i}>{piece.text}</span>
                    ),
                  )}
                </div>
              )}
            </section>
          ))}
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="clear" />
            <input type="hidden" name="pairId" value={pair.id} />
            <TextareaField label="Note (for admins)" name="note" rows={2} maxLength={1000} />
            <Button type="submit" variant="outline">
              Clear: not a copy
            </Button>
          </Form>
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="disqualify" />
            <input type="hidden" name="pairId" value={pair.id} />
            <fieldset>
              <legend className="font-medium">Entry to disqualify</legend>
              {entries.map(({ entry }) => (
                <label key={entry.id} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="entryId"
                    value={entry.id}
                    required
                    disabled={entry.status !== "submitted"}
                  />
                  “{entry.title}” by <bdi>{entry.writer}</bdi>
                  {entry.status !== "submitted" ? ` (${entry.status})` : ""}
                </label>
              ))}
            </fieldset>
            <TextareaField
              label="Note (for admins)"
              name="note"
              rows={2}
              maxLength={1000}
              hint="The writer gets a kind, plain message; it never names the other entry."
            />
            <Button type="submit" variant="destructive">
              Disqualify the chosen entry
            </Button>
          </Form>
        </div>
      </CardContent>
    </Card>
  );
}
