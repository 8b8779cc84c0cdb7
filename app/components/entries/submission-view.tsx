import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { statusBadgeVariant, statusLabel } from "~/features/entries/submission-status";
import { DownloadLink } from "~/components/ui/download-link";

/** The submission's status as a badge ("Submitted", "Withdrawn", …). */
export function SubmissionStatusBadge({ status }: { status: string }) {
  return <Badge variant={statusBadgeVariant(status)}>{statusLabel(status)}</Badge>;
}

/** A back link, then the entry's title with its status badge (admin and entrant views of one entry). */
export function SubmissionHeader({
  backTo,
  backLabel,
  title,
  status,
  titleClassName,
}: {
  backTo: string;
  backLabel: string;
  title: string;
  status: string;
  titleClassName?: string;
}) {
  return (
    <>
      <p className="text-sm">
        <Link to={backTo} className="text-ink-700 underline">
          ← {backLabel}
        </Link>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className={cn("font-serif font-bold", titleClassName)}>{title}</h1>
        <SubmissionStatusBadge status={status} />
      </div>
    </>
  );
}

/** A card with the download link of the entry's stored file and its size in KB. */
export function SubmissionFileCard({
  id,
  title,
  fileName,
  fileSize,
}: {
  id: string;
  title: string;
  fileName: string | null;
  fileSize: number | null;
}) {
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <DownloadLink
          href={`/files/submissions/${id}`}
          className="font-medium text-ink-700 underline"
        >
          Download {fileName}
        </DownloadLink>
        {fileSize ? (
          <span className="ml-2 text-sm text-slate-600">
            ({Math.max(1, Math.round(fileSize / 1024))} KB)
          </span>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The entry's text as written (line breaks kept). */
export function StoryText({ children }: { children: React.ReactNode }) {
  return (
    <div className="whitespace-pre-wrap font-serif leading-relaxed text-slate-900">{children}</div>
  );
}
