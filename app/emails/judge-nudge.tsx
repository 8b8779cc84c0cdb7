import { Text } from "@react-email/text";
import { EmailButton } from "./email-button";
import { EmailLayout } from "./layout";

export const judgeNudgeSubject = (count: number, contestTitle: string) =>
  `${count} ${count === 1 ? "entry" : "entries"} still waiting for you in ${contestTitle}`;

/**
 * "Nudge" on /admin/assign: an admin reminds one judge of their unscored entries in one contest,
 * at most once a day (docs/decisions/0033-judging-panel.md). Only the count, never a title.
 */
export function JudgeNudgeEmail({
  name,
  contestTitle,
  count,
  dueAt,
  url,
}: {
  name: string;
  contestTitle: string;
  count: number;
  dueAt: string;
  url: string;
}) {
  const subject = judgeNudgeSubject(count, contestTitle);
  return (
    <EmailLayout preview={subject} heading="A friendly reminder">
      <Text>Hello {name},</Text>
      <Text>
        You still have {count} {count === 1 ? "entry" : "entries"} to score in {contestTitle}.
        Judging closes {dueAt}.
      </Text>
      <EmailButton href={url}>Open your review queue</EmailButton>
    </EmailLayout>
  );
}
